import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, SERVER_MAIN } from './harness.ts';

/** Newest modification time of a source file (not a test) under `dir` (0 when none). */
function newest(dir: string): number {
  let t = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
      t = Math.max(t, fs.statSync(path.join(e.parentPath, e.name)).mtimeMs);
  }
  return t;
}

/** The suite runs the built server: built first when missing (as `npm test` does for e2e). */
export default function setup() {
  if (!fs.existsSync(SERVER_MAIN)) {
    const r = spawnSync('npm', ['run', 'build', '-w', '@spotlist/server'], { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('could not build the server');
    return;
  }
  const sources = Math.max(newest(path.join(ROOT, 'apps/server/src')), newest(path.join(ROOT, 'packages/contracts/src')));
  if (sources > fs.statSync(SERVER_MAIN).mtimeMs)
    console.warn(
      'faults: apps/server/dist/main.js is older than the sources; `npm run build -w @spotlist/server` to test the current code',
    );
}
