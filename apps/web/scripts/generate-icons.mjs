// Writes the PWA's PNG icons (public/icons) with Node built-ins only: a map pin on the brand
// colour, drawn procedurally with 4x4 supersampling. Run: node scripts/generate-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const BRAND = [0x1b, 0x6e, 0x5a];
const WHITE = [0xff, 0xff, 0xff];

/** Inside the pin? (x, y in 0..1 of the drawing box) → 0 background, 1 pin, 2 hole. */
function pin(x, y) {
  const cx = 0.5,
    cy = 0.4,
    r = 0.26;
  const dx = x - cx,
    dy = y - cy,
    d = Math.hypot(dx, dy);
  if (d < 0.1) return 2;
  if (d <= r) return 1;
  // the tail: a triangle from the circle's tangents down to the tip
  const tipY = 0.9;
  if (y > cy && y <= tipY) {
    const half = r * ((tipY - y) / (tipY - cy)) * 1.05;
    if (Math.abs(dx) <= half) return 1;
  }
  return 0;
}

function draw(size, { rounded, scale }) {
  const px = Buffer.alloc(size * size * 4);
  const S = 4;
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let sj = 0; sj < S; sj++) {
        for (let si = 0; si < S; si++) {
          const u = (i + (si + 0.5) / S) / size,
            v = (j + (sj + 0.5) / S) / size;
          // rounded-square background (radius 22%) or full bleed (maskable)
          let inside = true;
          if (rounded) {
            const k = 0.22,
              qx = Math.max(Math.abs(u - 0.5) - (0.5 - k), 0),
              qy = Math.max(Math.abs(v - 0.5) - (0.5 - k), 0);
            inside = Math.hypot(qx, qy) <= k;
          }
          if (!inside) continue;
          const x = (u - 0.5) / scale + 0.5,
            y = (v - 0.5) / scale + 0.5;
          const c = pin(x, y) === 1 ? WHITE : BRAND;
          r += c[0];
          g += c[1];
          b += c[2];
          a += 255;
        }
      }
      const n = S * S,
        o = (j * size + i) * 4,
        cover = a / 255;
      px[o] = cover ? Math.round(r / cover) : 0;
      px[o + 1] = cover ? Math.round(g / cover) : 0;
      px[o + 2] = cover ? Math.round(b / cover) : 0;
      px[o + 3] = Math.round(a / n);
    }
  }
  return png(size, size, px);
}

/**
 * The notification badge (Android's status bar): only the alpha channel counts, so a white pin
 * on transparent, drawn large (the status bar shows it at 24 dp).
 */
function drawBadge(size) {
  const px = Buffer.alloc(size * size * 4);
  const S = 4;
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      let a = 0;
      for (let sj = 0; sj < S; sj++) {
        for (let si = 0; si < S; si++) {
          const x = ((i + (si + 0.5) / S) / size - 0.5) / 1.15 + 0.5,
            y = ((j + (sj + 0.5) / S) / size - 0.5) / 1.15 + 0.5;
          if (pin(x, y) === 1) a += 255;
        }
      }
      const o = (j * size + i) * 4;
      px.fill(0xff, o, o + 3);
      px[o + 3] = Math.round(a / (S * S));
    }
  }
  return png(size, size, px);
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td) >>> 0);
  return Buffer.concat([len, td, crc]);
}

function png(w, h, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc((w * 4 + 1) * h);
  for (let y = 0; y < h; y++) {
    raw[y * (w * 4 + 1)] = 0; // filter: none
    rgba.copy(raw, y * (w * 4 + 1) + 1, y * w * 4, (y + 1) * w * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'icon-192.png'), draw(192, { rounded: true, scale: 0.8 }));
writeFileSync(join(out, 'icon-512.png'), draw(512, { rounded: true, scale: 0.8 }));
// maskable: full bleed, the pin inside the 80% safe zone
writeFileSync(join(out, 'icon-maskable-512.png'), draw(512, { rounded: false, scale: 0.6 }));
writeFileSync(join(out, 'badge-96.png'), drawBadge(96));
console.log('icons written to', out);
