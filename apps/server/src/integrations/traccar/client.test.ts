import net from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeTraccar, type FakeTraccar } from '../../../test/fakes/traccar.ts';
import { FleetError } from '../fleet/types.ts';
import { knotsToKmh, traccarClient, type TraccarConfig } from './client.ts';

const EMAIL = 'dispatch@haulage.example';
const PASSWORD = 'Hafen-Passwort-7731';
const TOKEN = 'RzBFAiEAtraccar-user-token-5521';

let fake: FakeTraccar;
beforeAll(async () => {
  fake = await startFakeTraccar({ email: EMAIL, password: PASSWORD, token: TOKEN });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.devices = [];
  fake.positions = [];
  fake.requests = [];
  fake.delayMs = 0;
});

const client = (extra: Partial<TraccarConfig> = {}) =>
  traccarClient({ baseUrl: fake.url, email: EMAIL, password: PASSWORD, timeoutMs: 2000, ...extra });

/** The FleetError a call rejects with (fails the test when it resolves or throws anything else). */
async function failure(call: Promise<unknown>): Promise<FleetError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FleetError);
  return error as FleetError;
}

describe('knotsToKmh', () => {
  it('converts knots to km/h to one decimal', () => {
    expect(knotsToKmh(0)).toBe(0);
    expect(knotsToKmh(1)).toBe(1.9);
    expect(knotsToKmh(10)).toBe(18.5);
    expect(knotsToKmh(54)).toBe(100);
  });
});

describe('traccar client against the fake', () => {
  it('basic auth: joins each position to its device by id and maps it', async () => {
    const truck = fake.addVehicle({
      name: 'Truck 1',
      latitude: 53.5461,
      longitude: 9.9661,
      speed: 10,
      course: 90,
      ignition: true,
      address: 'Hafenstraße 1, Hamburg',
      fixTime: '2026-11-28T09:30:00.000Z',
    });
    const van = fake.addVehicle({ name: 'Van 2', latitude: 48.1372, longitude: 11.5755, course: 360, fixTime: '2026-11-28T09:31:15.000Z' });
    // a device that never reported: nothing to show
    fake.devices.push({ ...van.device, id: 999, name: 'New tracker', positionId: 0 });
    // positions in another order than devices: the join is by deviceId, not by index
    fake.positions.reverse();

    const got = await client().positions();

    expect(got).toEqual([
      {
        vehicleId: String(van.device.id),
        name: 'Van 2',
        latitude: 48.1372,
        longitude: 11.5755,
        speedKmh: 0,
        course: 0,
        ignition: null,
        at: new Date('2026-11-28T09:31:15.000Z'),
        text: null,
      },
      {
        vehicleId: String(truck.device.id),
        name: 'Truck 1',
        latitude: 53.5461,
        longitude: 9.9661,
        speedKmh: 18.5,
        course: 90,
        ignition: true,
        at: new Date('2026-11-28T09:30:00.000Z'),
        text: 'Hafenstraße 1, Hamburg',
      },
    ]);
    const basic = `Basic ${Buffer.from(`${EMAIL}:${PASSWORD}`).toString('base64')}`;
    expect(fake.requests.map((r) => r.path).sort()).toEqual(['/api/devices', '/api/positions']);
    expect(fake.requests.every((r) => r.method === 'GET' && r.authorization === basic && r.accept === 'application/json')).toBe(true);
  });

  it('token auth: sends the token as Bearer, preferred over an email and password', async () => {
    fake.addVehicle({ name: 'Truck 1', latitude: 52.52, longitude: 13.405, ignition: false });

    const got = await client({ token: TOKEN }).positions();

    expect(got.map((p) => [p.name, p.ignition])).toEqual([['Truck 1', false]]);
    expect(fake.requests.map((r) => r.authorization)).toEqual([`Bearer ${TOKEN}`, `Bearer ${TOKEN}`]);
    const onlyToken = await traccarClient({ baseUrl: fake.url, token: TOKEN }).positions();
    expect(onlyToken).toHaveLength(1);
  });

  it('leaves out disabled devices, positions off the Earth and positions without a readable time', async () => {
    fake.addVehicle({ name: 'Kept', latitude: -33.8688, longitude: 151.2093 });
    fake.addVehicle({ name: 'Disabled', latitude: 50, longitude: 8, disabled: true });
    fake.addVehicle({ name: 'North of the pole', latitude: 91, longitude: 8 });
    fake.addVehicle({ name: 'Past the date line', latitude: 50, longitude: -180.5 });
    fake.addVehicle({ name: 'No time', latitude: 50, longitude: 8, fixTime: 'yesterday-ish' });

    const got = await client().positions();

    expect(got.map((p) => p.name)).toEqual(['Kept']);
  });

  it('accepts a base URL with a trailing slash and never sends user info from it', async () => {
    fake.addVehicle({ name: 'Truck 1', latitude: 52.52, longitude: 13.405 });
    // fetch refuses a URL with credentials outright; the client strips them
    const baseUrl = fake.url.replace('http://', 'http://someone:url-secret@') + '/';

    expect(await client({ baseUrl }).positions()).toHaveLength(1);
    expect(fake.requests.map((r) => r.path).sort()).toEqual(['/api/devices', '/api/positions']);
  });

  it('a wrong password or token → credentials, not retryable, without the secret in the message', async () => {
    const wrongPassword = `${PASSWORD}-old`;
    const e = await failure(client({ password: wrongPassword }).positions());
    expect(e).toMatchObject({ reason: 'credentials', code: 401, retryable: false });
    for (const secret of [wrongPassword, Buffer.from(`${EMAIL}:${wrongPassword}`).toString('base64')]) {
      expect(e.message).not.toContain(secret);
      expect(e.stack).not.toContain(secret);
    }

    const wrongToken = `${TOKEN}x`;
    const t = await failure(client({ token: wrongToken }).positions());
    expect(t).toMatchObject({ reason: 'credentials', code: 401 });
    expect(t.message).not.toContain(wrongToken);

    fake.failNext(403);
    expect(await failure(client().positions())).toMatchObject({ reason: 'credentials', code: 403 });
  });

  it('no token and no email and password → credentials without a request', async () => {
    const e = await failure(traccarClient({ baseUrl: fake.url, email: EMAIL }).positions());
    expect(e.reason).toBe('credentials');
    expect(fake.requests).toHaveLength(0);
  });

  it('500 → provider with the status, retryable; 429 → rate', async () => {
    fake.failNext(500);
    expect(await failure(client().positions())).toMatchObject({ reason: 'provider', code: 500, retryable: true });
    fake.failNext(429);
    expect(await failure(client().positions())).toMatchObject({ reason: 'rate', code: 429, retryable: true });
    // the fake answers normally again: the failures were not sticky in the client
    expect(await client().positions()).toEqual([]);
  });

  it('when one request fails, the other is cancelled instead of left to the deadline', async () => {
    const abandonedBefore = fake.abandoned;
    fake.failNext(500);
    fake.hangNext();

    expect(await failure(client({ timeoutMs: 5000 }).positions())).toMatchObject({ reason: 'provider', code: 500 });

    await vi.waitFor(() => expect(fake.abandoned).toBe(abandonedBefore + 1), { timeout: 1000 });
  });

  it('an HTML login page or JSON that is not a list → garbage, not retryable', async () => {
    fake.htmlNext();
    expect(await failure(client().positions())).toMatchObject({ reason: 'garbage', retryable: false });
    fake.positions = { error: 'nope' } as never;
    expect(await failure(client().positions())).toMatchObject({ reason: 'garbage', retryable: false });
  });

  it('a redirect → garbage with its status, and it is not followed', async () => {
    fake.redirectNext(`${fake.url}/login`);
    expect(await failure(client().positions())).toMatchObject({ reason: 'garbage', code: 302, retryable: false });
    expect(fake.requests.map((r) => r.path)).not.toContain('/login');
  });

  it('an unreachable server → provider, retryable', async () => {
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise<void>((r) => closed.close(() => r()));

    const e = await failure(client({ baseUrl: `http://127.0.0.1:${port}` }).positions());
    expect(e).toMatchObject({ reason: 'provider', retryable: true });
    expect(e.message).not.toContain(PASSWORD);
  });

  it('a server that never answers → timeout within timeoutMs, and the request is cancelled', async () => {
    const abandonedBefore = fake.abandoned;
    fake.hangNext();
    const started = Date.now();

    const e = await failure(client({ timeoutMs: 200 }).positions());

    const took = Date.now() - started;
    expect(e).toMatchObject({ reason: 'timeout', retryable: true });
    expect(took).toBeGreaterThanOrEqual(190);
    // slack for a busy CI machine, well under a second timeout
    expect(took).toBeLessThan(550);
    await vi.waitFor(() => expect(fake.abandoned).toBeGreaterThan(abandonedBefore));
  });

  it('a slow answer inside timeoutMs is not a timeout', async () => {
    fake.addVehicle({ name: 'Truck 1', latitude: 52.52, longitude: 13.405 });
    fake.delayMs = 100;
    expect(await client({ timeoutMs: 1000 }).positions()).toHaveLength(1);
  });

  it("the caller's abort ends the call at once: provider, 'the call was cancelled', the reason as cause", async () => {
    fake.hangNext();
    const controller = new AbortController();
    const reason = new Error('the dispatcher closed the map');
    const started = Date.now();
    setTimeout(() => controller.abort(reason), 50);

    const e = await failure(client({ timeoutMs: 5000 }).positions(controller.signal));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(e).toMatchObject({ reason: 'provider', message: 'the call was cancelled' });
    expect(e.cause).toBe(reason);

    fake.requests = [];
    const already = await failure(client().positions(AbortSignal.abort(reason)));
    expect(already).toMatchObject({ reason: 'provider', message: 'the call was cancelled' });
    expect(fake.requests).toHaveLength(0);
  });
});
