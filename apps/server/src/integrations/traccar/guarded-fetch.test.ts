import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTraccar, type FakeTraccar } from '../../../test/fakes/traccar.ts';
import { FleetError } from '../fleet/types.ts';
import { traccarClient } from './client.ts';
import { guardedFetch } from './guarded-fetch.ts';

let traccar: FakeTraccar;
beforeAll(async () => {
  traccar = await startFakeTraccar({ token: 'guard-token' });
  traccar.addVehicle({ name: 'Van', latitude: 48.1, longitude: 11.5, speed: 10 });
});
afterAll(() => traccar.close());

describe('Traccar behind the address guard', () => {
  it('does not connect to a name that resolves to loopback, however the address is written', async () => {
    // "localhost" is a name: its address is only known at connect time, where the guard looks
    const byName = traccar.url.replace('127.0.0.1', 'localhost');
    const asked = traccar.requests.length;
    for (const baseUrl of [traccar.url, byName]) {
      const client = traccarClient({ baseUrl, token: 'guard-token' }, guardedFetch(false));
      const failure = await client.positions().catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(FleetError);
      expect((failure as FleetError).reason).toBe('provider');
    }
    expect(traccar.requests.length).toBe(asked);
  });

  it('reaches it when private addresses are allowed (a local Traccar)', async () => {
    const client = traccarClient({ baseUrl: traccar.url.replace('127.0.0.1', 'localhost'), token: 'guard-token' }, guardedFetch(true));
    expect((await client.positions()).map((p) => p.name)).toEqual(['Van']);
  });
});
