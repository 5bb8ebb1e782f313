// `npm test`: every suite, then one line "N passed, N failed" over all of them.
//   unit   vitest projects: contracts, server (PGlite), web, embed, bench harness
//   security  the security sweep from openapi.json (apps/server/security): 401s, BOLA matrix, mass
//          assignment, fast-check fuzz, hostile inputs; in process on PGlite
//   pg     the server suite again on PostgreSQL when TEST_DATABASE_URL is set (CI sets it)
//   faults the built server killed and starved on purpose (apps/server/faults): SIGTERM drain,
//          kill -9, PostgreSQL and Redis outages, two instances; its own PostgreSQL and Redis
//   e2e    Playwright in Debian Chromium against the built server (built first when missing)
// Flags: --only=unit,security,pg,faults,e2e to run some of them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = (process.argv.find((a) => a.startsWith('--only=')) ?? '').slice('--only='.length).split(',').filter(Boolean);
const wants = (name) => only.length === 0 || only.includes(name);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'spotlist-test-report-'));
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const results = [];

function run(name, cmd, args, env, parse) {
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  let counts;
  try {
    counts = parse();
  } catch {
    counts = { passed: 0, failed: 0 };
  }
  // a runner that failed without reporting a failed test (crash, no tests found) counts as one failure
  if (r.status !== 0 && counts.failed === 0) counts.failed = 1;
  results.push({ name, ...counts });
  console.log(`--- ${name}: ${counts.passed} passed, ${counts.failed} failed`);
}

const vitestCounts = (file) => () => {
  const j = JSON.parse(fs.readFileSync(file, 'utf8'));
  // a file that failed without a failed test (it did not load, or an error escaped its tests) counts once
  const brokenFiles = (j.testResults ?? []).filter(
    (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
  ).length;
  return { passed: j.numPassedTests, failed: j.numFailedTests + brokenFiles };
};

if (wants('unit')) {
  const out = path.join(tmp, 'unit.json');
  run(
    'unit (contracts, server on PGlite, web, embed, bench)',
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    {},
    vitestCounts(out),
  );
}

if (wants('security')) {
  const out = path.join(tmp, 'security.json');
  run(
    'security (401, BOLA, mass assignment, fuzz, hostile inputs)',
    bin('vitest'),
    ['run', '-c', 'apps/server/security/vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    {},
    vitestCounts(out),
  );
}

if (wants('pg') && process.env.TEST_DATABASE_URL) {
  const out = path.join(tmp, 'pg.json');
  run(
    'server on PostgreSQL',
    bin('vitest'),
    ['run', '--project', 'server', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    {},
    vitestCounts(out),
  );
}

/** Builds a workspace whose output is missing (the faults and e2e suites run the built apps). */
function buildIfMissing(file, ws) {
  if (fs.existsSync(path.join(root, file))) return;
  const b = spawnSync('npm', ['run', 'build', '-w', ws], { cwd: root, stdio: 'inherit' });
  if (b.status !== 0) results.push({ name: `build ${ws}`, passed: 0, failed: 1 });
}

if (wants('faults')) {
  buildIfMissing('apps/server/dist/main.js', '@spotlist/server');
  const out = path.join(tmp, 'faults.json');
  run(
    'faults (built server: SIGTERM, kill -9, PostgreSQL and Redis outages, two instances)',
    bin('vitest'),
    ['run', '-c', 'apps/server/faults/vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    {},
    vitestCounts(out),
  );
}

if (wants('e2e')) {
  for (const [file, ws] of [
    ['apps/web/dist/index.html', '@spotlist/web'],
    ['apps/embed/dist/frame.html', '@spotlist/embed'],
    ['apps/server/dist/main.js', '@spotlist/server'],
  ]) {
    buildIfMissing(file, ws);
  }
  const out = path.join(tmp, 'e2e.json');
  run(
    'e2e (Playwright, Chromium)',
    bin('playwright'),
    ['test', '-c', 'e2e/playwright.config.ts'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: out },
    () => {
      const s = JSON.parse(fs.readFileSync(out, 'utf8')).stats;
      return { passed: s.expected + (s.flaky ?? 0), failed: s.unexpected };
    },
  );
}

fs.rmSync(tmp, { recursive: true, force: true });
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log('\nSuites:');
for (const r of results) console.log(`  ${r.name}: ${r.passed} passed, ${r.failed} failed`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
