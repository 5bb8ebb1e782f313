#!/usr/bin/env node
// CI size ratchet. Builds nothing: reads the built web app (apps/web/dist) and embed
// (apps/embed/dist) and compares their gzip sizes with bench/size-budget.json. Exits 1 when a
// size grew past its budget.
//
//   node bench/check-size.mjs            check
//   node bench/check-size.mjs --update   lower each budget to the current size (never below its
//                                        target, never up), add budgets for new pages, drop gone ones
//   node bench/check-size.mjs --reset    re-baseline: every budget to the current size (or its
//                                        target once reached), up or down. For the first budget and
//                                        for a deliberate re-baseline; say why in the commit message.
//   --root=<dir>  --budget=<file>        another checkout / budget file (used by bench.test.mjs)
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './lib/processes.mjs';
import { formatKB, sizeMeasures } from './lib/sizes.mjs';

const { values: args } = parseArgs({
  options: {
    update: { type: 'boolean', default: false },
    reset: { type: 'boolean', default: false },
    root: { type: 'string', default: ROOT },
    budget: { type: 'string' },
  },
});
const root = path.resolve(args.root);
const budgetFile = path.resolve(args.budget ?? path.join(root, 'bench/size-budget.json'));

let measures;
try {
  measures = sizeMeasures(root);
} catch (err) {
  console.error(`check-size: ${err.message}`);
  process.exit(2);
}

const file = fs.existsSync(budgetFile) ? JSON.parse(fs.readFileSync(budgetFile, 'utf8')) : { budgets: {} };
if (args.reset) {
  // Current size, or the target once reached: the same rule --update follows, without the "never up".
  file.budgets = Object.fromEntries(
    Object.entries(measures).map(([k, m]) => [
      k,
      { budget: Math.max(m.bytes, m.target ?? 0), ...(m.target != null && { target: m.target }) },
    ]),
  );
  args.update = true;
}
const budgets = file.budgets ?? {};
const keys = [...new Set([...Object.keys(budgets), ...Object.keys(measures)])].sort();
const width = Math.max(...keys.map((k) => k.length));
let failed = 0;
const next = {};

for (const key of keys) {
  const m = measures[key];
  const b = budgets[key];
  const name = key.padEnd(width);
  if (!m) {
    console.log(
      `gone  ${name}  budget ${formatKB(b.budget)} but nothing of that name is built${args.update ? ' (removed)' : ' (--update removes it)'}`,
    );
    continue;
  }
  const target = m.target ?? b?.target;
  const tgt = target ? `, target ${formatKB(target)}` : '';
  if (!b) {
    // A new page: it has no budget yet, but it must meet its target.
    const over = target != null && m.bytes > target;
    if (over) failed++;
    console.log(
      `${over ? 'FAIL' : 'new '}  ${name}  ${formatKB(m.bytes)} (no budget yet${tgt})` +
        (over ? `: over its target by ${formatKB(m.bytes - target)}` : args.update ? ' (added)' : ' (--update records it)'),
    );
    if (!over) next[key] = { budget: Math.max(m.bytes, target ?? 0), ...(target != null && { target }) };
    continue;
  }
  if (m.bytes > b.budget) {
    failed++;
    console.log(
      `FAIL  ${name}  ${formatKB(m.bytes)} > budget ${formatKB(b.budget)}: grew by ${m.bytes - b.budget} bytes${tgt}${m.file ? ` (${m.file})` : ''}`,
    );
    next[key] = { ...b, ...(target != null && { target }) };
    continue;
  }
  // The ratchet: down to the current size, but no lower than the target (reached targets become the budget).
  const lowered = Math.min(b.budget, Math.max(m.bytes, target ?? 0));
  const note =
    lowered < b.budget
      ? args.update
        ? ` (budget lowered to ${formatKB(lowered)})`
        : ` (--update lowers the budget to ${formatKB(lowered)})`
      : '';
  console.log(`ok    ${name}  ${formatKB(m.bytes)} ≤ budget ${formatKB(b.budget)}${tgt}${note}`);
  next[key] = { budget: lowered, ...(target != null && { target }) };
}

if (args.update) {
  const out = {
    ...file,
    about:
      'Gzip (level 9) bytes of the built web app and embed pages, 1 KB = 1000 bytes. CI runs `node bench/check-size.mjs` and fails when a size grows past its budget. `--update` lowers budgets to the current sizes (never below the target, never up); raising one is a hand edit or a deliberate `--reset`, with the reason in the commit (bench/README.md).',
    budgets: Object.fromEntries(
      Object.keys(next)
        .sort()
        .map((k) => [k, next[k]]),
    ),
  };
  fs.writeFileSync(budgetFile, `${JSON.stringify(out, null, 2)}\n`);
  console.log(`check-size: wrote ${path.relative(process.cwd(), budgetFile) || budgetFile}`);
}
if (failed) {
  console.error(`check-size: ${failed} size budget${failed > 1 ? 's' : ''} exceeded`);
  process.exit(1);
}
console.log('check-size: every size is within its budget');
