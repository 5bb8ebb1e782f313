import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { pushDevices } from '../../platform/db/schema/index.ts';
import { buildTestApp, req, signup, type LoggedIn, type TestApp } from '../../../test/helpers.ts';
import { startFakeApns, type FakeApns } from '../../../test/fakes/apns.ts';
import { apnsClient } from '../../integrations/apns/client.ts';

/**
 * iOS devices through APNs (integrations/apns, @parse/node-apn) against a local APNs stand-in
 * that checks what Apple checks: the provider token's ES256 signature, key id and team, the topic,
 * the push type, the payload's `aps`.
 */
let t: TestApp;
let apns: FakeApns;

beforeAll(async () => {
  apns = await startFakeApns();
  t = await buildTestApp({
    config: { ...apns.config, APNS_ENVIRONMENT: 'sandbox', PUSH_FOLD_SECONDS: '0', JOBS_POLL_INTERVAL_SECONDS: '0.5' },
  });
});
afterAll(async () => {
  await t.close();
  await apns.close();
});

const post = (u: LoggedIn, url: string, body: unknown = {}) => req(t.app, 'POST', url, { token: u.token, body });
const token = () => Array.from({ length: 64 }, () => '0123456789abcdef'[Math.floor(Math.random() * 16)]).join('');

async function iphone(u: LoggedIn, apnsToken = token()) {
  const res = await post(u, '/api/pushdevice/', { token: apnsToken, platform: 'ios', deviceId: `iphone-${apnsToken.slice(0, 8)}` });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as number, token: apnsToken };
}

const device = async (id: number) => (await t.database.db.select().from(pushDevices).where(eq(pushDevices.id, id)))[0];

describe('push to iOS through APNs', () => {
  it('is off without its settings, and a partial configuration fails the start', () => {
    expect(() => apnsClient({ APNS_ENVIRONMENT: 'production', APNS_KEY: apns.config.APNS_KEY, APNS_KEY_ID: 'ABC123DEFG' })).toThrow(
      /set together/,
    );
    expect(apnsClient({ APNS_ENVIRONMENT: 'production' })).toBeUndefined();
  });

  it('delivers a message notice signed with the team’s key; a gone token deletes the device; a busy APNs is tried again', async () => {
    expect((await req(t.app, 'GET', '/api/pushconfig')).json().nativeDelivery).toEqual({ android: false, ios: true });
    const a = await signup(t.app, undefined, { nickname: { value: 'Ana' } });
    const b = await signup(t.app);
    expect((await post(a, `/api/userrelation/match/private/${b.user.id}`)).statusCode).toBe(200);
    expect((await post(b, `/api/userrelation/match/private/${a.user.id}`)).json().matched).toBe(true);
    const id = (await post(a, '/api/conversation/add', { memberIds: [b.user.id] })).json().id as number;
    const phone = await iphone(b);
    const removed = await iphone(b);
    const busy = await iphone(b);
    apns.answer(removed.token, 410, 'Unregistered');
    apns.answer(busy.token, 429, 'TooManyRequests');

    expect((await post(a, `/api/conversation/${id}/messages`, { text: 'Coffee at the Hofgarten?' })).statusCode).toBe(200);
    await vi.waitFor(() => expect(apns.delivered.filter((d) => d.token === phone.token)).toHaveLength(1), {
      timeout: 15_000,
      interval: 50,
    });
    const [got] = apns.delivered.filter((d) => d.token === phone.token);
    const nick = (await req(t.app, 'GET', '/api/myprofile', { token: a.token })).json().nickname?.value as string | undefined;
    expect(got!.body).toMatchObject({
      aps: { alert: { title: nick || 'Someone', body: 'Coffee at the Hofgarten?' }, sound: 'default', 'thread-id': `conversation-${id}` },
      url: `/messages/${id}`,
      kind: 'message',
      count: 1,
    });
    expect(got!.headers).toMatchObject({ 'apns-push-type': 'alert', 'apns-priority': '10', 'apns-collapse-id': `c${id}` });
    // a day to live, as a chat message has
    const expiry = Number(got!.headers['apns-expiration']);
    expect(Math.abs(expiry - (Date.now() / 1000 + 24 * 3600))).toBeLessThan(120);

    // Unregistered: the device goes; TooManyRequests: one delivery job for later, the device stays
    await vi.waitFor(async () => expect(await device(removed.id)).toBeUndefined(), { timeout: 15_000, interval: 50 });
    await vi.waitFor(
      async () => {
        const { rows } = (await t.database.db.execute(
          sql`select data from pgboss.job where name = 'push.deliver' and (data->>'deviceId')::int = ${busy.id}`,
        )) as unknown as { rows: { data: { retries: number } }[] };
        expect(rows.map((r) => r.data.retries)).toEqual([1]);
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(await device(busy.id)).toBeDefined();
    expect((await device(phone.id))!.lastUsedAt).not.toBeNull();
    // the test notice reaches the phone too (a native device with its service configured)
    const test = await post(b, '/api/pushdevice/test', { id: phone.id });
    expect(test.json()).toEqual({ queued: 1 });
    await vi.waitFor(() => expect(apns.delivered.filter((d) => d.token === phone.token)).toHaveLength(2), {
      timeout: 15_000,
      interval: 50,
    });
    expect(apns.delivered.at(-1)!.body).toMatchObject({ kind: 'test', url: '/settings' });
  });

  it('an Android phone beside it is stored and told nothing without FCM', async () => {
    const b = await signup(t.app);
    const res = await post(b, '/api/pushdevice/', { token: 'fcm-token:APA91bHun4MxP5egoKMwt9', platform: 'android', deviceId: 'pixel-8' });
    expect(res.statusCode).toBe(201);
    const test = await post(b, '/api/pushdevice/test', { id: res.json().id });
    expect([test.statusCode, test.json().key]).toEqual([503, 'error.integration.notconfigured']);
  });
});
