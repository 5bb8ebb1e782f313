import { JPEG_REENCODE_QUALITY, METADATA_READ_CAP_BYTES } from '@spotlist/contracts';

/**
 * Picked pictures before upload (SPEC §9): raster images are drawn upright (EXIF orientation
 * applied) and re-encoded as JPEG at JPEG_REENCODE_QUALITY (0.92), which also drops their
 * metadata; SVG (and anything that is not a raster image) is sent as it is. Invalid Exif data is
 * only logged (SPEC §8).
 */

/** Whether a file of this type is re-encoded (raster images) or read as is (SVG, others). */
export function shouldReencode(type: string): boolean {
  const t = type.toLowerCase();
  return t.startsWith('image/') && t !== 'image/svg+xml';
}

/**
 * The EXIF orientation (1–8) of a JPEG, reading at most METADATA_READ_CAP_BYTES; 1 when there is
 * none; invalid Exif data is logged and read as 1.
 */
export async function readExifOrientation(file: Blob): Promise<number> {
  const buf = new DataView(await file.slice(0, METADATA_READ_CAP_BYTES).arrayBuffer());
  try {
    return exifOrientation(buf);
  } catch (error) {
    console.warn('invalid Exif data ignored', error);
    return 1;
  }
}

/** Parses the JPEG markers up to the first APP1 "Exif" segment. Throws on invalid Exif data. */
export function exifOrientation(view: DataView): number {
  if (view.byteLength < 4 || view.getUint16(0) !== 0xffd8) return 1; // not a JPEG
  let offset = 2;
  while (offset + 4 <= view.byteLength) {
    const marker = view.getUint16(offset);
    if ((marker & 0xff00) !== 0xff00) throw new Error('bad JPEG marker');
    const length = view.getUint16(offset + 2);
    if (marker === 0xffda || marker === 0xffd9) return 1; // image data: no Exif before it
    if (marker === 0xffe1 && offset + 10 <= view.byteLength && view.getUint32(offset + 4) === 0x45786966) {
      return tiffOrientation(view, offset + 10, Math.min(view.byteLength, offset + 2 + length));
    }
    offset += 2 + length;
  }
  return 1;
}

function tiffOrientation(view: DataView, start: number, end: number): number {
  const need = (at: number, bytes: number) => {
    if (at + bytes > end) throw new Error('Exif data cut short');
  };
  need(start, 8);
  const order = view.getUint16(start);
  if (order !== 0x4949 && order !== 0x4d4d) throw new Error('bad Exif byte order');
  const little = order === 0x4949;
  if (view.getUint16(start + 2, little) !== 42) throw new Error('bad TIFF header');
  const ifd = start + view.getUint32(start + 4, little);
  need(ifd, 2);
  const count = view.getUint16(ifd, little);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    need(entry, 12);
    if (view.getUint16(entry, little) === 0x0112) {
      const value = view.getUint16(entry + 8, little);
      if (value < 1 || value > 8) throw new Error(`bad orientation ${value}`);
      return value;
    }
  }
  return 1;
}

const jpegName = (name: string) => `${name.replace(/\.[^./]*$/, '') || 'picture'}.jpg`;

/**
 * The file to upload for a picked one: SVG and non-images as they are, raster images upright as
 * JPEG 0.92. A browser that cannot decode the image sends it as it is (the server decides).
 */
export async function prepareImage(file: File): Promise<File> {
  if (!shouldReencode(file.type)) return file;
  // SPEC §8: invalid metadata is only logged; the browser applies a valid orientation itself
  const orientation = await readExifOrientation(file);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch (error) {
    console.warn('the picture could not be decoded here; sent as it is', error);
    return file;
  }
  try {
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return file;
    ctx.fillStyle = '#fff'; // transparent parts of a PNG become white, not black
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(bitmap, 0, 0);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_REENCODE_QUALITY));
    if (!blob) return file;
    if (orientation !== 1) console.info(`picture turned upright (Exif orientation ${orientation})`);
    return new File([blob], jpegName(file.name), { type: 'image/jpeg' });
  } finally {
    bitmap.close();
  }
}
