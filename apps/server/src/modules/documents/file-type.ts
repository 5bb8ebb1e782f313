import type { DocumentMimeType } from '@spotlist/contracts';

/** How many first bytes the type is decided from. */
export const SNIFF_BYTES = 4096;

const ascii = (b: Buffer, start: number, end: number) => b.subarray(start, end).toString('latin1');

/**
 * The file's type from its first bytes (magic numbers), or null when it is none of
 * DOCUMENT_MIME_TYPES. The name and the request's Content-Type never count.
 */
export function sniffType(head: Buffer): DocumentMimeType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (head.length >= 6 && (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a')) return 'image/gif';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'image/webp';
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp' && isAvif(head)) return 'image/avif';
  if (head.length >= 5 && ascii(head, 0, 5) === '%PDF-') return 'application/pdf';
  if (isSvg(head)) return 'image/svg+xml';
  return null;
}

/** An ISO-BMFF `ftyp` box whose major or a compatible brand is avif/avis. */
function isAvif(head: Buffer): boolean {
  const size = head.readUInt32BE(0);
  const end = Math.min(size, head.length);
  if (size < 16) return false;
  for (let at = 8; at + 4 <= end; at += 4) {
    if (at === 12) continue; // minor version
    const brand = ascii(head, at, at + 4);
    if (brand === 'avif' || brand === 'avis') return true;
  }
  return false;
}

/** UTF-8 text whose first element (after an XML declaration, comments and a doctype) is <svg>. */
function isSvg(head: Buffer): boolean {
  if (head.includes(0)) return false;
  let s = head.toString('utf8');
  if (s.charCodeAt(0) === 0xfeff) s = s.slice(1);
  for (;;) {
    s = s.trimStart();
    if (s.startsWith('<?xml')) {
      const end = s.indexOf('?>');
      if (end < 0) return false;
      s = s.slice(end + 2);
    } else if (s.startsWith('<!--')) {
      const end = s.indexOf('-->');
      if (end < 0) return false;
      s = s.slice(end + 3);
    } else if (/^<!doctype\s+svg[\s>]/i.test(s)) {
      const end = s.indexOf('>');
      s = s.slice(end + 1);
    } else break;
  }
  return /^<svg[\s>/]/.test(s);
}

/**
 * Markup that makes a file an HTML (or script) polyglot when it turns up inside an image's bytes,
 * e.g. appended after a JPEG's end. Compressed image data matching one of these by chance is
 * vanishingly unlikely; an image that carries such text in its comments is refused as well.
 */
const MARKUP_RE = /<(?:html|head|body|script|iframe|object|embed|meta|svg|!doctype|\?php)[\s>/]/i;
/** The longest match minus one: carried over between chunks so a marker split across two is found. */
export const MARKUP_OVERLAP = 16;

/** Scans a file's bytes chunk by chunk for MARKUP_RE. */
export function markupScanner(): { push(chunk: Buffer): void; readonly found: boolean } {
  let tail = '';
  let found = false;
  return {
    push(chunk) {
      if (found) return;
      const s = tail + chunk.toString('latin1');
      if (MARKUP_RE.test(s)) found = true;
      tail = s.slice(-MARKUP_OVERLAP);
    },
    get found() {
      return found;
    },
  };
}
