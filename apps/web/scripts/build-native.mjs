// The web build for the native shells, then `cap sync` (docs/native.md):
//   API_BASE_URL=https://app.spotlist.example npm run build:native -w @spotlist/web
// API_BASE_URL is the server's address (its PUBLIC_URL); the app calls `${API_BASE_URL}/api` from
// https://localhost (Android) / capacitor://localhost (iOS), so the token travels in the body and
// the server must allow those origins (NATIVE_ORIGINS, its default). PUBLIC_URL (default
// API_BASE_URL) is the address shared links and App/Universal Links use.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function origin(name, value) {
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute address such as https://app.spotlist.example (got "${value}")`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && ['localhost', '127.0.0.1', '10.0.2.2'].includes(url.hostname)))
    throw new Error(`${name} must be https (http only for a development server on this machine or the emulator's 10.0.2.2)`);
  return url.origin + url.pathname.replace(/\/+$/, '');
}

function run(cmd, args, env) {
  const r = spawnSync(cmd, args, { cwd: WEB, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (!process.env.API_BASE_URL) {
  console.error('API_BASE_URL is not set: the native app needs the address of the Spotlist server it talks to (docs/native.md)');
  process.exit(2);
}
let api;
let pub;
try {
  api = origin('API_BASE_URL', process.env.API_BASE_URL);
  pub = origin('PUBLIC_URL', process.env.PUBLIC_URL ?? process.env.API_BASE_URL);
} catch (err) {
  console.error(err.message);
  process.exit(2);
}
// no service worker: the shell serves the app's files from the device, and an app update replaces
// them; a worker's cache would only stand between the two
run('npx', ['vite', 'build'], { VITE_API_BASE: `${api}/api`, VITE_PUBLIC_URL: pub, VITE_PWA: 'false' });
run('npx', ['cap', 'sync'], {});
console.log(`native build: the app calls ${api}/api; links open ${pub}`);
