import { sql } from 'drizzle-orm';
import type { TestApp } from '../test/helpers.ts';
import { setFlags } from '../test/widget-helpers.ts';
import { must, type Actor, type As } from './world.ts';

/** The fleet settings of a sweep business: the simulator, shown in its guest app and (given) its v2 widget. */
export const fleetSettings = (widgetId?: number) => ({
  provider: 'simulator',
  pollSeconds: 5,
  appClientIds: ['guestapp', ...(widgetId ? [`widget-${widgetId}`] : [])],
});

/**
 * Fleet tracking in the sweep's world (modules/fleet): each business gets the flag, a city to drive
 * around, the simulator as its provider, one poll (its three shuttles), and `objects.fleetVehicle`.
 * The world's server runs no poller of its own (FLEET_TICK_SECONDS=0): nothing moves during the sweep.
 */
export async function addFleets(t: TestApp, actors: Actor[]): Promise<void> {
  for (const a of actors.filter((x) => x.kind === 'business')) {
    await setFlags(t.app, a.id, { gpstrackingactivated: true });
    await t.database.db.execute(sql`update users set city_latitude = 48.1374, city_longitude = 11.5755 where id = ${a.id}`);
    await must(t, { method: 'GET', url: '/api/guestapp', token: a.token, ip: a.ip });
    await must(t, {
      method: 'POST',
      url: '/api/webfleetvehicle/tracking/update-gps-settings',
      body: fleetSettings(a.objects.widgetV2?.id),
      token: a.token,
      ip: a.ip,
    });
  }
  await t.app.fleetTick();
  for (const a of actors.filter((x) => x.kind === 'business')) {
    for (let i = 0; i < 200 && !a.objects.fleetVehicle; i++) {
      const { list } = (
        await must(t, { method: 'GET', url: '/api/webfleetvehicle/tracking/all-list', token: a.token, ip: a.ip })
      ).json() as {
        list: { id: number }[];
      };
      a.objects.fleetVehicle = list[0]?.id;
      if (!a.objects.fleetVehicle) await new Promise((r) => setTimeout(r, 25));
    }
    if (!a.objects.fleetVehicle) throw new Error(`${a.label}: the simulator made no vehicle`);
    const guestApp = (await must(t, { method: 'GET', url: '/api/guestapp', token: a.token, ip: a.ip })).json() as { publicId: string };
    // a shared "where is my shuttle?" link of its guest app, for the public routes' sweep
    const shared = (
      await must(t, { method: 'POST', url: `/api/public/fleet/guest-app/${guestApp.publicId}/share`, body: { hours: 1 }, ip: a.ip })
    ).json() as { url: string };
    a.objects.fleetShare = shared.url.split('/shuttle/')[1];
  }
}

/** Nobody reads or changes another business's vehicles or names its app clients. */
export function fleetAttacks(v: Actor, as: As): void {
  const vehicle = v.objects.fleetVehicle;
  const widget = v.scratch.widget;
  if (!vehicle) return;
  const base = '/api/webfleetvehicle/tracking';
  as('POST /api/webfleetvehicle/tracking/show-hide-vehicles', 'never', {
    method: 'POST',
    url: `${base}/show-hide-vehicles`,
    body: { vehicles: [{ id: vehicle, shown: false }] },
  });
  if (widget) {
    as('POST /api/webfleetvehicle/tracking/test-connection', 'never', {
      method: 'POST',
      url: `${base}/test-connection`,
      body: { ...fleetSettings(), appClientIds: [`widget-${widget}`] },
    });
    as('GET /api/webfleetvehicle/tracking/get-gps-settings', 'never', {
      method: 'GET',
      url: `${base}/get-gps-settings?appClientIds=widget-${widget}`,
    });
    as('GET /api/webfleetvehicle/tracking/all-list', 'never', { method: 'GET', url: `${base}/all-list?appClientIds=widget-${widget}` });
    as('POST /api/webfleetvehicle/tracking/update-gps-settings', 'never', {
      method: 'POST',
      url: `${base}/update-gps-settings`,
      body: { ...fleetSettings(), appClientIds: [`widget-${widget}`] },
    });
  }
  // what visitors see of it is public: anyone reads it and shares a link to it
  const anyone = (id: string, url: string, body?: unknown) =>
    as(id, 'read', { method: body ? 'POST' : 'GET', url, token: undefined, ...(body ? { body } : {}) }, true);
  if (v.objects.guestApp) {
    anyone('GET /api/public/fleet/guest-app/{publicId}', `/api/public/fleet/guest-app/${v.objects.guestApp}`);
    anyone('POST /api/public/fleet/guest-app/{publicId}/share', `/api/public/fleet/guest-app/${v.objects.guestApp}/share`, { hours: 1 });
  }
  if (v.objects.widgetV2) {
    anyone('GET /api/public/fleet/widget/{publicId}', `/api/public/fleet/widget/${v.objects.widgetV2.publicId}`);
    anyone('POST /api/public/fleet/widget/{publicId}/share', `/api/public/fleet/widget/${v.objects.widgetV2.publicId}/share`, {
      hours: 1,
    });
  }
  if (v.objects.fleetShare) anyone('GET /api/public/fleet/shared/{token}', `/api/public/fleet/shared/${v.objects.fleetShare}`);
  // one's own settings and vehicles answer one's own
  as('GET /api/webfleetvehicle/tracking/get-gps-settings', 'own', { method: 'GET', url: `${base}/get-gps-settings` });
  as('GET /api/webfleetvehicle/tracking/all-list', 'own', { method: 'GET', url: `${base}/all-list` });
}
