import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../src/platform/db/client.ts';
import { isOutage } from '../src/platform/http/errors.ts';
import { buildTestApp, req, signup, type LoggedIn, type TestApp } from './helpers.ts';

/** A database that stops answering: 503 `error.unavailable` with Retry-After, never 500 or a hang. */
let t: TestApp;
let user: LoggedIn;
beforeAll(async () => {
  t = await buildTestApp();
  user = await signup(t.app);
});
afterAll(() => t.close());

/** Every statement of the test app's database client fails as `error` while `run` runs. */
async function whileDown<T>(error: Error, run: () => Promise<T>): Promise<T> {
  const client = (t.database.db as unknown as { $client: Record<string, (...a: unknown[]) => unknown> }).$client;
  const names = ['query', 'exec', 'execute', 'connect'].filter((k) => typeof client[k] === 'function');
  const originals = names.map((k) => client[k]);
  for (const k of names) client[k] = () => Promise.reject(error);
  try {
    return await run();
  } finally {
    names.forEach((k, i) => (client[k] = originals[i]));
  }
}

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const shuttingDown = () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

describe('health', () => {
  it('live and ready answer 200 while everything is up', async () => {
    const live = await req(t.app, 'GET', '/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'live' });
    const ready = await req(t.app, 'GET', '/api/health/ready');
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', events: 'ok' } });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('ready answers 503 while the database is away, live stays 200', async () => {
    const ready = await whileDown(refused(), () => req(t.app, 'GET', '/api/health/ready'));
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe('5');
    expect(ready.json().checks.database).toBe('failed');
    expect((await whileDown(refused(), () => req(t.app, 'GET', '/api/health/live'))).statusCode).toBe(200);
  });
});

describe('a database outage', () => {
  it.each([
    ['refused connection', refused],
    ['server shutting down (57P01)', shuttingDown],
  ])('%s: reads and writes answer 503 error.unavailable with Retry-After, then work again', async (_name, error) => {
    for (const [method, url, body] of [
      ['GET', '/api/place/list?f.q=nothing-cached', undefined],
      ['POST', '/api/list/add', { name: 'During the outage', visibility: { id: 1 } }],
    ] as const) {
      const res = await whileDown(error(), () => req(t.app, method, url, { token: user.token, body }));
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(503);
      expect(res.json()).toEqual({ key: 'error.unavailable' });
      expect(res.headers['retry-after']).toBe('5');
    }
    expect(
      (await req(t.app, 'GET', '/api/list/mine', { token: user.token })).json().list.map((l: { name: string }) => l.name),
    ).not.toContain('During the outage');
    expect(
      (await req(t.app, 'POST', '/api/list/add', { token: user.token, body: { name: 'After', visibility: { id: 1 } } })).statusCode,
    ).toBe(200);
  });

  it('what the pg driver raises for a server that is not there counts as an outage, within the connect timeout', async () => {
    const dead = openPostgres('postgres://postgres@127.0.0.1:1/none');
    const started = Date.now();
    const err = await dead.db.execute(sql`select 1`).then(
      () => null,
      (e: unknown) => e,
    );
    await dead.close();
    expect(err).not.toBeNull();
    expect(isOutage(err)).toBe(true);
    expect(Date.now() - started).toBeLessThan(6_000);
  });

  it('a programming error is not an outage', () => {
    expect(isOutage(new TypeError("Cannot read properties of null (reading 'x')"))).toBe(false);
    expect(isOutage(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
  });
});
