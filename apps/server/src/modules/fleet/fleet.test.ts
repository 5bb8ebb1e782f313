import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FleetVehicle, GpsSettings } from '@spotlist/contracts';
import { buildTestApp, req, type LoggedIn, type TestApp } from '../../../test/helpers.ts';
import { business } from '../../../test/widget-helpers.ts';
import { startFakeWebfleet, type FakeWebfleet } from '../../../test/fakes/webfleet.ts';
import { startFakeTraccar, type FakeTraccar } from '../../../test/fakes/traccar.ts';

const WF = { account: 'hotel', username: 'api', password: 'wf-secret-password', apikey: 'wf-api-key-42' };
const BASE = '/api/webfleetvehicle/tracking';
let webfleet: FakeWebfleet;
let traccar: FakeTraccar;
let t: TestApp;
let hotel: LoggedIn; // gpstrackingactivated, a guest app and a widget
let rival: LoggedIn; // gpstrackingactivated, another business
let plain: LoggedIn; // a business without the flag
let widgetId: number;

const call = (u: LoggedIn | null, method: 'GET' | 'POST', url: string, body?: unknown) =>
  req(t.app, method, url, { token: u?.token, body });
const webfleetSettings = (over: Record<string, unknown> = {}) => ({
  provider: 'webfleet',
  credentials: { provider: 'webfleet', account: WF.account, username: WF.username, password: WF.password, apiKey: WF.apikey },
  pollSeconds: 30,
  appClientIds: ['guestapp', `widget-${widgetId}`],
  ...over,
});
const account = async (ownerId: number) =>
  (
    (await t.database.db.execute(sql`select * from fleet_accounts where owner_id = ${ownerId}`)) as unknown as {
      rows: Record<string, unknown>[];
    }
  ).rows[0]!;
/**
 * Runs the poller's tick until the account was polled after `since` (the tick again and again, as
 * the ticker does: the database's clock may run a little ahead of this process's).
 */
async function polled(ownerId: number, since: number): Promise<void> {
  const until = Date.now() + 20_000;
  while (Date.now() < until) {
    await t.app.fleetTick();
    const a = await account(ownerId);
    if (a.last_poll_at && new Date(a.last_poll_at as string).getTime() >= since) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the account was not polled: ${JSON.stringify(await account(ownerId))}`);
}
const settings = async (u: LoggedIn, q = '') => (await call(u, 'GET', `${BASE}/get-gps-settings${q}`)).json() as GpsSettings;

beforeAll(async () => {
  webfleet = await startFakeWebfleet(WF);
  traccar = await startFakeTraccar({ token: 'traccar-token-1' });
  t = await buildTestApp({
    config: {
      FLEET_TICK_SECONDS: '0',
      FLEET_WEBFLEET_URL: webfleet.url,
      FLEET_ALLOW_PRIVATE_URLS: 'true',
      JOBS_POLL_INTERVAL_SECONDS: '0.5',
    },
  });
  const flags = { gpstrackingactivated: true, widgetv2activated: true, hasGuest: true };
  hotel = await business(t.app, flags);
  rival = await business(t.app, flags);
  plain = await business(t.app, { widgetv2activated: true });
  expect((await call(hotel, 'GET', '/api/guestapp')).statusCode).toBe(200);
  widgetId = ((await call(hotel, 'POST', '/api/widget/add', { name: 'Shuttle widget' })).json() as { id: number }).id;
  webfleet.addObject({ uid: 'bus-1', name: 'Shuttle 1', latitude: 48.1374, longitude: 11.5755, speed: 28, course: 90 });
  webfleet.addObject({ uid: 'bus-2', name: 'Shuttle 2', latitude: 48.15, longitude: 11.6, speed: 0 });
});
afterAll(async () => {
  await t.close();
  await webfleet.close();
  await traccar.close();
});

describe('fleet tracking: access', () => {
  it('needs a login and gpstrackingactivated', async () => {
    for (const [method, url, body] of [
      ['GET', `${BASE}/get-gps-settings`],
      ['POST', `${BASE}/update-gps-settings`, { provider: 'simulator' }],
      ['GET', `${BASE}/all-list`],
      ['POST', `${BASE}/show-hide-vehicles`, { vehicles: [{ id: 1, shown: false }] }],
      ['POST', `${BASE}/test-connection`, { provider: 'simulator' }],
    ] as const) {
      expect((await call(null, method, url, body)).statusCode, url).toBe(401);
      const refused = await call(plain, method, url, body);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toMatchObject({ key: 'error.flag.missing' });
    }
  });
});

describe('fleet tracking with WEBFLEET.connect', () => {
  it('stores the credentials sealed, never answers them, polls and lists the vehicles with their state', async () => {
    const before = Date.now();
    const res = await call(hotel, 'POST', `${BASE}/update-gps-settings`, webfleetSettings());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(WF.password);
    expect(res.body).not.toContain(WF.apikey);
    expect(res.json()).toMatchObject({
      provider: 'webfleet',
      credentialsSet: true,
      pollSeconds: 30,
      appClientIds: ['guestapp', `widget-${widgetId}`],
    });
    // at rest: sealed, not the secret
    const stored = String((await account(hotel.user.id)).credentials);
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain(WF.password);
    expect(stored).not.toContain(WF.apikey);

    await polled(hotel.user.id, before);
    const s = await settings(hotel);
    expect(s.health).toMatchObject({ status: 'ok', lastErrorKey: null, failures: 0 });
    expect(s.webFleetVehicleList.map((v) => [v.name, v.providerVehicleId, v.status])).toEqual([
      ['Shuttle 1', 'bus-1', 'moving'],
      ['Shuttle 2', 'bus-2', 'stopped'],
    ]);
    const bus = s.webFleetVehicleList[0]!;
    expect(bus).toMatchObject({
      latitude: 48.1374,
      longitude: 11.5755,
      speedKmh: 28,
      course: 90,
      shownIn: ['guestapp', `widget-${widgetId}`],
    });
    expect(JSON.stringify(s)).not.toContain(WF.password);
  });

  it('refuses an interval below the provider’s limit and app clients that are not mine', async () => {
    const fast = await call(hotel, 'POST', `${BASE}/update-gps-settings`, webfleetSettings({ pollSeconds: 5 }));
    expect(fast.statusCode).toBe(400);
    expect(fast.json()).toMatchObject({ key: 'error.fleet.interval' });
    const theirs = await call(rival, 'POST', `${BASE}/update-gps-settings`, webfleetSettings({ appClientIds: [`widget-${widgetId}`] }));
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ key: 'error.fleet.appclient' });
    const bad = await call(hotel, 'GET', `${BASE}/all-list?appClientIds=widget-x`);
    expect(bad.statusCode).toBe(400);
    const listTheirs = await call(rival, 'GET', `${BASE}/all-list?appClientIds=widget-${widgetId}`);
    expect(listTheirs.statusCode).toBe(404);
    // nothing was written for the rival
    expect(await account(rival.user.id)).toBeUndefined();
    // no provider without credentials
    const none = await call(rival, 'POST', `${BASE}/update-gps-settings`, { provider: 'webfleet', pollSeconds: 30 });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ key: 'error.fleet.credentials.missing' });
  });

  it('hides a vehicle in the guest app only; another business cannot touch it', async () => {
    const { list } = (await call(hotel, 'GET', `${BASE}/all-list`)).json() as { list: FleetVehicle[] };
    const bus = list.find((v) => v.name === 'Shuttle 2')!;
    const hidden = await call(hotel, 'POST', `${BASE}/show-hide-vehicles?appClientIds=guestapp`, {
      vehicles: [{ id: bus.id, shown: false }],
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const both = (await call(hotel, 'GET', `${BASE}/all-list?appClientIds=guestapp,widget-${widgetId}`)).json() as { list: FleetVehicle[] };
    expect(both.list.find((v) => v.id === bus.id)!.shownIn).toEqual([`widget-${widgetId}`]);
    expect(both.list.find((v) => v.name === 'Shuttle 1')!.shownIn).toEqual(['guestapp', `widget-${widgetId}`]);
    const theirs = await call(rival, 'POST', `${BASE}/show-hide-vehicles`, { vehicles: [{ id: bus.id, shown: true }] });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ key: 'error.fleet.vehicle' });
    expect((await settings(hotel, '?appClientIds=guestapp')).webFleetVehicleList.find((v) => v.id === bus.id)!.shownIn).toEqual([]);
  });

  it(
    'backs off when the provider is busy (8015) and pauses an account whose credentials fail: no retry storm',
    { timeout: 60_000 },
    async () => {
      webfleet.busyNext();
      await t.database.db.execute(
        sql`update fleet_accounts set next_poll_at = now() - interval '1 second' where owner_id = ${hotel.user.id}`,
      );
      const before = Date.now();
      await polled(hotel.user.id, before);
      let a = await account(hotel.user.id);
      expect(a).toMatchObject({ status: 'failing', last_error_key: 'error.fleet.busy', failures: 1 });
      // the next try waits twice the interval
      expect(new Date(a.next_poll_at as string).getTime() - new Date(a.last_poll_at as string).getTime()).toBe(60_000);
      expect((await settings(hotel)).health).toMatchObject({ status: 'failing', lastErrorKey: 'error.fleet.busy' });

      // wrong credentials: paused, and the ticker asks the provider nothing more
      const wrong = webfleetSettings();
      (wrong.credentials as { password: string }).password = 'not-the-password';
      // (saving polls at once: the time is taken before)
      const since = Date.now();
      expect((await call(hotel, 'POST', `${BASE}/update-gps-settings`, wrong)).statusCode).toBe(200);
      await polled(hotel.user.id, since);
      a = await account(hotel.user.id);
      expect(a).toMatchObject({ status: 'paused', last_error_key: 'error.fleet.credentials' });
      const asked = webfleet.requests.length;
      await t.database.db.execute(
        sql`update fleet_accounts set next_poll_at = now() - interval '1 hour' where owner_id = ${hotel.user.id}`,
      );
      await t.app.fleetTick();
      await new Promise((r) => setTimeout(r, 1500));
      expect(webfleet.requests.length).toBe(asked);
      expect((await settings(hotel)).health.status).toBe('paused');
      // the right credentials again: polled, the vehicles still there
      const again = Date.now();
      expect((await call(hotel, 'POST', `${BASE}/update-gps-settings`, webfleetSettings())).statusCode).toBe(200);
      await polled(hotel.user.id, again);
      expect((await settings(hotel)).health.status).toBe('ok');
    },
  );

  it('tests a connection without saving it, and says why one fails', async () => {
    // a minute later: the provider's quota of 6 object reports a minute is free again
    webfleet.requests.length = 0;
    const ok = await call(hotel, 'POST', `${BASE}/test-connection`, webfleetSettings());
    expect(ok.json()).toEqual({ ok: true, vehicles: 2, key: null });
    const wrong = webfleetSettings();
    (wrong.credentials as { apiKey: string }).apiKey = 'other-key';
    const refused = await call(hotel, 'POST', `${BASE}/test-connection`, wrong);
    expect(refused.json()).toEqual({ ok: false, vehicles: 0, key: 'error.fleet.credentials' });
    webfleet.htmlNext();
    expect((await call(hotel, 'POST', `${BASE}/test-connection`, webfleetSettings())).json()).toEqual({
      ok: false,
      vehicles: 0,
      key: 'error.fleet.provider',
    });
  });
});

describe('fleet tracking with Traccar and the simulator', () => {
  it('polls a Traccar server with a token; another provider replaces the vehicles', async () => {
    traccar.addVehicle({ name: 'Tour bus', latitude: 47.8, longitude: 12.1, speed: 20 });
    const before = Date.now();
    const res = await call(rival, 'POST', `${BASE}/update-gps-settings`, {
      provider: 'traccar',
      credentials: { provider: 'traccar', baseUrl: traccar.url, token: 'traccar-token-1' },
      pollSeconds: 10,
      appClientIds: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ provider: 'traccar', baseUrl: traccar.url, credentialsSet: true });
    expect(res.body).not.toContain('traccar-token-1');
    await polled(rival.user.id, before);
    const list = (await settings(rival)).webFleetVehicleList;
    expect(list.map((v) => [v.name, v.speedKmh, v.status])).toEqual([['Tour bus', 37, 'moving']]);
    expect(traccar.requests.some((r) => r.authorization === 'Bearer traccar-token-1')).toBe(true);
  });

  it('the simulator drives three shuttles around the business’s location', async () => {
    const sim = await business(t.app, { gpstrackingactivated: true });
    // without a location or city it has nowhere to drive
    const nowhere = await call(sim, 'POST', `${BASE}/update-gps-settings`, { provider: 'simulator', pollSeconds: 5 });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json()).toMatchObject({ key: 'error.fleet.location' });
    await t.database.db.execute(sql`update users set city_latitude = 48.1374, city_longitude = 11.5755 where id = ${sim.user.id}`);
    const before = Date.now();
    expect((await call(sim, 'POST', `${BASE}/update-gps-settings`, { provider: 'simulator', pollSeconds: 5 })).statusCode).toBe(200);
    await polled(sim.user.id, before);
    const list = (await settings(sim)).webFleetVehicleList;
    expect(list.map((v) => v.name)).toEqual(['Shuttle 1', 'Shuttle 2', 'Shuttle 3']);
    for (const v of list) {
      expect(Math.abs(v.latitude - 48.1374)).toBeLessThan(0.06);
      expect(Math.abs(v.longitude - 11.5755)).toBeLessThan(0.09);
    }
  });

  it('the account export has the fleet: settings without a credential, the vehicles and where they are hidden', async () => {
    const res = await call(hotel, 'GET', '/api/myprofile/export');
    expect(res.statusCode).toBe(200);
    for (const secret of [WF.password, WF.apikey]) expect(res.body).not.toContain(secret);
    const { fleet } = res.json() as {
      fleet: {
        settings: { provider: string; credentialsSet: boolean } | null;
        vehicles: { name: string; hiddenIn: string[]; positionsKept: number }[];
      };
    };
    expect(fleet.settings).toMatchObject({ provider: 'webfleet', credentialsSet: true });
    expect(fleet.vehicles.map((v) => [v.name, v.hiddenIn])).toEqual([
      ['Shuttle 1', []],
      ['Shuttle 2', ['guestapp']],
    ]);
    expect(fleet.vehicles.every((v) => v.positionsKept >= 1)).toBe(true);
    expect(((await call(plain, 'GET', '/api/myprofile/export')).json() as { fleet: unknown }).fleet).toEqual({
      settings: null,
      vehicles: [],
    });
  });
});
