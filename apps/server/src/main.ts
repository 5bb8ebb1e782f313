import fs from 'node:fs';
import { accountTypeKey } from '@spotlist/contracts';
import { loadConfig } from './config.ts';
import { shutdownPlan } from './platform/http/drain.ts';
import { demoAccountsPresent } from './platform/db/seed/accounts.ts';
import { startServer, type Running } from './server.ts';

let config;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

let running: Running;
try {
  // what the seeding created (the admin's generated password, the demo logins) is shown in the
  // block printed at ready, not among the start's other lines
  running = await startServer(config, () => {});
} catch (err) {
  console.error(`Spotlist could not start: ${(err as Error).message}`);
  process.exit(1);
}

const { app } = running;
const grace = config.SHUTDOWN_GRACE_MS;

/** How long the thread pool may take to run a trivial task before it counts as busy. */
const POOL_PROBE_MS = 50;

/**
 * Exits with `code` — unless work may still run on libuv's thread pool: process.exit() first
 * finishes every task running or queued there (image processing, password hashes), whatever the
 * time. So when the drain gave up on requests at its deadline (their work goes on) or the pool is
 * slow to run a trivial task, the process ends by SIGTERM's default action instead, in time (exit
 * status 143, which systemd and orchestrators count as stopped by the signal they sent).
 */
async function exit(code: number, began: number): Promise<void> {
  const idle =
    app.abandonedRequests === 0 &&
    (await Promise.race([
      fs.promises.stat('.').then(
        () => true,
        () => true,
      ),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), POOL_PROBE_MS)),
    ]));
  if (idle) process.exit(code);
  app.log.warn(
    { afterMs: Date.now() - began, abandoned: app.abandonedRequests },
    'closing: work may still run on the thread pool; ending by SIGTERM without waiting for it',
  );
  process.removeAllListeners('SIGTERM');
  process.kill(process.pid, 'SIGTERM');
}

let stopping = false;
/**
 * SIGTERM, SIGINT or an error nobody caught: drain (platform/http/drain.ts), close, exit — within
 * SHUTDOWN_GRACE_MS whatever still runs then. A second signal exits at once.
 */
function stop(reason: { signal: NodeJS.Signals } | { err: unknown }) {
  if (stopping) {
    if ('signal' in reason) {
      app.log.error({ signal: reason.signal }, 'second signal while closing: exiting now');
      // the signal's own default action: process.exit() would wait for the thread pool
      process.removeAllListeners(reason.signal);
      process.kill(process.pid, reason.signal);
      return;
    }
    app.log.error({ err: reason.err }, 'error while closing');
    return;
  }
  stopping = true;
  const began = Date.now();
  if ('err' in reason) app.log.error({ err: reason.err }, 'closing after an error');
  else app.log.info({ signal: reason.signal, graceMs: grace }, 'closing');
  const code = 'err' in reason ? 1 : 0;
  // not unref'd: this exit is the promise the grace makes, whatever the closing is waiting for
  setTimeout(() => {
    app.log.error({ afterMs: Date.now() - began }, `not closed within SHUTDOWN_GRACE_MS (${grace} ms): exiting`);
    void exit(1, began);
  }, shutdownPlan(grace).exitMs);
  running.close().then(
    () => {
      app.log.info({ afterMs: Date.now() - began }, 'closed');
      return exit(code, began);
    },
    (err: unknown) => {
      app.log.error({ err, afterMs: Date.now() - began }, 'closing failed');
      return exit(1, began);
    },
  );
}
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => stop({ signal }));
process.on('uncaughtException', (err) => stop({ err }));
process.on('unhandledRejection', (err) => stop({ err }));

await app.listen({ port: config.PORT, host: config.HOST });
const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.PORT;
// from the start of the process (node's own start included), as a person or an orchestrator waits
const readyMs = Math.round(process.uptime() * 1000);
const demo = await demoAccountsPresent(running.database.db).catch(() => []);
console.log(
  framed([
    // the ready line's wording is what scripts wait for (bench, e2e, faults)
    `Spotlist is ready on http://${shown}:${port} (${readyMs} ms)`,
    ...(demo.length > 0
      ? ['', 'Demo logins (e-mail / password):', ...columns(demo.map((d) => [`  ${accountTypeKey(d.accountType)}`, d.email, d.password]))]
      : []),
    '',
    ...(running.seeded.adminPassword
      ? [`Admin: ${config.ADMIN_EMAIL} / ${running.seeded.adminPassword}`, '  generated at this start and shown only now: note it down']
      : [
          `Admin: ${config.ADMIN_EMAIL}`,
          // the embedded database is this process's alone (platform/db/data-dir-lock.ts)
          `  a new password: ${config.DATABASE_URL ? '' : 'stop the server, then '}npm run admin:password`,
        ]),
  ]),
);

/** Rows of cells as lines, each column as wide as its widest cell. */
function columns(rows: string[][]): string[] {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => [...r[i]].length)));
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]))).join('  '));
}

/** Lines in a box-drawn frame, so what a person needs first stands out at the end of the output. */
function framed(lines: string[]): string {
  const width = Math.max(...lines.map((l) => [...l].length));
  const pad = (l: string) => l + ' '.repeat(width - [...l].length);
  return ['', `╭${'─'.repeat(width + 4)}╮`, ...lines.map((l) => `│  ${pad(l)}  │`), `╰${'─'.repeat(width + 4)}╯`].join('\n');
}
