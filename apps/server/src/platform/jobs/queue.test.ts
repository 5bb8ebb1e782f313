import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { defineJob, type JobContext } from './define-job.ts';
import { JobPayloadError, JobQueue, type JobQueueOptions } from './queue.ts';

/**
 * The queue on the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL), beside the app's
 * own queue. Each test names its jobs after itself, so leftovers of one never reach another.
 */
let t: TestApp;
const queues: JobQueue[] = [];
beforeAll(async () => {
  t = await buildTestApp({
    // a route that queues from its body on the app's queue, as a module's would
    register: (app) => {
      app.post('/test/jobs/echo', async (req) => ({ id: await t.jobs.send(echo, req.body as never) }));
    },
  });
});
afterEach(async () => {
  for (const q of queues.splice(0)) await q.stop();
});
afterAll(() => t.close());

async function queue(opts: JobQueueOptions = {}, setup: (q: JobQueue) => void = () => {}) {
  const q = new JobQueue(t.database, { pollIntervalSeconds: 0.5, ...opts });
  queues.push(q);
  setup(q);
  await q.start();
  return q;
}

async function until(ok: () => boolean | Promise<boolean>, ms: number, what: string) {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function states(name: string): Promise<Record<string, number>> {
  const res = (await t.database.db.execute(
    sql`select state, count(*)::int as n from pgboss.job where name = ${name} group by state`,
  )) as unknown as { rows: { state: string; n: number }[] };
  return Object.fromEntries(res.rows.map((r) => [r.state, r.n]));
}

const echo = defineJob({
  name: 'test.echo',
  payload: z.object({ n: z.number().int(), note: z.string().max(20).optional() }),
  handler: async ({ n }, { seen }: JobContext<{ seen: number[] }>) => void seen.push(n),
});

describe('payloads', () => {
  it('refuses a payload its schema refuses (nothing queued) and runs one it accepts', async () => {
    const seen: number[] = [];
    const q = await queue({}, (q) => q.register(echo, { seen }));
    const bad = q.send(echo, { n: 1.5, note: 'x'.repeat(21) });
    await expect(bad).rejects.toBeInstanceOf(JobPayloadError);
    await expect(bad).rejects.toMatchObject({
      status: 400,
      key: 'error.validation',
      fields: [{ path: 'payload.n' }, { path: 'payload.note' }],
    });
    await expect(q.send(echo, { n: '2' } as never)).rejects.toBeInstanceOf(JobPayloadError);
    expect(await states('test.echo')).toEqual({});

    await q.send(echo, { n: 3 });
    await until(() => seen.length > 0, 10_000, 'the accepted job ran');
    expect(seen).toEqual([3]);
  });

  it('answers a bad payload from a request with 400 and its key, not 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/test/jobs/echo', payload: { n: 'one' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ key: 'error.validation', fields: [{ path: 'payload.n', key: 'FORM.ERROR.INVALID' }] });
    const ok = await t.app.inject({ method: 'POST', url: '/test/jobs/echo', payload: { n: 1 } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses, when sent, a payload that would not survive the trip through JSON', async () => {
    const q = await queue();
    const dated = defineJob({ name: 'test.dated', payload: z.object({ at: z.date() }), handler: async () => {} });
    await expect(q.send(dated, { at: new Date() })).rejects.toThrow(/JSON object/);
    expect(await states('test.dated')).toEqual({});
  });

  it('dead-letters at once a stored payload its handler cannot take, without running it', async () => {
    let runs = 0;
    const strict = defineJob({ name: 'test.strict', payload: z.object({ n: z.number() }), handler: async () => void runs++ });
    // another version of the code sending the old shape to the same job name
    const loose = defineJob({ name: 'test.strict', payload: z.object({ n: z.string() }), handler: async () => {} });
    const q = await queue({}, (q) => q.register(strict, {}));
    await q.send(loose, { n: 'seven' });
    await until(async () => (await q.deadLetters(strict)).length > 0, 10_000, 'dead-lettered');
    const [dead] = await q.deadLetters(strict);
    expect(dead).toMatchObject({ payload: { n: 'seven' }, attempts: 1 });
    expect(runs).toBe(0);
  });
});

describe('retries and dead letters', () => {
  it(
    'retries a failing handler with exponential backoff, then keeps it in <name>.dead; redrive runs it again',
    { timeout: 60_000 },
    async () => {
      const runs: { at: number; attempt: number }[] = [];
      let healthy = false;
      const flaky = defineJob({
        name: 'test.flaky',
        payload: z.object({ order: z.number() }),
        retry: { limit: 2, backoff: 'exponential', delaySeconds: 1 },
        handler: async (_p, { attempt }) => {
          runs.push({ at: Date.now(), attempt });
          if (!healthy) throw new Error(`provider down (attempt ${attempt})`);
        },
      });
      const q = await queue({}, (q) => q.register(flaky, {}));
      const id = await q.send(flaky, { order: 42 });

      await until(async () => (await q.deadLetters(flaky)).length > 0, 30_000, 'dead-lettered');
      expect(runs.map((r) => r.attempt)).toEqual([0, 1, 2]);
      // pg-boss waits delay·2ⁿ/2 to delay·2ⁿ before retry n: 1–2 s, then 2–4 s (a fixed 1 s would fail the second)
      const gaps = [runs[1].at - runs[0].at, runs[2].at - runs[1].at];
      expect(gaps[0]).toBeGreaterThanOrEqual(900);
      expect(gaps[1]).toBeGreaterThanOrEqual(1900);
      expect(await states('test.flaky')).toEqual({ failed: 1 });

      const dead = await q.deadLetters(flaky);
      expect(dead).toHaveLength(1);
      expect(dead[0]).toMatchObject({ sourceId: id, payload: { order: 42 }, attempts: 3 });
      expect(dead[0].error).toMatchObject({ message: 'provider down (attempt 2)' });

      healthy = true;
      expect(await q.redrive(flaky)).toBe(1);
      await until(() => runs.length === 4, 10_000, 'redriven job ran');
      await until(async () => (await states('test.flaky')).completed === 1, 10_000, 'redriven job completed');
      expect(await q.deadLetters(flaky)).toEqual([]);
    },
  );
});

describe('several instances', () => {
  it('two queues on one database run each of 40 jobs exactly once, and both take work', { timeout: 60_000 }, async () => {
    const runs: { id: string; n: number; by: string }[] = [];
    const work = defineJob({
      name: 'test.shared',
      payload: z.object({ n: z.number() }),
      concurrency: 4,
      handler: async ({ n }, { jobId, by }: JobContext<{ by: string }>) => {
        runs.push({ id: jobId, n, by });
        await new Promise((r) => setTimeout(r, 30));
      },
    });
    const a = await queue({}, (q) => q.register(work, { by: 'a' }));
    const b = await queue({}, (q) => q.register(work, { by: 'b' }));
    const ids = await Promise.all(Array.from({ length: 40 }, (_, n) => (n % 2 ? a : b).send(work, { n })));

    await until(async () => (await states('test.shared')).completed === 40, 30_000, 'all 40 completed');
    expect(runs.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(runs.map((r) => r.n).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, n) => n));
    expect(runs.some((r) => r.by === 'a')).toBe(true);
    expect(runs.some((r) => r.by === 'b')).toBe(true);
  });
});

describe('cron', () => {
  it('turns a schedule into jobs; the payload is checked when scheduling', { timeout: 60_000 }, async () => {
    const fired: number[] = [];
    const tick = defineJob({
      name: 'test.tick',
      payload: z.object({ n: z.number() }),
      handler: async ({ n }) => void fired.push(n),
    });
    const q = await queue({ cronIntervalSeconds: 1 }, (q) => q.register(tick, {}));
    await expect(q.schedule(tick, '* * * * * *', { n: 'x' } as never)).rejects.toBeInstanceOf(JobPayloadError);
    // every second (six fields, seconds first)
    await q.schedule(tick, '* * * * * *', { n: 7 });
    await until(() => fired.length > 0, 20_000, 'the schedule fired');
    expect(fired[0]).toBe(7);
    await q.unschedule(tick);
  });
});

describe('stop', () => {
  it('lets a running job finish before it resolves', async () => {
    let started = false;
    let finished = false;
    const slow = defineJob({
      name: 'test.slow',
      payload: z.object({}),
      handler: async () => {
        started = true;
        await new Promise((r) => setTimeout(r, 400));
        finished = true;
      },
    });
    const q = await queue({}, (q) => q.register(slow, {}));
    await q.send(slow, {});
    await until(() => started, 10_000, 'the job started');
    queues.splice(queues.indexOf(q), 1);
    await q.stop();
    expect(finished).toBe(true);
    expect(await states('test.slow')).toEqual({ completed: 1 });
    await expect(q.send(slow, {})).rejects.toThrow(/stopped/);
  });
});
