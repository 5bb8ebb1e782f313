// `npm start`: builds what is missing (web app, embed pages, server bundle), then runs the server, which
// migrates, seeds reference data (and demo data on an empty database) and serves everything.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const needs = [
  ['apps/web/dist/index.html', '@spotlist/web'],
  ['apps/embed/dist/frame.html', '@spotlist/embed'],
  ['apps/server/dist/main.js', '@spotlist/server'],
];
for (const [file, workspace] of needs) {
  if (fs.existsSync(path.join(root, file)) && !process.argv.includes('--rebuild')) continue;
  console.log(`Building ${workspace} …`);
  const r = spawnSync(npm, ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
