// `npm run lint`, second half: the server's modules import each other without a circle
// (ARCHITECTURE "Server"). Reads the import lines of every non-test file under
// apps/server/src/modules, builds the graph of modules, and fails naming each circle it finds.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const modules = path.join(root, 'apps/server/src/modules');
const importRe = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*['"](\.[^'"]+)['"]/g;

/** module → the modules it imports (type-only imports included: they are a dependency of the reader too) */
const graph = new Map();
const walk = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
for (const file of walk(modules)) {
  if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
  const from = path.relative(modules, file).split(path.sep)[0];
  if (!graph.has(from)) graph.set(from, new Set());
  for (const m of fs.readFileSync(file, 'utf8').matchAll(importRe)) {
    const rel = path.relative(modules, path.resolve(path.dirname(file), m[1]));
    if (rel.startsWith('..')) continue;
    const to = rel.split(path.sep)[0];
    if (to !== from) graph.get(from).add(to);
  }
}

// depth-first search; a grey node met again closes a circle
const state = new Map();
const circles = [];
const visit = (node, trail) => {
  state.set(node, 'grey');
  for (const next of graph.get(node) ?? []) {
    if (state.get(next) === 'grey') circles.push([...trail.slice(trail.indexOf(next)), next].join(' → '));
    else if (!state.has(next)) visit(next, [...trail, next]);
  }
  state.set(node, 'black');
};
for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node, [node]);

if (circles.length > 0) {
  console.error(`Import circles between server modules (break them with an event, or move the shared part to platform/):\n  ${circles.join('\n  ')}`);
  process.exit(1);
}
console.log(`server modules: ${graph.size}, no import circles`);
