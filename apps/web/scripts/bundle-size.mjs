// Measures the built bundle (run after `vite build`): the initial JS (the entry script and every
// chunk it imports statically, i.e. what loads before the first page) and, for each lazy page,
// what it adds on top (its chunk plus its static imports not already loaded), all gzip -9.
// Usage: node scripts/bundle-size.mjs [--json]
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const assets = join(dist, 'assets');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = /<script type="module"[^>]*src="\/assets\/([^"]+)"/.exec(html)?.[1];
if (!entry) throw new Error('no entry script in dist/index.html');

const code = new Map();
const read = (f) => {
  if (!code.has(f)) code.set(f, readFileSync(join(assets, f), 'utf8'));
  return code.get(f);
};
const gz = (f) => gzipSync(read(f), { level: 9 }).length;
/** Static imports only: `import … from "./x.js"` and bare `import "./x.js"` (not import()). */
const staticImports = (f) => [...read(f).matchAll(/(?:^|[;}\s])import\s*(?:[^'"();]*?from\s*)?["']\.\/([^"']+\.js)["']/g)].map((m) => m[1]);
const closure = (f, seen = new Set()) => {
  if (seen.has(f)) return seen;
  seen.add(f);
  for (const d of staticImports(f)) closure(d, seen);
  return seen;
};

const initial = closure(entry);
const kb = (n) => (n / 1024).toFixed(1);
const sum = (set) => [...set].reduce((a, f) => a + gz(f), 0);
const pages = readdirSync(assets).filter((f) => /-page-[\w-]+\.js$/.test(f));

const result = {
  initial: { files: [...initial].sort(), gzipBytes: sum(initial) },
  pages: Object.fromEntries(
    pages.map((p) => {
      const extra = new Set([...closure(p)].filter((f) => !initial.has(f)));
      return [p.replace(/-[\w-]{8}\.js$/, ''), { files: [...extra].sort(), gzipBytes: sum(extra) }];
    }),
  ),
};

if (process.argv.includes('--json')) console.log(JSON.stringify(result, null, 2));
else {
  console.log(`initial JS: ${kb(result.initial.gzipBytes)} KB gzip (${initial.size} files)`);
  for (const f of [...initial].sort((a, b) => gz(b) - gz(a))) console.log(`  ${kb(gz(f)).padStart(6)}  ${f}`);
  for (const [name, p] of Object.entries(result.pages)) {
    console.log(`lazy ${name}: ${kb(p.gzipBytes)} KB gzip on top of the initial JS`);
    for (const f of p.files.sort((a, b) => gz(b) - gz(a))) console.log(`  ${kb(gz(f)).padStart(6)}  ${f}`);
  }
}
