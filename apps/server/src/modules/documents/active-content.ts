import zlib from 'node:zlib';

/**
 * Files that could run code where they are opened are refused at upload (422
 * error.upload.activecontent), not sanitized: a sanitizer that misses one spelling stores the
 * attack, a refusal tells the uploader what to fix. Every file is also served only as a download
 * with a sandboxing CSP (documents.routes.ts), so this is the second line, not the only one.
 */

/**
 * Script in an SVG: a <script> or <foreignObject> (HTML inside), an event attribute or an animation
 * that sets one (or a link), a javascript: or vbscript: URL, an embedded frame or object.
 */
const SVG_ACTIVE_RE = [
  /\battributeName\s*=\s*["']?\s*(?:on|(?:xlink:)?href\b)/i,
  /<\s*script[\s>/]/i,
  /<\s*foreignObject[\s>/]/i,
  /[\s"'/]on[a-z]+\s*=/i,
  /(?:java|vb)script\s*:/i,
  /<\s*(?:iframe|embed|object)[\s>/]/i,
];

const decodeReferences = (text: string) =>
  text
    .replace(/&#x([0-9a-f]{1,6});?/gi, (_, h: string) => String.fromCodePoint(Math.min(parseInt(h, 16), 0x10ffff)))
    .replace(/&#([0-9]{1,7});?/g, (_, d: string) => String.fromCodePoint(Math.min(parseInt(d, 10), 0x10ffff)))
    .replace(
      /&(lt|gt|quot|apos|amp|colon|tab|newline);/gi,
      (_, n: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&', colon: ':', tab: '\t', newline: '\n' })[n.toLowerCase()]!,
    );

/** True when an SVG's text holds script (see SVG_ACTIVE_RE), as sent or with character references decoded; whitespace inside `javascript:` counts too. */
export function svgHasActiveContent(text: string): boolean {
  const decoded = decodeReferences(text);
  const squeezed = decoded.replace(/[\s\u0000]+/g, '');
  return SVG_ACTIVE_RE.some((re) => re.test(text) || re.test(decoded)) || /(?:java|vb)script:/i.test(squeezed);
}

/** PDF names that run something when the file is opened or used: JavaScript, a launched program, embedded media or forms with scripts. */
const PDF_ACTIVE_NAMES = new Set(['JavaScript', 'JS', 'Launch', 'RichMedia', 'XFA']);

/** The PDF names in `text` (`/Name`, with `#xx` escapes decoded; names are case-sensitive). */
function pdfNames(text: string): string[] {
  const names: string[] = [];
  for (const m of text.matchAll(/\/([^\s/<>[\]()%{}]+)/g)) {
    names.push(m[1].replace(/#([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))));
  }
  return names;
}

/** Longest a compressed object stream may inflate to while looking inside it. */
const MAX_INFLATED = 16 * 1024 * 1024;

/**
 * True when a PDF can run JavaScript or a program (`/JavaScript`, `/JS`, `/Launch`, `/RichMedia`,
 * `/XFA`), in its objects or inside its compressed object streams (`/Type /ObjStm`, Flate), where
 * a name may also be spelled with `#xx` escapes.
 */
export function pdfHasActiveContent(bytes: Buffer): boolean {
  const text = bytes.toString('latin1');
  // the objects, not the streams' bytes (images, fonts: any byte run may spell a name there)
  const objects = text.replace(/stream\r?\n[\s\S]*?endstream/g, 'stream endstream');
  if (pdfNames(objects).some((n) => PDF_ACTIVE_NAMES.has(n))) return true;
  // object streams hold objects compressed: look inside the Flate ones
  for (const m of text.matchAll(/stream\r?\n/g)) {
    const dict = text.slice(Math.max(0, m.index - 1000), m.index);
    const open = dict.lastIndexOf('<<');
    const names = pdfNames(open >= 0 ? dict.slice(open) : dict);
    if (!names.includes('ObjStm') || !names.includes('FlateDecode')) continue;
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) continue;
    let inflated: Buffer;
    try {
      inflated = zlib.inflateSync(bytes.subarray(start, end), { maxOutputLength: MAX_INFLATED, finishFlush: zlib.constants.Z_SYNC_FLUSH });
    } catch {
      return true; // an object stream that cannot be read is not accepted unread
    }
    if (pdfNames(inflated.toString('latin1')).some((n) => PDF_ACTIVE_NAMES.has(n))) return true;
  }
  return false;
}
