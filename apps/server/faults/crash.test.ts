import fs from 'node:fs';
import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import {
  call,
  countBy,
  label,
  postgresBin,
  signup,
  sleep,
  startPostgres,
  startServer,
  stopAllServers,
  tempDir,
  type Postgres,
} from './harness.ts';

/**
 * kill -9 under write load: every write the server acknowledged with 200 is there after the
 * restart — on the embedded database (PGlite in DATA_DIR) and on PostgreSQL.
 */
const CYCLES = 5;
/** Writers running at once, each one list after another. */
const WRITERS = 8;

const cleanup: (() => void)[] = [];
afterAll(async () => {
  await stopAllServers();
  for (const c of cleanup.reverse()) c();
});

interface Acked {
  id: number;
  name: string;
}

/**
 * Starts the server, writes lists from WRITERS loops until a random moment, kills it with
 * SIGKILL, restarts it and checks every acknowledged list. Answers the counts of one cycle.
 */
async function cycle(env: Record<string, string>, token: string, n: number) {
  const server = await startServer(env);
  const agent = new http.Agent({ keepAlive: true, maxSockets: WRITERS });
  const acked: Acked[] = [];
  const outcomes: string[] = [];
  let killed = false;
  const writer = async (w: number) => {
    for (let i = 0; !killed; i++) {
      const name = `crash ${n}.${w}.${i}`;
      const o = await call(server.url, 'POST', '/api/list/add', { token, agent, body: { name, visibility: { id: 1 } }, timeoutMs: 10_000 });
      outcomes.push(label(o));
      if (o.kind === 'answer' && o.status === 200) acked.push({ id: o.json().id!, name });
      else if (o.kind === 'answer') throw new Error(`write refused while running: ${label(o)} ${o.body}`);
    }
  };
  const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
  // a random moment once writes are flowing
  while (acked.length < 20) await sleep(5);
  await sleep(100 + Math.random() * 400);
  await server.kill9();
  killed = true;
  await Promise.all(writers);
  agent.destroy();

  const again = await startServer(env);
  const missing: Acked[] = [];
  for (const a of acked) {
    const o = await call(again.url, 'GET', `/api/list/${a.id}`, { token });
    if (o.kind !== 'answer' || o.status !== 200 || o.json().name !== a.name) missing.push(a);
  }
  await again.stop();
  return { acked: acked.length, lost: missing.length, missing, outcomes: countBy(outcomes, (o) => o) };
}

async function run(env: Record<string, string>, what: string) {
  const first = await startServer(env);
  const user = await signup(first.url, 'crash');
  await first.stop();
  const cycles = [];
  const started = Date.now();
  for (let n = 1; n <= CYCLES; n++) cycles.push(await cycle(env, user.token, n));
  const ms = Date.now() - started;
  console.log(
    `kill -9 under write load, ${what}: ${JSON.stringify(cycles.map(({ acked, lost, outcomes }) => ({ acked, lost, outcomes })))} in ${ms} ms`,
  );
  expect(cycles.flatMap((c) => c.missing)).toEqual([]);
  expect(cycles.every((c) => c.acked > 0)).toBe(true);
}

describe('kill -9 under write load', () => {
  it(`embedded database (PGlite): ${CYCLES} cycles, no acknowledged write lost`, async () => {
    const dataDir = tempDir('crash-pglite');
    cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    await run({ DATA_DIR: dataDir }, 'PGlite');
  });

  const pgMissing = !postgresBin();
  if (pgMissing) console.warn('faults: initdb / pg_ctl not found (install postgresql): the PostgreSQL kill -9 test is skipped');
  it.skipIf(pgMissing)(`PostgreSQL: ${CYCLES} cycles, no acknowledged write lost`, async () => {
    const pg: Postgres = await startPostgres();
    cleanup.push(() => pg.destroy());
    const dataDir = tempDir('crash-pg');
    cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    await run({ DATA_DIR: dataDir, DATABASE_URL: await pg.createDatabase('crash') }, 'PostgreSQL');
  });
});
