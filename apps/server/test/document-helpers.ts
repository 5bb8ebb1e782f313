import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { req } from './helpers.ts';
import { multipart } from './place-helpers.ts';

export const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

/** A JPEG with EXIF orientation 6 (rotate 90°), a marker in IFD0 and a GPS position. */
export async function exifJpeg(width = 600, height = 300): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 10 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Copyright: 'SECRET-MARKER' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 8/1 13/1', GPSLongitudeRef: 'E', GPSLongitude: '11/1 34/1 31/1' },
    })
    .toBuffer();
}

export const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 0, g: 90, b: 200, alpha: 0.5 } } })
    .png()
    .toBuffer();

/** A valid PNG that claims 20000×20000 pixels (1-bit grey, all zero): about 50 KB on the wire. */
export function pixelFloodPng(side = 20000): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const row = Math.ceil(side / 8) + 1;
  const idat = zlib.deflateSync(Buffer.alloc(row * side), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** POST a multipart upload as a native client does. */
export function upload(
  app: FastifyInstance,
  token: string | undefined,
  file: { value: Buffer | string; filename?: string; contentType?: string } | null,
  fields: Record<string, string> = {},
  url = '/api/document/upload',
) {
  const parts = [
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...(file
      ? [{ name: 'file', value: file.value, filename: file.filename ?? 'photo.jpg', contentType: file.contentType ?? 'image/jpeg' }]
      : []),
  ];
  const { payload, contentType } = multipart(parts);
  return req(app, 'POST', url, { token, headers: { 'content-type': contentType }, payload });
}

/** Every file under a folder (recursively), as paths relative to it. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((p) => fs.statSync(path.join(dir, p)).isFile());
}
