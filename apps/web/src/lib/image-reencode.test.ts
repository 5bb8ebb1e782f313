import { JPEG_REENCODE_QUALITY, METADATA_READ_CAP_BYTES } from '@spotlist/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exifOrientation, prepareImage, readExifOrientation, shouldReencode } from './image-reencode';

/** A JPEG start with an APP1 Exif segment whose IFD0 holds the orientation tag. */
function jpegWithOrientation(orientation: number, little = false): Uint8Array<ArrayBuffer> {
  const tiff = new DataView(new ArrayBuffer(8 + 2 + 12 + 4));
  tiff.setUint16(0, little ? 0x4949 : 0x4d4d);
  tiff.setUint16(2, 42, little);
  tiff.setUint32(4, 8, little);
  tiff.setUint16(8, 1, little);
  tiff.setUint16(10, 0x0112, little);
  tiff.setUint16(12, 3, little); // SHORT
  tiff.setUint32(14, 1, little);
  tiff.setUint16(18, orientation, little);
  const exif = new Uint8Array([0x45, 0x78, 0x69, 0x66, 0, 0, ...new Uint8Array(tiff.buffer)]);
  const length = exif.length + 2;
  return new Uint8Array([0xff, 0xd8, 0xff, 0xe1, length >> 8, length & 0xff, ...exif, 0xff, 0xda, 0, 2]);
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

describe('image re-encode decision (SPEC §9)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('re-encodes raster images, sends SVG and other files as they are', () => {
    expect(shouldReencode('image/jpeg')).toBe(true);
    expect(shouldReencode('image/png')).toBe(true);
    expect(shouldReencode('image/HEIC')).toBe(true);
    expect(shouldReencode('image/svg+xml')).toBe(false);
    expect(shouldReencode('application/pdf')).toBe(false);
    expect(shouldReencode('')).toBe(false);
  });

  it('reads an SVG as it is (the same file, never decoded)', async () => {
    const decode = vi.fn();
    vi.stubGlobal('createImageBitmap', decode);
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.svg', { type: 'image/svg+xml' });
    expect(await prepareImage(svg)).toBe(svg);
    expect(decode).not.toHaveBeenCalled();
  });

  it('draws a raster image upright and encodes it as JPEG at 0.92', async () => {
    const close = vi.fn();
    const decode = vi.fn().mockResolvedValue({ width: 30, height: 20, close });
    vi.stubGlobal('createImageBitmap', decode);
    const ctx = { fillStyle: '', fillRect: vi.fn(), drawImage: vi.fn() };
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as unknown as CanvasRenderingContext2D);
    const toBlob = vi
      .spyOn(HTMLCanvasElement.prototype, 'toBlob')
      .mockImplementation((cb) => cb(new Blob(['jpeg'], { type: 'image/jpeg' })));
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const png = new File([jpegWithOrientation(6)], 'holiday.photo.png', { type: 'image/png' });
    const out = await prepareImage(png);
    expect(decode).toHaveBeenCalledWith(png, { imageOrientation: 'from-image' });
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', JPEG_REENCODE_QUALITY);
    expect(JPEG_REENCODE_QUALITY).toBe(0.92);
    expect(out).not.toBe(png);
    expect(out.type).toBe('image/jpeg');
    expect(out.name).toBe('holiday.photo.jpg');
    expect(close).toHaveBeenCalled();
  });

  it('sends the file as it is when the browser cannot decode it', async () => {
    vi.stubGlobal('createImageBitmap', vi.fn().mockRejectedValue(new Error('unsupported')));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const heic = new File(['x'], 'a.heic', { type: 'image/heic' });
    expect(await prepareImage(heic)).toBe(heic);
  });
});

describe('EXIF orientation', () => {
  it('reads the orientation in both byte orders; 1 without Exif or for other files', () => {
    expect(exifOrientation(view(jpegWithOrientation(6)))).toBe(6);
    expect(exifOrientation(view(jpegWithOrientation(3, true)))).toBe(3);
    expect(exifOrientation(view(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2])))).toBe(1);
    expect(exifOrientation(view(new Uint8Array([0x89, 0x50, 0x4e, 0x47])))).toBe(1);
  });

  it('logs invalid Exif data and reads it as 1 (SPEC §8)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const bad = jpegWithOrientation(6);
    bad[12] = 0x12; // byte order mark broken
    expect(await readExifOrientation(new Blob([bad]))).toBe(1);
    expect(warn).toHaveBeenCalledWith('invalid Exif data ignored', expect.any(Error));
    const wrong = jpegWithOrientation(9);
    expect(await readExifOrientation(new Blob([wrong]))).toBe(1);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('reads at most METADATA_READ_CAP_BYTES', async () => {
    const big = new Blob([jpegWithOrientation(8), new Uint8Array(METADATA_READ_CAP_BYTES * 2)]);
    const slice = vi.spyOn(big, 'slice');
    expect(await readExifOrientation(big)).toBe(8);
    expect(slice).toHaveBeenCalledWith(0, 262_144);
  });
});
