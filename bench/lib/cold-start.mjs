// Cold start of the built server on the embedded database (PGlite), the way a person trying
// Spotlist meets it: spawn → first successful GET /api/api/info. First on an empty DATA_DIR
// (creates, migrates and seeds the database), then again on the same folder (reopen), then once
// more after that server was killed with SIGKILL (the folder as a crash leaves it); and, when a
// PostgreSQL is given, a restart on an existing, migrated database.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_NODE_ARGS, withServerEnv } from '../../scripts/server-process.mjs';
import { cleanEnv, freePort, ROOT, SERVER_MAIN, SPOTLIST_READY, stop } from './processes.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const POLL_MS = 20;

async function timeOneStart(dataDir, port, timeoutMs, track, { databaseUrl, kill = false } = {}) {
  const env = cleanEnv({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ADMIN_PASSWORD: 'bench-admin-password-1',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const t0 = performance.now();
  // The same command line as `npm start` (scripts/start.mjs) uses.
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, SERVER_MAIN], { cwd: ROOT, env: withServerEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
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
    if (kill && child.exitCode === null) {
      // as a crash leaves the folder: no shutdown, the OS releases the lock
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    } else await stop(child, 15_000);
  }
  // Read after exit, so the ready line is in even when the first answer came before it was printed.
  const ready = output.match(SPOTLIST_READY);
  return { ms, serverReportedMs: ready ? Number(ready[3]) : null };
}

/**
 * Returns { firstStartMs, reopenMs, … } (null figures and an error when a start fails).
 * `track(fn)` registers a cleanup for Ctrl-C (stopping a server, removing the folder).
 */
export async function measureColdStart({ timeoutMs = 60_000, track = () => {}, postgres = null } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `spotlist-bench-cold-${crypto.randomBytes(3).toString('hex')}-`));
  track(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  try {
    const first = await timeOneStart(dataDir, await freePort(), timeoutMs, track);
    // the reopened server is killed with SIGKILL, so the next start meets a crashed folder
    const second = await timeOneStart(dataDir, await freePort(), timeoutMs, track, { kill: true });
    const afterKill = await timeOneStart(dataDir, await freePort(), timeoutMs, track);
    let pg = null;
    if (postgres) {
      // the first start migrates the new database; the second is a restart on an existing one
      const other = fs.mkdtempSync(path.join(os.tmpdir(), 'spotlist-bench-cold-pg-'));
      track(() => fs.rmSync(other, { recursive: true, force: true }));
      try {
        await timeOneStart(other, await freePort(), timeoutMs, track, { databaseUrl: postgres.url });
        pg = await timeOneStart(other, await freePort(), timeoutMs, track, { databaseUrl: postgres.url });
      } finally {
        fs.rmSync(other, { recursive: true, force: true });
      }
    }
    return {
      database: 'PGlite (embedded, empty DATA_DIR)',
      pollIntervalMs: POLL_MS,
      firstStartMs: first.ms,
      firstStartServerReportedMs: first.serverReportedMs,
      reopenMs: second.ms,
      reopenServerReportedMs: second.serverReportedMs,
      afterKillMs: afterKill.ms,
      afterKillServerReportedMs: afterKill.serverReportedMs,
      postgresRestartMs: pg?.ms ?? null,
      postgresRestartServerReportedMs: pg?.serverReportedMs ?? null,
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
