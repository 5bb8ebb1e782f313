import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { buildTestApp, req, signup, type LoggedIn, type TestApp } from '../../../test/helpers.ts';
import { ErrorKey } from '@spotlist/contracts';
import { AppError } from '../../lib/app-error.ts';
import { cacheTags } from './response-cache.ts';

/** Test routes on the real app: each counts how often its handler ran (a cache hit runs none). */
const runs = { mine: 0, shared: 0, plain: 0, slow: 0 };
/** Holds the slow route's handler until the test opens it. */
let gate: Promise<void> = Promise.resolve();
let version = 1;

function register(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/test/mine',
    {
      schema: { response: { 200: z.object({ userId: z.number(), version: z.number(), filler: z.string() }) } },
      config: { auth: 'user', cache: { scope: 'user', invalidatedBy: ['user.wrote', 'like.changed'], maxBytes: 1 << 20 } },
    },
    async (req) => {
      runs.mine += 1;
      return { userId: req.user!.id, version, filler: 'x'.repeat(2000) };
    },
  );
  r.get(
    '/api/test/shared/:id',
    {
      schema: { params: z.object({ id: z.string() }), response: { 200: z.object({ id: z.string(), version: z.number() }) } },
      config: {
        auth: 'public',
        cache: { scope: 'public', tags: (req) => [`w${(req.params as { id: string }).id}`], invalidatedBy: ['widget.changed', 'list.changed'], maxBytes: 1 << 20 },
      },
    },
    async (req) => {
      runs.shared += 1;
      if (req.params.id === 'missing') throw new AppError(ErrorKey.notFound, 404);
      cacheTags(req, 'l42');
      return { id: req.params.id, version };
    },
  );
  r.get(
    '/api/test/slow',
    {
      schema: { response: { 200: z.object({ n: z.number() }) } },
      config: { auth: 'public', cache: { scope: 'public', tags: () => ['wslow'], invalidatedBy: ['widget.changed'], maxBytes: 1 << 20 } },
    },
    async () => {
      runs.slow += 1;
      await gate;
      return { n: runs.slow };
    },
  );
  r.get('/api/test/plain', { config: { auth: 'user' } }, async () => {
    runs.plain += 1;
    return { ok: true };
  });
}

let t: TestApp;
let ann: LoggedIn;
let bob: LoggedIn;
beforeAll(async () => {
  t = await buildTestApp({ register });
  ann = await signup(t.app);
  bob = await signup(t.app);
});
afterAll(() => t.close());

describe('response cache', () => {
  it("serves a user's answer from memory, never to another user, in any order", async () => {
    const before = runs.mine;
    const order = [ann, bob, ann, bob, bob, ann];
    for (const who of order) {
      const res = await req(t.app, 'GET', '/api/test/mine', { token: who.token });
      expect(res.statusCode).toBe(200);
      expect(res.json().userId).toBe(who.user.id);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect(runs.mine - before).toBe(2); // one miss per user
    // anonymous: 401, nothing served from anyone's entry
    expect((await req(t.app, 'GET', '/api/test/mine')).statusCode).toBe(401);
  });

  it("drops a user's answer on that user's events only", async () => {
    await req(t.app, 'GET', '/api/test/mine', { token: ann.token });
    await req(t.app, 'GET', '/api/test/mine', { token: bob.token });
    version = 2;
    await t.app.events.emit('like.changed', { userId: ann.user.id, placeId: 1 });
    expect((await req(t.app, 'GET', '/api/test/mine', { token: ann.token })).json().version).toBe(2);
    expect((await req(t.app, 'GET', '/api/test/mine', { token: bob.token })).json().version).toBe(1);
    // an event the route does not list changes nothing
    version = 3;
    await t.app.events.emit('widget.changed', { publicId: 'x' });
    expect((await req(t.app, 'GET', '/api/test/mine', { token: ann.token })).json().version).toBe(2);
    // a state-changing request of bob's (the read-your-writes net) drops bob's
    await req(t.app, 'POST', '/api/logout', { token: bob.token, body: {} });
    bob = await signup(t.app);
  });

  it('sends the kept bytes compressed once, the same answer as plain', async () => {
    const plain = await req(t.app, 'GET', '/api/test/mine', { token: ann.token });
    const br = await t.app.inject({ method: 'GET', url: '/api/test/mine', headers: { 'x-auth-token': ann.token, 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
  });

  it('public answers: ETag and 304, tags added by the handler, errors never cached', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/test/shared/a' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const before = runs.shared;
    const again = await t.app.inject({ method: 'GET', url: '/api/test/shared/a', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(runs.shared).toBe(before);
    // the tag the handler added (l42) drops it, as does its own (wa); another widget's does not
    version = 10;
    await t.app.events.emit('widget.changed', { publicId: 'b' });
    expect((await t.app.inject({ method: 'GET', url: '/api/test/shared/a' })).json().version).not.toBe(10);
    await t.app.events.emit('list.changed', { listId: 42, ownerId: 999 });
    const fresh = await t.app.inject({ method: 'GET', url: '/api/test/shared/a', headers: { 'if-none-match': etag } });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().version).toBe(10);
    // a 404 is asked again each time
    const n = runs.shared;
    await t.app.inject({ method: 'GET', url: '/api/test/shared/missing' });
    await t.app.inject({ method: 'GET', url: '/api/test/shared/missing' });
    expect(runs.shared - n).toBe(2);
  });

  it('every authenticated answer without its own Cache-Control is no-store; public ones are left alone', async () => {
    const res = await req(t.app, 'GET', '/api/test/plain', { token: ann.token });
    expect(res.headers['cache-control']).toBe('no-store');
    const info = await t.app.inject({ method: 'GET', url: '/api/api/info' });
    expect(info.headers['cache-control']).not.toBe('no-store');
  });

  it('many requests for an answer being read wait for that read instead of reading too', async () => {
    let open!: () => void;
    gate = new Promise((r) => (open = r));
    const all = Promise.all(Array.from({ length: 10 }, () => t.app.inject({ method: 'GET', url: '/api/test/slow' })));
    await new Promise((r) => setTimeout(r, 50));
    expect(runs.slow).toBe(1);
    open();
    const answers = await all;
    expect(answers.map((a) => a.json().n)).toEqual(Array(10).fill(1));
    // dropped by its event: read once more, again by one of many
    await t.app.events.emit('widget.changed', { publicId: 'slow' });
    const again = await Promise.all(Array.from({ length: 5 }, () => t.app.inject({ method: 'GET', url: '/api/test/slow' })));
    expect(again.map((a) => a.json().n)).toEqual(Array(5).fill(2));
  });

  it('caches nothing when CACHE_MAX_AGE_MS is 0', async () => {
    const off = await buildTestApp({ config: { CACHE_MAX_AGE_MS: '0' }, register, database: t.database });
    try {
      const n = runs.shared;
      await off.app.inject({ method: 'GET', url: '/api/test/shared/z' });
      await off.app.inject({ method: 'GET', url: '/api/test/shared/z' });
      expect(runs.shared - n).toBe(2);
    } finally {
      await off.close();
    }
  });
});
