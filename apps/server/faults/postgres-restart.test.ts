import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import {
  countBy,
  isUnavailable,
  label,
  ok,
  postgresBin,
  signup,
  sleep,
  startLoad,
  startPostgres,
  startServer,
  stopAllServers,
  tempDir,
} from './harness.ts';

/**
 * PostgreSQL stopped and started again under load: while it is away every answer is 503
 * `error.unavailable` with Retry-After (never 500, never a hang); once it is back, 2xx within 5 s.
 */
const OUTAGE_MS = 3_000;
/** How long an answer may take while the database is away. */
const MAX_ANSWER_MS = 3_000;
/** How soon after PostgreSQL is back the answers are 2xx again. */
const BACK_WITHIN_MS = 5_000;

const missing = !postgresBin();
if (missing) console.warn('faults: initdb / pg_ctl not found (install postgresql): the PostgreSQL restart test is skipped');

const cleanup: (() => void)[] = [];
afterAll(async () => {
  await stopAllServers();
  for (const c of cleanup.reverse()) c();
});

describe.skipIf(missing)('PostgreSQL restart under load', () => {
  it('503 error.unavailable while it is away, 2xx within 5 s after it is back', async () => {
    const pg = await startPostgres();
    cleanup.push(() => pg.destroy());
    const dataDir = tempDir('pg-restart');
    cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: await pg.createDatabase('restart') });
    const users = await Promise.all([0, 1, 2, 3].map(() => signup(server.url, 'pg')));

    // reads and writes, every user's session checked on each (no session cache without Redis)
    const load = startLoad(server.url, 8, (w, i) => {
      const token = users[w % users.length].token;
      return i % 2 === 0
        ? { what: 'read', method: 'GET', url: '/api/list/mine', opts: { token } }
        : { what: 'write', method: 'POST', url: '/api/list/add', opts: { token, body: { name: `pg ${w}.${i}`, visibility: { id: 1 } } } };
    });
    await sleep(1_000);
    const downAt = Date.now();
    await pg.stop();
    const stoppedAt = Date.now();
    await sleep(OUTAGE_MS);
    const startAt = Date.now();
    await pg.start();
    const upAt = Date.now();
    await sleep(BACK_WITHIN_MS + 2_000);
    const samples = await load.stop();

    const phase = (at: number) => (at < downAt ? 'before' : at < upAt ? 'outage' : 'after');
    const byPhase = countBy(
      samples,
      (s) => `${phase(s.at)} ${s.what}: ${isUnavailable(s.outcome) ? '503 error.unavailable' : label(s.outcome)}`,
    );
    const during = samples.filter((s) => s.at >= stoppedAt && s.at < startAt);
    const firstBack = samples.filter((s) => s.at >= upAt && ok(s.outcome)).sort((a, b) => a.at - b.at)[0];
    const lateFailures = samples.filter((s) => s.at >= upAt + BACK_WITHIN_MS && !ok(s.outcome));
    const slowest = Math.max(...samples.filter((s) => s.at >= downAt).map((s) => s.outcome.ms));
    console.log(
      `PostgreSQL restart: ${JSON.stringify({
        byPhase,
        stopMs: stoppedAt - downAt,
        startMs: upAt - startAt,
        firstOkAfterUpMs: firstBack ? firstBack.at + firstBack.outcome.ms - upAt : null,
        slowestAnswerMs: slowest,
      })}`,
    );

    // never anything but a normal answer or a 503 with its key: no 500, no reset, no timeout
    const bad = samples.filter((s) => !(s.outcome.kind === 'answer' && s.outcome.status < 500) && !isUnavailable(s.outcome));
    expect(
      bad.map((s) => `${phase(s.at)} ${s.what} ${label(s.outcome)}`),
      server.output().slice(-3000),
    ).toEqual([]);
    expect(during.length, 'requests were made while PostgreSQL was away').toBeGreaterThan(0);
    expect(during.filter((s) => !isUnavailable(s.outcome)).map((s) => label(s.outcome))).toEqual([]);
    expect(slowest).toBeLessThan(MAX_ANSWER_MS);
    expect(firstBack && firstBack.at + firstBack.outcome.ms - upAt).toBeLessThan(BACK_WITHIN_MS);
    expect(lateFailures.map((s) => label(s.outcome))).toEqual([]);
    expect(server.child.exitCode, 'the server is still running').toBeNull();
  });
});
