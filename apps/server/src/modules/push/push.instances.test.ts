import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { sql } from 'drizzle-orm';
import { REALTIME_PATH, type PushPayload } from '@spotlist/contracts';
import { buildTestApp, req, signup, type LoggedIn, type TestApp } from '../../../test/helpers.ts';
import { startFakePushService, type FakePushService } from '../../../test/fakes/push-service.ts';
import { authed } from '../../../test/socket-client.ts';
import { memoryPubSub, redisPubSub, type PubSub } from '../../platform/events/pubsub.ts';
import { redisPresence } from '../../platform/realtime/presence.ts';

/**
 * Two instances on one database (the bus in process, or on TEST_REDIS_URL's Redis with the
 * presence there too): a message is queued for push once, whichever instance stored it, and
 * arrives once; with Redis, a conversation open on one instance keeps the other's job quiet.
 */
const REDIS = process.env.TEST_REDIS_URL;
const CONFIG = { PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true', PUSH_FOLD_SECONDS: '1', JOBS_POLL_INTERVAL_SECONDS: '0.5' };
const sockets: { sockets: WebSocket[] } = { sockets: [] };
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(() => {
  for (const s of sockets.sockets.splice(0)) s.terminate();
});
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

async function pair(redis: boolean): Promise<{ one: TestApp; two: TestApp; push: FakePushService; wsTwo: string }> {
  const push = await startFakePushService();
  const prefix = `spotlist-test-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}:`;
  let buses: [PubSub, PubSub];
  if (redis) buses = [redisPubSub(REDIS!, prefix), redisPubSub(REDIS!, prefix)];
  else {
    const bus = memoryPubSub();
    buses = [bus, bus];
  }
  const presence = () => (redis ? redisPresence(REDIS!, 60_000, `${prefix}viewing:`) : undefined);
  const one = await buildTestApp({ config: CONFIG, pubsub: buses[0], presence: presence() });
  const two = await buildTestApp({ config: CONFIG, pubsub: buses[1], database: one.database, presence: presence() });
  await two.app.listen({ port: 0, host: '127.0.0.1' });
  cleanup.push(
    () => push.close(),
    () => one.close(),
    () => two.close(),
    () => Promise.all(buses.map((b) => b.close())),
  );
  return { one, two, push, wsTwo: `ws://127.0.0.1:${(two.app.server.address() as AddressInfo).port}${REALTIME_PATH}` };
}

/** No push job waiting or running for 400 ms on end (a route answers before its event's handler has queued them). */
async function pushIdle(t: TestApp, ms = 15_000) {
  const end = Date.now() + ms;
  let quietSince: number | null = null;
  for (;;) {
    const { rows } = (await t.database.db.execute(
      sql`select count(*)::int as n from pgboss.job where name like 'push.%' and name not like '%.dead' and state in ('created', 'retry', 'active')`,
    )) as unknown as { rows: { n: number }[] };
    if (rows[0].n !== 0) quietSince = null;
    else if (quietSince === null) quietSince = Date.now();
    else if (Date.now() - quietSince >= 400) return;
    if (Date.now() > end) throw new Error('push jobs still running');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function chat(one: TestApp, two: TestApp) {
  const a = await signup(one.app);
  const b = await signup(two.app);
  const post = (t: TestApp, u: LoggedIn, url: string, body: unknown = {}) => req(t.app, 'POST', url, { token: u.token, body });
  await post(one, a, `/api/userrelation/match/private/${b.user.id}`);
  expect((await post(two, b, `/api/userrelation/match/private/${a.user.id}`)).json().matched).toBe(true);
  const id = (await post(one, a, '/api/conversation/add', { memberIds: [b.user.id] })).json().id as number;
  return { a, b, id, post };
}

async function subscribe(t: TestApp, push: FakePushService, u: LoggedIn) {
  const key = (await req(t.app, 'GET', '/api/pushconfig')).json().webPushPublicKey as string;
  const { subscription, clientHash } = await push.subscribe(key);
  const res = await req(t.app, 'POST', '/api/pushdevice/', {
    token: u.token,
    body: { token: JSON.stringify(subscription), platform: 'web', deviceId: `i-${clientHash.slice(0, 12)}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return clientHash;
}

const messages = async (push: FakePushService, hash: string) =>
  (await push.notifications(hash)).map((m) => JSON.parse(m) as PushPayload).filter((p) => p.kind === 'message');

for (const redis of [false, true]) {
  describe.runIf(!redis || REDIS)(`push with two instances, bus ${redis ? 'on Redis' : 'in process'}`, () => {
    it('queues and delivers each message notice once, whichever instance stored the message; both instances share the VAPID key', async () => {
      const { one, two, push } = await pair(redis);
      const k1 = (await req(one.app, 'GET', '/api/pushconfig')).json().webPushPublicKey;
      expect((await req(two.app, 'GET', '/api/pushconfig')).json().webPushPublicKey).toBe(k1);
      const { a, id, b, post } = await chat(one, two);
      await pushIdle(one);
      const hash = await subscribe(two, push, b);
      expect((await post(one, a, `/api/conversation/${id}/messages`, { text: 'From instance one' })).statusCode).toBe(200);
      await pushIdle(one);
      // the second within the fold time of the first notice: told when it is up, once
      expect((await post(two, a, `/api/conversation/${id}/messages`, { text: 'From instance two' })).statusCode).toBe(200);
      await pushIdle(one);
      const got = await messages(push, hash);
      // b read neither: the second notice replaces the first (same tag) and counts both
      expect(got.map((p) => p.body)).toEqual(['From instance one', '2 new messages']);
      const { rows } = (await one.database.db.execute(
        sql`select name, count(*)::int as n from pgboss.job where name in ('push.message', 'push.deliver') group by name order by name`,
      )) as unknown as { rows: { name: string; n: number }[] };
      // one notice job per message (and the follow-up of the fold time, when the second came within
      // it), each sending its notice itself: no delivery job while the push service takes them
      const n = Object.fromEntries(rows.map((r) => [r.name, r.n]));
      expect(n['push.deliver']).toBeUndefined();
      expect([2, 3]).toContain(n['push.message']);
    });

    it.runIf(redis)('sends nothing while the conversation is open on the other instance', async () => {
      const { one, two, push, wsTwo } = await pair(redis);
      const { a, b, id, post } = await chat(one, two);
      await pushIdle(one);
      const hash = await subscribe(one, push, b);
      const tab = await authed(wsTwo, sockets, b.token);
      tab.send({ type: 'viewing', conversationId: id });
      await tab.drain();
      for (let i = 0; i < 3; i++)
        expect((await post(one, a, `/api/conversation/${id}/messages`, { text: `seen ${i}` })).statusCode).toBe(200);
      await pushIdle(one);
      expect(await messages(push, hash)).toEqual([]);
      tab.ws.close();
      await post(two, b, `/api/conversation/${id}/read`, { seq: 99 });
      // the closed tab's entry is gone at once (not after its TTL)
      await new Promise((r) => setTimeout(r, 100));
      expect((await post(one, a, `/api/conversation/${id}/messages`, { text: 'now on the lock screen' })).statusCode).toBe(200);
      await vi.waitFor(async () => expect((await messages(push, hash)).map((p) => p.body)).toEqual(['now on the lock screen']), {
        timeout: 15_000,
        interval: 50,
      });
    });
  });
}
