import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type WebSocket from 'ws';
import { REALTIME_PATH, RealtimeClose, type FleetLiveVehicle, type PublicFleet, type ServerMessage } from '@spotlist/contracts';
import { buildTestApp, req, type LoggedIn, type TestApp } from '../../../test/helpers.ts';
import { business, setFlags } from '../../../test/widget-helpers.ts';
import { authed, connect } from '../../../test/socket-client.ts';

/**
 * The live views of fleet tracking over real sockets: the business's page hears every vehicle, a
 * view (guest app, widget, shared link) only what its app client shows; the public answers and
 * the shared link's end. The simulator is the provider (no fake needed: it is ours).
 */
const BASE = '/api/webfleetvehicle/tracking';
let t: TestApp;
let url: string;
let hotel: LoggedIn;
let rival: LoggedIn;
let guestPublicId: string;
let widgetId: number;
let widgetPublicId: string;
const o = { sockets: [] as WebSocket[] };

const call = (u: LoggedIn | null, method: 'GET' | 'POST', path: string, body?: unknown) =>
  req(t.app, method, path, { token: u?.token, body });
const moved = (m: ServerMessage) => m.type === 'event' && m.name === 'fleet.moved';
const vehiclesOf = (m: ServerMessage) => (m as Extract<ServerMessage, { name: 'fleet.moved' }>).payload.vehicles;

/** Lets the simulator's positions come in now and the live views hear them. */
async function poll(u: LoggedIn) {
  await t.database.db.execute(sql`update fleet_accounts set next_poll_at = now() - interval '1 second' where owner_id = ${u.user.id}`);
  await t.app.fleetTick();
}

beforeAll(async () => {
  t = await buildTestApp({ config: { FLEET_TICK_SECONDS: '0', JOBS_POLL_INTERVAL_SECONDS: '0.5' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${REALTIME_PATH}`;
  const flags = { gpstrackingactivated: true, widgetv2activated: true, hasGuest: true };
  hotel = await business(t.app, flags);
  rival = await business(t.app, flags);
  for (const b of [hotel, rival])
    await t.database.db.execute(sql`update users set city_latitude = 48.1374, city_longitude = 11.5755 where id = ${b.user.id}`);
  guestPublicId = ((await call(hotel, 'GET', '/api/guestapp')).json() as { publicId: string }).publicId;
  const w = (await call(hotel, 'POST', '/api/widget/add', { name: 'Shuttles' })).json() as { id: number; publicId: string };
  widgetId = w.id;
  widgetPublicId = w.publicId;
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  for (const s of o.sockets) s.terminate();
  await t.close();
});

describe('fleet tracking: what visitors see', () => {
  it('nothing before the business shows vehicles in that app client; unknown ids are 404', async () => {
    expect((await call(null, 'GET', `/api/public/fleet/guest-app/${guestPublicId}`)).json()).toEqual({ available: false });
    expect((await call(null, 'GET', '/api/public/fleet/guest-app/nosuchapp123')).statusCode).toBe(404);
    expect((await call(null, 'GET', '/api/public/fleet/widget/x')).statusCode).toBe(404);
    const share = await call(null, 'POST', `/api/public/fleet/guest-app/${guestPublicId}/share`, { hours: 1 });
    expect(share.statusCode).toBe(404);
    expect(share.json()).toMatchObject({ key: 'error.fleet.off' });
  });

  it('the guest app shows the shuttles around the business, live; the widget that does not show them stays off', async () => {
    // the business's page is open: saving polls at once, and the page hears the positions
    const owner = await authed(url, o, hotel.token);
    const saved = await call(hotel, 'POST', `${BASE}/update-gps-settings`, {
      provider: 'simulator',
      pollSeconds: 5,
      appClientIds: ['guestapp'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const first = vehiclesOf(await owner.next((m) => moved(m) && vehiclesOf(m).length > 0));
    expect(first.map((v) => v.name)).toEqual(['Shuttle 1', 'Shuttle 2', 'Shuttle 3']);

    const fleet = (await call(null, 'GET', `/api/public/fleet/guest-app/${guestPublicId}`)).json() as PublicFleet;
    expect(fleet).toMatchObject({ available: true, pollSeconds: 5, stops: [{ latitude: 48.1374, longitude: 11.5755 }] });
    expect(fleet.vehicles!.map((v) => v.name)).toEqual(['Shuttle 1', 'Shuttle 2', 'Shuttle 3']);
    expect(fleet.vehicles![0]!.trail!.length).toBeGreaterThan(0);
    expect(new Date(fleet.viewUntil!).getTime()).toBeGreaterThan(Date.now() + 5 * 3_600_000);
    expect((await call(null, 'GET', `/api/public/fleet/widget/${widgetPublicId}`)).json()).toEqual({ available: false });

    // a view of the guest app hears the next positions
    const view = await connect(url, o);
    view.send({ type: 'auth', view: fleet.view });
    expect(await view.next()).toEqual({ type: 'ready' });
    await poll(hotel);
    const live = vehiclesOf(await view.next(moved));
    expect(live.map((v) => v.name)).toEqual(['Shuttle 1', 'Shuttle 2', 'Shuttle 3']);
    expect(live[0]).not.toHaveProperty('trail');

    // the business hides Shuttle 2 in the guest app: the view hears it at once, the page still has all three
    const bus2 = first.find((v) => v.name === 'Shuttle 2')!;
    const hidden = await call(hotel, 'POST', `${BASE}/show-hide-vehicles?appClientIds=guestapp`, {
      vehicles: [{ id: bus2.id, shown: false }],
    });
    expect(hidden.statusCode).toBe(200);
    expect(vehiclesOf(await view.next(moved)).map((v: FleetLiveVehicle) => v.name)).toEqual(['Shuttle 1', 'Shuttle 3']);
    expect(vehiclesOf(await owner.next(moved))).toHaveLength(3);
    const after = (await call(null, 'GET', `/api/public/fleet/guest-app/${guestPublicId}`)).json() as PublicFleet;
    expect(after.vehicles!.map((v) => v.name)).toEqual(['Shuttle 1', 'Shuttle 3']);

    // another business's positions never reach this view
    await call(rival, 'POST', `${BASE}/update-gps-settings`, { provider: 'simulator', pollSeconds: 5, appClientIds: ['guestapp'] });
    await poll(rival);
    await poll(hotel);
    const next = vehiclesOf(await view.next(moved));
    expect(next.every((v) => first.some((f) => f.id === v.id))).toBe(true);
  });

  it('a view token cannot be made up or altered; one of a business whose flag went is refused', async () => {
    const fleet = (await call(null, 'GET', `/api/public/fleet/guest-app/${guestPublicId}`)).json() as PublicFleet;
    const altered = fleet.view!.slice(0, -4) + (fleet.view!.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    for (const token of [altered, 'v1.made.up.token.here']) {
      const c = await connect(url, o);
      c.send({ type: 'auth', view: token });
      expect((await c.closed).code).toBe(RealtimeClose.unauthorized);
    }
    await setFlags(t.app, hotel.user.id, { gpstrackingactivated: false });
    const c = await connect(url, o);
    c.send({ type: 'auth', view: fleet.view });
    expect((await c.closed).code).toBe(RealtimeClose.unauthorized);
    expect((await call(null, 'GET', `/api/public/fleet/guest-app/${guestPublicId}`)).json()).toEqual({ available: false });
    await setFlags(t.app, hotel.user.id, { gpstrackingactivated: true });
  });

  it('a shared link shows the same shuttles until it ends, then 410; a made-up one is 404', async () => {
    const bad = await call(null, 'POST', `/api/public/fleet/guest-app/${guestPublicId}/share`, { hours: 3 });
    expect(bad.statusCode).toBe(400);
    const shared = await call(null, 'POST', `/api/public/fleet/guest-app/${guestPublicId}/share`, { hours: 1 });
    expect(shared.statusCode, shared.body).toBe(200);
    const { url: link, expiresAt } = shared.json() as { url: string; expiresAt: string };
    expect(link).toMatch(/\/shuttle\/v1\.[\w.-]+$/);
    expect(Math.abs(new Date(expiresAt).getTime() - (Date.now() + 3_600_000))).toBeLessThan(60_000);
    const token = link.split('/shuttle/')[1]!;
    const open = (await call(null, 'GET', `/api/public/fleet/shared/${token}`)).json() as PublicFleet;
    expect(open.vehicles!.map((v) => v.name)).toEqual(['Shuttle 1', 'Shuttle 3']);
    expect(open).toMatchObject({ view: token, viewUntil: expiresAt });
    expect((await call(null, 'GET', `/api/public/fleet/shared/${'x'.repeat(40)}`)).statusCode).toBe(404);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2 * 3_600_000);
    const gone = await call(null, 'GET', `/api/public/fleet/shared/${token}`);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({ key: 'error.fleet.share.expired' });
    // nor does its socket open any more
    const c = await connect(url, o);
    c.send({ type: 'auth', view: token });
    expect((await c.closed).code).toBe(RealtimeClose.unauthorized);
  });

  it('a widget that shows vehicles has its own choice of them', async () => {
    await call(hotel, 'POST', `${BASE}/update-gps-settings`, {
      provider: 'simulator',
      pollSeconds: 5,
      appClientIds: ['guestapp', `widget-${widgetId}`],
    });
    const fleet = (await call(null, 'GET', `/api/public/fleet/widget/${widgetPublicId}`)).json() as PublicFleet;
    // hidden in the guest app only: the widget shows all three
    expect(fleet.vehicles!.map((v) => v.name)).toEqual(['Shuttle 1', 'Shuttle 2', 'Shuttle 3']);
    // the rival cannot show or hide the hotel's vehicles in its own widget
    const list = await call(rival, 'POST', `${BASE}/show-hide-vehicles?appClientIds=widget-${widgetId}`, {
      vehicles: [{ id: fleet.vehicles![0]!.id, shown: false }],
    });
    expect(list.statusCode).toBe(404);
  });
});
