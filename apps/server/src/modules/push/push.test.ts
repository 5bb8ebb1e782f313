import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_PUSH_SETTINGS, ErrorKey, REALTIME_PATH, type PushDeviceView, type PushPayload } from '@spotlist/contracts';
import { pushDevices } from '../../platform/db/schema/index.ts';
import { buildTestApp, PASSWORD, req, signup, type LoggedIn, type TestApp } from '../../../test/helpers.ts';
import { startFakePushService, type FakePushService } from '../../../test/fakes/push-service.ts';
import { authed } from '../../../test/socket-client.ts';

/**
 * Push devices, settings and delivery against a real local push service (web-push-testing): what
 * arrives there is decrypted with the subscription's keys, so a payload seen here is what a
 * browser's service worker would get.
 */
let t: TestApp;
let push: FakePushService;
let wsUrl: string;
const sockets: { sockets: WebSocket[] } = { sockets: [] };

beforeAll(async () => {
  push = await startFakePushService();
  t = await buildTestApp({
    config: { PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true', PUSH_FOLD_SECONDS: '1', JOBS_POLL_INTERVAL_SECONDS: '0.5' },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  wsUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${REALTIME_PATH}`;
});
afterAll(async () => {
  await t.close();
  await push.close();
});
afterEach(() => {
  for (const s of sockets.sockets.splice(0)) s.terminate();
});

const get = (u: LoggedIn | null, url: string) => req(t.app, 'GET', url, { token: u?.token });
const post = (u: LoggedIn | null, url: string, body: unknown = {}) => req(t.app, 'POST', url, { token: u?.token, body });
const del = (u: LoggedIn | null, url: string) => req(t.app, 'DELETE', url, { token: u?.token });
const deviceRows = async () => (await t.database.db.select().from(pushDevices)).length;

let installs = 0;
/** A browser install subscribed at the local push service, registered as the user's device. */
async function subscribed(u: LoggedIn, deviceId = `install-${installs++}`) {
  const publicKey = (await get(null, '/api/pushconfig')).json().webPushPublicKey as string;
  const { subscription, clientHash } = await push.subscribe(publicKey);
  const token = JSON.stringify(subscription);
  const res = await post(u, '/api/pushdevice/', { token, platform: 'web', deviceId, label: 'Test browser' });
  expect(res.statusCode, res.body).toBe(201);
  return { device: res.json() as PushDeviceView, clientHash, token, deviceId };
}

/** The notices received for a subscription, decrypted and parsed. */
const received = async (clientHash: string) => (await push.notifications(clientHash)).map((m) => JSON.parse(m) as PushPayload);

async function receivedAtLeast(clientHash: string, n: number, ms = 10_000) {
  const end = Date.now() + ms;
  for (;;) {
    const got = await received(clientHash);
    if (got.length >= n) return got;
    if (Date.now() > end) throw new Error(`${n} notices not received within ${ms} ms (got ${got.length})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Every push job done (none queued, deferred within 5 s, or running), for 400 ms on end: a route
 * answers before its event's handler has queued the jobs, so one empty look proves nothing.
 */
async function pushIdle(ms = 15_000) {
  const end = Date.now() + ms;
  let quietSince: number | null = null;
  for (;;) {
    const { rows } = (await t.database.db.execute(
      sql`select count(*)::int as n from pgboss.job where name like 'push.%' and name not like '%.dead'
        and (state = 'active' or (state in ('created', 'retry') and start_after < now() + interval '5 seconds'))`,
    )) as unknown as { rows: { n: number }[] };
    if (rows[0].n !== 0) quietSince = null;
    else if (quietSince === null) quietSince = Date.now();
    else if (Date.now() - quietSince >= 400) return;
    if (Date.now() > end) throw new Error('push jobs still running');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function friends(a: LoggedIn, b: LoggedIn) {
  expect((await post(a, `/api/userrelation/match/private/${b.user.id}`)).statusCode).toBe(200);
  expect((await post(b, `/api/userrelation/match/private/${a.user.id}`)).json().matched).toBe(true);
}
async function conversation(a: LoggedIn, b: LoggedIn): Promise<number> {
  await friends(a, b);
  const res = await post(a, '/api/conversation/add', { memberIds: [b.user.id] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}
const say = async (u: LoggedIn, id: number, text: string) =>
  expect((await post(u, `/api/conversation/${id}/messages`, { text })).statusCode).toBe(200);
const messagesOnly = (list: PushPayload[]) => list.filter((p) => p.kind === 'message');

describe('push devices: access and bad input', () => {
  it('answers 401 without a login on every route but the config', async () => {
    for (const [method, url] of [
      ['GET', '/api/pushdevice/list'],
      ['GET', '/api/pushdevice/'],
      ['GET', '/api/pushdevice/1'],
      ['POST', '/api/pushdevice/'],
      ['POST', '/api/pushdevice/add'],
      ['DELETE', '/api/pushdevice/delete/1'],
      ['POST', '/api/pushdevice/test'],
      ['GET', '/api/pushsettings'],
      ['POST', '/api/pushsettings/update'],
    ] as const) {
      const res = await req(t.app, method, url, { body: method === 'POST' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().key).toBe(ErrorKey.unauthorized);
    }
    const config = await get(null, '/api/pushconfig');
    expect(config.statusCode).toBe(200);
    // an uncompressed P-256 point, base64url: what PushManager.subscribe takes
    expect(Buffer.from(config.json().webPushPublicKey, 'base64url')).toHaveLength(65);
    expect(config.json().nativeDelivery).toEqual({ android: false, ios: false });
  });

  it('refuses malformed subscriptions, insecure and private endpoints, huge tokens and unknown platforms, storing nothing', async () => {
    const a = await signup(t.app);
    const strict = await buildTestApp({ database: t.database });
    try {
      const keys = {
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      };
      const web = (endpoint: string) => ({ token: JSON.stringify({ endpoint, keys }), platform: 'web', deviceId: 'bad-install' });
      const before = await deviceRows();
      const cases: [unknown, number, string][] = [
        [{ token: 'not json', platform: 'web', deviceId: 'x' }, 400, ErrorKey.pushSubscription],
        [
          { token: JSON.stringify({ endpoint: 'https://push.example.com/x' }), platform: 'web', deviceId: 'x' },
          400,
          ErrorKey.pushSubscription,
        ],
        [web('http://push.example.com/send/1'), 400, ErrorKey.pushEndpointInsecure],
        [web('ftp://push.example.com/send/1'), 400, ErrorKey.pushEndpointInsecure],
        [web('https://127.0.0.1/send/1'), 400, ErrorKey.pushEndpointPrivate],
        [web('https://10.1.2.3/send/1'), 400, ErrorKey.pushEndpointPrivate],
        [web('https://169.254.169.254/latest'), 400, ErrorKey.pushEndpointPrivate],
        [web('https://[::1]/send'), 400, ErrorKey.pushEndpointPrivate],
        [web('https://[::ffff:192.168.0.1]/send'), 400, ErrorKey.pushEndpointPrivate],
        [web('https://localhost/send'), 400, ErrorKey.pushEndpointPrivate],
        [{ token: 'x'.repeat(10 * 1024), platform: 'android', deviceId: 'x' }, 400, ErrorKey.validation],
        [{ token: 'abc', platform: 'windows', deviceId: 'x' }, 400, ErrorKey.validation],
        [{ token: 'has spaces in it', platform: 'ios', deviceId: 'x' }, 400, ErrorKey.validation],
        [{ token: 'abc', platform: 'ios' }, 400, ErrorKey.validation],
        [{ token: 'abc', platform: 'ios', deviceId: 'y'.repeat(201) }, 400, ErrorKey.validation],
      ];
      for (const [body, status, key] of cases) {
        const res = await req(strict.app, 'POST', '/api/pushdevice/', { token: a.token, body });
        expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(status);
        expect(res.json().key, JSON.stringify(body).slice(0, 120)).toBe(key);
      }
      expect(await deviceRows()).toBe(before);
      // a public https endpoint passes the same checks
      const ok = await req(strict.app, 'POST', '/api/pushdevice/', {
        token: a.token,
        body: web('https://fcm.googleapis.com/fcm/send/abc'),
      });
      expect(ok.statusCode, ok.body).toBe(201);
    } finally {
      await strict.close();
    }
  });

  it('keeps one record per install: the same device again updates it; another user logging in on it takes it over', async () => {
    const a = await signup(t.app);
    const b = await signup(t.app);
    const first = await subscribed(a, 'phone-1');
    const again = await post(a, '/api/pushdevice/', { token: first.token, platform: 'web', deviceId: 'phone-1', label: 'Renamed' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: first.device.id, label: 'Renamed', user: { id: a.user.id } });
    // the same subscription under a new install id: still the one row
    const sameToken = await post(a, '/api/pushdevice/', { token: first.token, platform: 'web', deviceId: 'phone-1b' });
    expect(sameToken.json().id).toBe(first.device.id);
    expect((await get(a, '/api/pushdevice/list')).json().total).toBe(1);
    // b logs in on the same install: the record moves to b
    const moved = await post(b, '/api/pushdevice/', { token: first.token, platform: 'web', deviceId: 'phone-1b' });
    expect(moved.statusCode).toBe(201);
    expect(moved.json()).toMatchObject({ id: first.device.id, user: { id: b.user.id } });
    expect((await get(a, '/api/pushdevice/list')).json().total).toBe(0);
    expect((await get(b, '/api/pushdevice/list')).json().list.map((d: PushDeviceView) => d.id)).toEqual([first.device.id]);
  });

  it('lists only my devices, by f.userId and f.pushdevicetoken; another user reads, deletes and tests none of mine', async () => {
    const a = await signup(t.app);
    const b = await signup(t.app);
    const d = await subscribed(a);
    await subscribed(a);
    for (const url of ['/api/pushdevice/list', '/api/pushdevice/']) expect((await get(a, url)).json().total).toBe(2);
    const byToken = await get(a, `/api/pushdevice/list?f.pushdevicetoken=${encodeURIComponent(d.token)}`);
    expect(byToken.json().list.map((x: PushDeviceView) => x.id)).toEqual([d.device.id]);
    expect((await get(a, `/api/pushdevice/list?f.userId=${a.user.id}`)).json().total).toBe(2);
    // another user's id as the filter: an empty list, never their devices
    expect((await get(b, `/api/pushdevice/list?f.userId=${a.user.id}`)).json()).toMatchObject({ total: 0, list: [] });
    expect((await get(b, `/api/pushdevice/list?f.pushdevicetoken=${encodeURIComponent(d.token)}`)).json().total).toBe(0);
    expect((await get(a, '/api/pushdevice/list?f.nope=1')).statusCode).toBe(400);
    const hers = await get(b, `/api/pushdevice/${d.device.id}`);
    expect([hers.statusCode, hers.json().key]).toEqual([404, ErrorKey.pushDeviceNotFound]);
    const gone = await del(b, `/api/pushdevice/delete/${d.device.id}`);
    expect([gone.statusCode, gone.json().key]).toEqual([404, ErrorKey.pushDeviceNotFound]);
    const test = await post(b, '/api/pushdevice/test', { id: d.device.id });
    expect([test.statusCode, test.json().key]).toEqual([404, ErrorKey.pushDeviceNotFound]);
    expect((await get(a, `/api/pushdevice/${d.device.id}`)).json()).toMatchObject({ id: d.device.id, token: d.token, platform: 'web' });
    expect((await del(a, `/api/pushdevice/delete/${d.device.id}`)).json()).toEqual({ ok: true });
    expect((await get(a, '/api/pushdevice/list')).json().total).toBe(1);
  });

  it('logout with the device in its body deletes it (and only the user’s own)', async () => {
    const a = await signup(t.app);
    const b = await signup(t.app);
    const d = await subscribed(a);
    const e = await subscribed(a);
    const other = await subscribed(b);
    // b's logout naming a's device changes nothing of a's
    expect((await post(b, '/api/logout', { token: d.token, platform: 'web', deviceId: d.deviceId })).statusCode).toBe(200);
    expect((await t.database.db.select().from(pushDevices).where(eq(pushDevices.userId, a.user.id))).length).toBe(2);
    expect((await t.database.db.select().from(pushDevices).where(eq(pushDevices.id, other.device.id))).length).toBe(1);
    expect((await post(a, '/api/logout', { deviceId: d.deviceId, platform: 'web' })).statusCode).toBe(200);
    const left = await t.database.db.select().from(pushDevices).where(eq(pushDevices.userId, a.user.id));
    expect(left.map((r) => r.id)).toEqual([e.device.id]);
    // nothing to delete: still a plain logout
    const c = await signup(t.app);
    expect((await post(c, '/api/logout', { token: 'none-such', platform: 'ios' })).json()).toEqual({ ok: true });
  });
});

describe('push devices in the account data', () => {
  it('are exported without their token and go with the account', async () => {
    const a = await signup(t.app);
    const d = await subscribed(a, 'laptop-export');
    const exported = (await get(a, '/api/myprofile/export')).json();
    expect(exported.push).toEqual({
      devices: [{ platform: 'web', deviceId: 'laptop-export', label: 'Test browser', createdAt: d.device.createdAt, lastUsedAt: null }],
      settings: null,
    });
    expect(JSON.stringify(exported)).not.toContain(JSON.parse(d.token).keys.auth);
    const res = await req(t.app, 'DELETE', '/api/myprofile/delete', { token: a.token, body: { password: PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.database.db.select().from(pushDevices).where(eq(pushDevices.id, d.device.id))).toEqual([]);
  });
});

describe('push settings', () => {
  it('start with every kind on, are replaced whole, and refuse a time zone that is not one', async () => {
    const a = await signup(t.app);
    expect((await get(a, '/api/pushsettings')).json()).toEqual(DEFAULT_PUSH_SETTINGS);
    const next = {
      kinds: { ...DEFAULT_PUSH_SETTINGS.kinds, match: false },
      hideMessageText: true,
      quietHours: { start: '22:00', end: '07:00', mode: 'silent' },
      timeZone: 'America/New_York',
    };
    expect((await post(a, '/api/pushsettings/update', next)).json()).toEqual(next);
    expect((await get(a, '/api/pushsettings')).json()).toEqual(next);
    for (const [body, key] of [
      [{ ...next, timeZone: 'Mars/Olympus_Mons' }, ErrorKey.pushTimeZone],
      [{ ...next, timeZone: '+01:00' }, ErrorKey.pushTimeZone],
      [{ ...next, quietHours: { start: '25:00', end: '07:00', mode: 'silent' } }, ErrorKey.validation],
      [{ ...next, quietHours: { start: '22:00', end: '07:00', mode: 'loud' } }, ErrorKey.validation],
      [{ ...next, kinds: { message: true } }, ErrorKey.validation],
    ] as const) {
      const res = await post(a, '/api/pushsettings/update', body);
      expect([res.statusCode, res.json().key]).toEqual([400, key]);
    }
    expect((await get(a, '/api/pushsettings')).json()).toEqual(next);
    // the settings are in the account's export
    const exported = (await get(a, '/api/myprofile/export')).json();
    expect(exported.push.settings).toEqual(next);
  });
});

describe('push delivery through a real push service', () => {
  it('queues no notice job for a message whose other members have no device', async () => {
    const a = await signup(t.app);
    const b = await signup(t.app);
    const id = await conversation(a, b);
    await subscribed(a);
    await pushIdle();
    const jobs = async () =>
      (
        (await t.database.db.execute(
          sql`select count(*)::int as n from pgboss.job where name = 'push.message' and data->>'conversationId' = ${String(id)}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0].n;
    // a's device does not count: a wrote it
    await say(a, id, 'Nobody here has a device but me');
    // once b has one, b's notice is queued (the events are handled in order: when the second
    // message's job is there, the first one's would be too)
    await subscribed(b);
    await say(a, id, 'Now you have one');
    const end = Date.now() + 5000;
    while ((await jobs()) === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    expect(await jobs()).toBe(1);
  });

  it('delivers a message to the other member, decryptable, in their language, folding a burst into one notice', async () => {
    const a = await signup(t.app, undefined, { nickname: { value: 'Anna' } });
    const b = await signup(t.app, undefined, { language: { id: 2 } });
    await t.app.inject({ method: 'POST', url: '/api/myprofile/update', headers: { 'x-auth-token': a.token } });
    const id = await conversation(a, b);
    await pushIdle();
    const { clientHash, device } = await subscribed(b);
    const mine = await subscribed(a);
    const nick = (await get(a, '/api/myprofile')).json().nickname?.value as string | undefined;
    await say(a, id, 'Treffen wir uns um acht am Viktualienmarkt?');
    const [first] = messagesOnly(await receivedAtLeast(clientHash, 1));
    expect(first).toEqual({
      kind: 'message',
      title: nick || 'Jemand',
      body: 'Treffen wir uns um acht am Viktualienmarkt?',
      url: `/messages/${id}`,
      tag: `conversation-${id}`,
      silent: false,
      count: 1,
    });
    // the push service got it with the kind's TTL and urgency and the conversation's topic
    const sent = push.requests.filter((r) => r.headers.topic === `c${id}`);
    expect(sent[0].headers).toMatchObject({ ttl: '86400', urgency: 'high' });
    // the sender's own device hears nothing of their message
    await pushIdle();
    expect(messagesOnly(await received(mine.clientHash))).toEqual([]);
    // a burst within PUSH_FOLD_SECONDS of the first notice: one more notice, when the time is up, saying how many
    await say(a, id, 'Oder lieber um neun?');
    await say(a, id, 'Sag Bescheid!');
    await say(a, id, 'x'.repeat(300));
    await pushIdle();
    const all = messagesOnly(await received(clientHash));
    expect(all.length).toBeGreaterThanOrEqual(2);
    expect(all.length).toBeLessThanOrEqual(3);
    expect(all.at(-1)).toMatchObject({ count: 4, body: '4 neue Nachrichten', tag: `conversation-${id}` });
    const row = (await t.database.db.select().from(pushDevices).where(eq(pushDevices.id, device.id)))[0];
    expect(row.lastUsedAt).not.toBeNull();
  });

  it('hides the text when asked, sends nothing for a switched-off kind, and nothing while the conversation is on screen', async () => {
    const a = await signup(t.app);
    const b = await signup(t.app);
    const id = await conversation(a, b);
    await pushIdle();
    const { clientHash } = await subscribed(b);
    const settings = (await get(b, '/api/pushsettings')).json();
    await post(b, '/api/pushsettings/update', { ...settings, hideMessageText: true });
    await say(a, id, 'A secret plan');
    const [hidden] = messagesOnly(await receivedAtLeast(clientHash, 1));
    expect(hidden.body).toBe('New message');
    expect(JSON.stringify(hidden)).not.toContain('secret');
    // read it, then switch messages off: nothing comes
    await post(b, `/api/conversation/${id}/read`, { seq: 99 });
    await post(b, '/api/pushsettings/update', { ...settings, kinds: { ...settings.kinds, message: false } });
    await say(a, id, 'Are you there?');
    await pushIdle();
    expect(messagesOnly(await received(clientHash))).toHaveLength(1);
    // on again, but b has the conversation open in a tab: nothing; then b looks away: the next one comes
    await post(b, '/api/pushsettings/update', settings);
    await post(b, `/api/conversation/${id}/read`, { seq: 99 });
    const tab = await authed(wsUrl, sockets, b.token);
    tab.send({ type: 'viewing', conversationId: id });
    await tab.drain();
    await say(a, id, 'You see this in the app');
    await pushIdle();
    expect(messagesOnly(await received(clientHash))).toHaveLength(1);
    // the open conversation marks it read, as the app does
    await post(b, `/api/conversation/${id}/read`, { seq: 99 });
    tab.send({ type: 'viewing', conversationId: null });
    await tab.drain();
    await say(a, id, 'And this one on the lock screen');
    const got = messagesOnly(await receivedAtLeast(clientHash, 2));
    expect(got[1]).toMatchObject({ body: 'And this one on the lock screen', count: 1 });
    expect(got[1].silent).toBe(false);
  });

  it('tells the members of a group from one job, each in their language and settings, on every device', async () => {
    const a = await signup(t.app, undefined, { nickname: { value: 'Greta' } });
    const b = await signup(t.app);
    const c = await signup(t.app, undefined, { language: { id: 2 } });
    const d = await signup(t.app);
    for (const u of [b, c, d]) await friends(a, u);
    const res = await post(a, '/api/conversation/add', { memberIds: [b.user.id, c.user.id, d.user.id], title: 'Hiking' });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().id as number;
    await pushIdle();
    // b on two browsers; c hides message texts; d switched messages off
    const b1 = await subscribed(b);
    const b2 = await subscribed(b);
    const c1 = await subscribed(c);
    const d1 = await subscribed(d);
    const settings = (await get(c, '/api/pushsettings')).json();
    await post(c, '/api/pushsettings/update', { ...settings, hideMessageText: true });
    await post(d, '/api/pushsettings/update', { ...settings, kinds: { ...settings.kinds, message: false } });
    const nick = ((await get(a, '/api/myprofile')).json().nickname?.value as string | undefined) || null;
    await say(a, id, 'Zugspitze on Saturday?');
    const [toB1] = messagesOnly(await receivedAtLeast(b1.clientHash, 1));
    const [toB2] = messagesOnly(await receivedAtLeast(b2.clientHash, 1));
    const [toC] = messagesOnly(await receivedAtLeast(c1.clientHash, 1));
    await pushIdle();
    expect(toB1).toEqual(toB2);
    expect(toB1).toMatchObject({ title: `${nick ?? 'Someone'} in Hiking`, body: 'Zugspitze on Saturday?', count: 1 });
    expect(toC).toMatchObject({ title: `${nick ?? 'Jemand'} in Hiking`, body: 'Neue Nachricht', count: 1 });
    expect(messagesOnly(await received(d1.clientHash))).toEqual([]);
    for (const h of [b1, b2, c1]) expect(messagesOnly(await received(h.clientHash))).toHaveLength(1);
    // one notice job for the message, for the three members with a device (it sent the notices itself)
    const { rows: mine } = (await t.database.db.execute(
      sql`select data from pgboss.job where name = 'push.message' and data->>'conversationId' = ${String(id)}`,
    )) as unknown as { rows: { data: { userIds?: number[] } }[] };
    expect(mine).toHaveLength(1);
    expect([...mine[0]!.data.userIds!].sort((x, y) => x - y)).toEqual([b.user.id, c.user.id, d.user.id].sort((x, y) => x - y));
  });

  it('deletes a device whose subscription expired (410), retries a busy push service after its Retry-After', async () => {
    const a = await signup(t.app);
    const b = await signup(t.app);
    const id = await conversation(a, b);
    await pushIdle();
    const live = await subscribed(b);
    const expired = await subscribed(b);
    await push.expire(expired.clientHash);
    push.failNext(429, { retryAfter: 1 });
    await say(a, id, 'Knock knock');
    await receivedAtLeast(live.clientHash, 1);
    await pushIdle();
    expect((await t.database.db.select().from(pushDevices).where(eq(pushDevices.id, expired.device.id))).length).toBe(0);
    expect((await t.database.db.select().from(pushDevices).where(eq(pushDevices.id, live.device.id))).length).toBe(1);
    const attempts = push.requests.filter((r) => r.headers.topic === `c${id}`);
    const busy = attempts.find((r) => r.status === 429)!;
    const ok = attempts.find((r) => r.status === 201)!;
    expect(busy).toBeTruthy();
    expect(ok.at - busy.at).toBeGreaterThanOrEqual(900);
    expect(attempts.filter((r) => r.status === 410)).toHaveLength(1);
  });

  it('tells of a new match, sends a test notice on request, and stores native devices without pretending to deliver', async () => {
    const a = await signup(t.app);
    const b = await signup(t.app);
    const { clientHash } = await subscribed(a);
    const none = await post(b, '/api/pushdevice/test', {});
    expect([none.statusCode, none.json().key]).toEqual([409, ErrorKey.pushNoDevices]);
    expect((await post(a, `/api/userrelation/match/private/${b.user.id}`)).statusCode).toBe(200);
    expect((await post(b, `/api/userrelation/match/private/${a.user.id}`)).json().matched).toBe(true);
    const [match] = (await receivedAtLeast(clientHash, 1)).filter((p) => p.kind === 'match');
    expect(match).toMatchObject({ kind: 'match', title: "It's a match!", url: '/people/connections' });
    const test = await post(a, '/api/pushdevice/test', {});
    expect(test.json()).toEqual({ queued: 1 });
    const got = await receivedAtLeast(clientHash, 2);
    expect(got.find((p) => p.kind === 'test')).toMatchObject({
      url: '/settings',
      body: expect.stringContaining('push notifications work'),
    });
    // a phone: stored, and its delivery records that FCM is not configured
    const phone = await post(b, '/api/pushdevice/', {
      token: 'fcm-token:APA91bHun4MxP5egoKMwt2',
      platform: 'android',
      deviceId: 'pixel-7',
    });
    expect(phone.statusCode).toBe(201);
    // a test notice to it says FCM is not configured rather than pretending
    const test2 = await post(b, '/api/pushdevice/test', { id: phone.json().id });
    expect([test2.statusCode, test2.json().key]).toEqual([503, ErrorKey.integrationNotConfigured]);
    // a message to b: the phone's delivery records why nothing was sent
    const id = (await post(a, '/api/conversation/add', { memberIds: [b.user.id] })).json().id as number;
    await say(a, id, 'To your phone');
    await vi.waitFor(
      async () => {
        const row = (await t.database.db.select().from(pushDevices).where(eq(pushDevices.id, phone.json().id)))[0];
        expect(row).toMatchObject({ lastError: 'fcm.notconfigured', lastUsedAt: null });
      },
      { timeout: 15_000, interval: 50 },
    );
  });
});
