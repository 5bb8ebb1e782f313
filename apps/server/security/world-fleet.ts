import { sql } from 'drizzle-orm';
import type { TestApp } from '../test/helpers.ts';
import { setFlags } from '../test/widget-helpers.ts';
import { must, type Actor, type As } from './world.ts';

/** The fleet settings of a sweep business: the simulator, shown in its guest app. */
export const fleetSettings = () => ({ provider: 'simulator', pollSeconds: 5, appClientIds: ['guestapp'] });

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
      body: fleetSettings(),
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
  // one's own settings and vehicles answer one's own
  as('GET /api/webfleetvehicle/tracking/get-gps-settings', 'own', { method: 'GET', url: `${base}/get-gps-settings` });
  as('GET /api/webfleetvehicle/tracking/all-list', 'own', { method: 'GET', url: `${base}/all-list` });
}
