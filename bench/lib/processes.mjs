// Child processes of the benchmark: the built Spotlist server and the baseline server. Each is a
// separate OS process, so the load generator (this process) never shares a CPU thread with them.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_ARGS, withServerEnv } from '../../scripts/server-process.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVER_MAIN = path.join(ROOT, 'apps/server/dist/main.js');

/**
 * A minimal environment: the server must not pick up DATABASE_URL, REDIS_URL, PORT … from the
 * shell that started the benchmark.
 */
export function cleanEnv(extra) {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ', 'SYSTEMROOT'];
  const env = Object.fromEntries(keep.filter((k) => process.env[k] !== undefined).map((k) => [k, process.env[k]]));
  return { ...env, ...extra };
}

/** A port that was free a moment ago (for the cold start, which polls before the server can say its port). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Spawns `node <script>` and resolves when a line of its stdout matches `ready` (the match is
 * returned). Rejects with the last output when the process exits first or `timeoutMs` passes.
 */
export function spawnUntilReady(script, { env, ready, timeoutMs = 60_000, args = [] }) {
  // the app server as `npm start` runs it (scripts/server-process.mjs); the bare baseline as is
  const app = script === SERVER_MAIN;
  const child = spawn(process.execPath, [...(app ? SERVER_NODE_ARGS : []), script, ...args], {
    cwd: ROOT,
    env: app ? withServerEnv(env) : env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const started = performance.now();
  const promise = new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop(child);
      reject(new Error(`${path.basename(script)} was not ready after ${timeoutMs} ms:\n${output.slice(-2000)}`));
    }, timeoutMs);
    const onData = (chunk) => {
      output += chunk;
      const m = output.match(ready);
      if (m) {
        clearTimeout(timer);
        child.stdout.off('data', onData);
        child.stdout.resume();
        resolve({ child, match: m, ms: performance.now() - started });
      }
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.stderr.setEncoding('utf8').on('data', (c) => (output += c));
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${path.basename(script)} exited (${signal ?? code}) before it was ready:\n${output.slice(-2000)}`));
    });
  });
  return { child, promise };
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves when the process is gone. */
export function stop(child, graceMs = 10_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * A process's memory from /proc/<pid>/status (Linux; null elsewhere): resident now (VmRSS) and
 * the most it has been resident (VmHWM), in MB of 10^6 bytes (the file's "kB" are KiB).
 */
export function memoryOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const mb = (field) => {
      const m = status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
      return m ? Number(((Number(m[1]) * 1024) / 1e6).toFixed(1)) : null;
    };
    return { rssMB: mb('VmRSS'), peakRssMB: mb('VmHWM') };
  } catch {
    return null;
  }
}

/** The Spotlist server's own ready line (apps/server/src/main.ts). */
export const SPOTLIST_READY = /Spotlist is ready on (http:\/\/\S+):(\d+) \((\d+) ms\)/;

/**
 * What a benchmark started, to stop in reverse order (databases, servers, temporary folders):
 * `cleanups.push(fn)` as things start, `await cleanup()` at the end or on a signal. A failing
 * step is logged and the rest still run.
 */
export function cleanupStack(log) {
  const cleanups = [];
  const cleanup = async () => {
    while (cleanups.length)
      await Promise.resolve()
        .then(cleanups.pop())
        .catch((err) => log(`cleanup: ${err.message}`));
  };
  return { cleanups, cleanup };
}

/**
 * A private redis-server on a free port (no persistence), when the binary is there; null without
 * it. The server's pub/sub channels are `spotlist:*` with no prefix option
 * (apps/server/src/platform/events/pubsub.ts), so any other Spotlist on a shared Redis would hear
 * a benchmark's events: a private one keeps them apart. `track` gets its stop; `ready(url)` says
 * whether it answers.
 */
export async function startPrivateRedis(track, ready) {
  const which = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  const bin = which.status === 0 ? which.stdout.trim() : null;
  if (!bin) return null;
  const port = await freePort();
  const child = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--logfile', ''], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  track(() => stop(child));
  child.stdout.resume();
  child.stderr.resume();
  const url = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`redis-server exited (${child.exitCode})`);
    if (await ready(url)) return { url, pid: child.pid, note: `a private redis-server on port ${port}` };
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the private redis-server did not answer PING within 5 s');
}
