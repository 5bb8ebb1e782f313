// Cold start of the built server on the embedded database (PGlite), the way a person trying
// Spotlist meets it: spawn → first successful GET /api/api/info. First on an empty DATA_DIR
// (creates, migrates and seeds the database), then again on the same folder (reopen).
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cleanEnv, freePort, ROOT, SERVER_MAIN, SPOTLIST_READY, stop } from './processes.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const POLL_MS = 20;

async function timeOneStart(dataDir, port, timeoutMs, track) {
  const env = cleanEnv({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ADMIN_PASSWORD: 'bench-admin-password-1',
  });
  const t0 = performance.now();
  // The same command line as `npm start` (scripts/start.mjs) uses.
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_MAIN], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  track(() => stop(child));
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (c) => (output += c));
  child.stderr.setEncoding('utf8').on('data', (c) => (output += c));
  let ms;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) during a cold start:\n${output.slice(-2000)}`);
      if (performance.now() - t0 > timeoutMs)
        throw new Error(`no answer from /api/api/info after ${timeoutMs} ms:\n${output.slice(-2000)}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/api/info`, { signal: AbortSignal.timeout(2000) })
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) break;
      await sleep(POLL_MS);
    }
    ms = Math.round(performance.now() - t0);
  } finally {
    await stop(child, 15_000);
  }
  // Read after exit, so the ready line is in even when the first answer came before it was printed.
  const ready = output.match(SPOTLIST_READY);
  return { ms, serverReportedMs: ready ? Number(ready[3]) : null };
}

/**
 * Returns { firstStartMs, reopenMs, … } (null figures and an error when a start fails).
 * `track(fn)` registers a cleanup for Ctrl-C (stopping a server, removing the folder).
 */
export async function measureColdStart({ timeoutMs = 60_000, track = () => {} } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `spotlist-bench-cold-${crypto.randomBytes(3).toString('hex')}-`));
  track(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  try {
    const first = await timeOneStart(dataDir, await freePort(), timeoutMs, track);
    const second = await timeOneStart(dataDir, await freePort(), timeoutMs, track);
    return {
      database: 'PGlite (embedded, empty DATA_DIR)',
      pollIntervalMs: POLL_MS,
      firstStartMs: first.ms,
      firstStartServerReportedMs: first.serverReportedMs,
      reopenMs: second.ms,
      reopenServerReportedMs: second.serverReportedMs,
      error: null,
    };
  } catch (err) {
    return {
      database: 'PGlite (embedded, empty DATA_DIR)',
      pollIntervalMs: POLL_MS,
      firstStartMs: null,
      reopenMs: null,
      error: err.message,
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
