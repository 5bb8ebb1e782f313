// Writes brotli (.br) and gzip (.gz) copies next to every text file of the build (dist/ by
// default) that is worth compressing. The server sends them to clients that accept them
// (@fastify/static `preCompressed`), so no answer is compressed at request time.
// Usage: node scripts/precompress.mjs [dist]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist'));
const TEXT = /\.(m?js|css|html|svg|json|webmanifest|txt|xml)$/;
const MIN_BYTES = 1024;

const files = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));

let raw = 0;
let br = 0;
let count = 0;
for (const file of files(dist)) {
  if (!TEXT.test(file)) continue;
  const body = fs.readFileSync(file);
  if (body.length < MIN_BYTES) continue;
  const b = zlib.brotliCompressSync(body, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  const g = zlib.gzipSync(body, { level: 9 });
  // a copy that is not smaller would only cost a header
  if (b.length < body.length) fs.writeFileSync(`${file}.br`, b);
  if (g.length < body.length) fs.writeFileSync(`${file}.gz`, g);
  raw += body.length;
  br += b.length;
  count += 1;
}
console.log(`precompressed ${count} files: ${(raw / 1000).toFixed(1)} KB → ${(br / 1000).toFixed(1)} KB brotli`);
