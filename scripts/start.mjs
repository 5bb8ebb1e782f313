// `npm start`: builds what is missing (web app, embed pages, server bundle; `--rebuild` all of
// them, `--verbose` shows the builds' output), then runs the server, which migrates, seeds
// reference data (and demo data on an empty database), serves everything and ends its output
// with a framed block: the address, the demo logins and the admin login.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_ARGS, withServerEnv } from './server-process.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const needs = [
  ['apps/web/dist/index.html', '@spotlist/web'],
  ['apps/embed/dist/frame.html', '@spotlist/embed'],
  ['apps/server/dist/main.js', '@spotlist/server'],
];
// A build's own output (a hundred lines of file sizes) is shown only when it fails or with
// --verbose, so the server's block with the address and the logins ends what a person reads.
const verbose = process.argv.includes('--verbose');
for (const [file, workspace] of needs) {
  if (fs.existsSync(path.join(root, file)) && !process.argv.includes('--rebuild')) continue;
  const began = Date.now();
  process.stdout.write(`Building ${workspace} …${verbose ? '\n' : ' '}`);
  const r = spawnSync(npm, ['run', 'build', '-w', workspace], {
    cwd: root,
    stdio: verbose ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) {
    console.log('failed');
    if (!verbose) process.stderr.write(`${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? `${r.error.message}\n` : ''}`);
    process.exit(r.status ?? 1);
  }
  console.log(`done (${((Date.now() - began) / 1000).toFixed(0)} s)`);
}
// Without --enable-source-maps: node parses the bundle's map at start (0.4 s and ~20 MB that stay);
// stack traces keep the functions' own names. NODE_OPTIONS=--enable-source-maps npm start maps them
// to the sources when a trace needs reading.
const child = spawn(process.execPath, [...SERVER_NODE_ARGS, path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  env: withServerEnv(process.env),
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
