import { pdfHasActiveContent, svgHasActiveContent } from './active-content.ts';
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { ErrorKey, IMAGE_MIME_TYPES, THUMB_SIZE, type DocumentMimeType } from '@spotlist/contracts';
import { AppError } from '../../lib/app-error.ts';
import { sniffType } from './file-type.ts';
import { sha256File, tempPath, type Received } from './receive.ts';

/** A file ready for the storage. */
export interface OutFile {
  key: string;
  path: string;
  contentType: string;
}

export interface Processed {
  mimeType: DocumentMimeType;
  size: number;
  width: number | null;
  height: number | null;
  sha256: string;
  file: OutFile;
  thumb: OutFile | null;
}

const EXT: Record<DocumentMimeType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
  'image/svg+xml': 'svg',
  'application/pdf': 'pdf',
};

export const isImage = (mime: string): boolean => (IMAGE_MIME_TYPES as readonly string[]).includes(mime);
const newKey = () => crypto.randomBytes(16).toString('hex');

/**
 * The upload pipeline, the same for multipart and resumable uploads: the type from the bytes; raster
 * images refused when they carry markup, do not decode completely or have too many pixels (the
 * header's dimensions are read before anything is decoded, and the decoder is capped as well);
 * then re-encoded with the EXIF orientation applied and all metadata (EXIF, GPS, XMP, comments)
 * dropped, plus a thumbnail of at most THUMB_SIZE px. SVG and PDF are kept byte for byte unless
 * they hold active content (refused); an SVG picture (`requireImage`) gets a PNG thumbnail (svgPicture).
 * The input file stays the caller's; on failure every output is removed.
 */
export async function processUpload(
  input: Received,
  opts: { tmpDir: string; maxPixels: number; requireImage?: boolean },
): Promise<Processed> {
  const type = sniffType(input.head);
  if (!type) throw new AppError(ErrorKey.uploadType, 415);
  await refuseActiveContent(input, type);
  if (opts.requireImage && type === 'image/svg+xml') return svgPicture(input, opts);
  if (opts.requireImage && !isImage(type)) throw new AppError(ErrorKey.uploadNotImage, 415);
  if (!isImage(type)) {
    // Stored as sent (served only as a download with a sandboxing CSP).
    const out = await tempPath(opts.tmpDir, 'out');
    await fsp.copyFile(input.path, out);
    return {
      mimeType: type,
      size: input.size,
      width: null,
      height: null,
      sha256: input.sha256,
      file: { key: `${newKey()}.${EXT[type]}`, path: out, contentType: type },
      thumb: null,
    };
  }
  if (input.markup) throw new AppError(ErrorKey.uploadCorrupt, 422);

  let meta: Metadata;
  try {
    // Header only: nothing is decoded yet.
    meta = await sharp(input.path, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError(ErrorKey.uploadCorrupt, 422);
  }
  const frameHeight = meta.pageHeight ?? meta.height ?? 0;
  const pages = meta.pages ?? 1;
  if (!meta.width || !frameHeight) throw new AppError(ErrorKey.uploadCorrupt, 422);
  if (meta.width * frameHeight > opts.maxPixels || meta.width * frameHeight * pages > opts.maxPixels * 4) {
    throw new AppError(ErrorKey.uploadPixels, 422);
  }

  const animated = type === 'image/gif' || (type === 'image/webp' && pages > 1);
  const outType: DocumentMimeType = type === 'image/avif' ? 'image/webp' : type;
  const outPath = await tempPath(opts.tmpDir, 'out');
  const thumbPath = await tempPath(opts.tmpDir, 'out');
  try {
    let img = sharp(input.path, { limitInputPixels: opts.maxPixels, failOn: 'warning', animated });
    if (!animated) img = img.rotate(); // EXIF orientation applied; metadata is not copied to the output
    if (outType === 'image/jpeg') img = img.jpeg({ quality: 90 });
    else if (outType === 'image/png') img = img.png();
    else if (outType === 'image/webp') img = img.webp({ quality: 90 });
    else img = img.gif();
    let info: OutputInfo;
    try {
      info = await img.toFile(outPath);
    } catch (err) {
      if (/pixel limit/i.test((err as Error).message)) throw new AppError(ErrorKey.uploadPixels, 422);
      throw new AppError(ErrorKey.uploadCorrupt, 422);
    }
    const thumbInfo = await sharp(outPath)
      .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
      .toFormat(info.channels === 4 ? 'png' : 'jpeg', { quality: 85 })
      .toFile(thumbPath);
    const size = (await fsp.stat(outPath)).size;
    const height = animated ? (info.pageHeight ?? info.height) : info.height;
    return {
      mimeType: outType,
      size,
      width: info.width,
      height,
      sha256: await sha256File(outPath),
      file: { key: `${newKey()}.${EXT[outType]}`, path: outPath, contentType: outType },
      thumb: {
        key: `${newKey()}-thumb.${thumbInfo.format === 'png' ? 'png' : 'jpg'}`,
        path: thumbPath,
        contentType: thumbInfo.format === 'png' ? 'image/png' : 'image/jpeg',
      },
    };
  } catch (err) {
    await fsp.rm(outPath, { force: true });
    await fsp.rm(thumbPath, { force: true });
    throw err;
  }
}

/**
 * An SVG with script or references outside itself, a PDF that can run JavaScript or a program:
 * refused for every upload, document or picture (422 error.upload.activecontent, active-content.ts).
 */
async function refuseActiveContent(input: Received, type: DocumentMimeType): Promise<void> {
  if (type === 'image/svg+xml') {
    const text = await fsp.readFile(input.path, 'utf8');
    if (svgHasActiveContent(text) || svgReferencesExternal(text)) throw new AppError(ErrorKey.uploadActiveContent, 422);
  } else if (type === 'application/pdf') {
    if (pdfHasActiveContent(await fsp.readFile(input.path))) throw new AppError(ErrorKey.uploadActiveContent, 422);
  }
}

/**
 * What an SVG may not contain: a link (`href`, `xlink:href`, `<?xml-stylesheet href>`) to
 * anything but a fragment (`#id`) or a raster `data:` image — http(s), `file:`, `//host`, relative
 * paths and `data:` SVGs alike; a CSS `url(…)` of anything but those; `@import`; an entity
 * declaration (external entities); CSS escapes (which could spell either of them). Checked on the
 * whole file, case-insensitively, as sent and with character references (`&#104;`) decoded.
 */
const INTERNAL = String.raw`(?:#|data:image/(?:png|jpe?g|gif|webp)[;,])`;
const SVG_EXTERNAL_RE = [
  new RegExp(String.raw`\bhref\s*=\s*(?!["']\s*${INTERNAL})["']`, 'i'),
  new RegExp(String.raw`\burl\(\s*(?!["']?\s*${INTERNAL})`, 'i'),
  /@import/i,
  /<!entity/i,
  /\\[0-9a-f]/i,
];

const decodeReferences = (text: string) =>
  text
    .replace(/&#x([0-9a-f]{1,6});/gi, (_, h: string) => String.fromCodePoint(Math.min(parseInt(h, 16), 0x10ffff)))
    .replace(/&#([0-9]{1,7});/g, (_, d: string) => String.fromCodePoint(Math.min(parseInt(d, 10), 0x10ffff)))
    .replace(/&(lt|gt|quot|apos|amp);/g, (_, n: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[n]!);

/** True when an SVG's text references anything outside itself (see SVG_EXTERNAL_RE). */
export function svgReferencesExternal(text: string): boolean {
  const decoded = decodeReferences(text);
  return SVG_EXTERNAL_RE.some((re) => re.test(text) || re.test(decoded));
}

/**
 * An SVG picture (profile picture, logo, widget POI, place, SPEC §5: read as is): the file is kept
 * byte for byte (served only as an attachment with the sandboxing CSP, like every SVG), and its
 * thumbnail is a PNG of at most THUMB_SIZE px rasterized by sharp (librsvg) — rendered at the
 * density that gives the thumbnail size directly, capped by `limitInputPixels`. Refused (422
 * error.upload.corrupt) when it does not render.
 */
async function svgPicture(input: Received, opts: { tmpDir: string; maxPixels: number }): Promise<Processed> {
  const text = await fsp.readFile(input.path, 'utf8');
  // a document stored before SVGs were checked at upload, made a picture now
  if (svgReferencesExternal(text) || svgHasActiveContent(text)) throw new AppError(ErrorKey.uploadActiveContent, 422);
  let meta: Metadata;
  try {
    meta = await sharp(input.path, { limitInputPixels: false }).metadata(); // parses, renders nothing
  } catch {
    throw new AppError(ErrorKey.uploadCorrupt, 422);
  }
  if (!meta.width || !meta.height) throw new AppError(ErrorKey.uploadCorrupt, 422);
  // metadata() reports the size at 72 dpi; this density renders the longer side at THUMB_SIZE
  const density = Math.min(100_000, Math.max(1, (72 * THUMB_SIZE) / Math.max(meta.width, meta.height)));
  const out = await tempPath(opts.tmpDir, 'out');
  const thumbPath = await tempPath(opts.tmpDir, 'out');
  try {
    await fsp.copyFile(input.path, out);
    try {
      await sharp(input.path, { density, limitInputPixels: opts.maxPixels, failOn: 'warning' })
        .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
        .png()
        .toFile(thumbPath);
    } catch (err) {
      if (/pixel limit/i.test((err as Error).message)) throw new AppError(ErrorKey.uploadPixels, 422);
      throw new AppError(ErrorKey.uploadCorrupt, 422);
    }
    return {
      mimeType: 'image/svg+xml',
      size: input.size,
      width: meta.width,
      height: meta.height,
      sha256: input.sha256,
      file: { key: `${newKey()}.svg`, path: out, contentType: 'image/svg+xml' },
      thumb: { key: `${newKey()}-thumb.png`, path: thumbPath, contentType: 'image/png' },
    };
  } catch (err) {
    await fsp.rm(out, { force: true });
    await fsp.rm(thumbPath, { force: true });
    throw err;
  }
}

/** Removes the outputs of a Processed that did not make it into the storage. */
export async function discard(p: Processed): Promise<void> {
  await fsp.rm(p.file.path, { force: true });
  if (p.thumb) await fsp.rm(p.thumb.path, { force: true });
}
