import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FleetError } from '../fleet/types.ts';
import { startFakeWebfleet, type FakeWebfleet } from '../../../test/fakes/webfleet.ts';
import { objectPosition, webfleetClient } from './client.ts';

const CREDS = { account: 'hotel', username: 'api', password: 'secret-pass', apikey: 'key-123' };
let fake: FakeWebfleet;
const client = (over: Partial<Parameters<typeof webfleetClient>[0]> = {}, now?: () => number) =>
  webfleetClient(
    { baseUrl: fake.url, account: CREDS.account, username: CREDS.username, password: CREDS.password, apiKey: CREDS.apikey, ...over },
    fetch,
    now,
  );
/** The error a call ends with. */
const failure = async (p: Promise<unknown>): Promise<FleetError> => {
  try {
    await p;
  } catch (error) {
    if (error instanceof FleetError) return error;
    throw error;
  }
  throw new Error('the call did not fail');
};

beforeAll(async () => {
  fake = await startFakeWebfleet(CREDS);
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.objects.length = 0;
  fake.requests.length = 0;
  fake.delayMs = 0;
});

describe('the WEBFLEET.connect client', () => {
  it('reads the object report: micro-degrees as degrees, ISO times, speed, course, ignition, the position text', async () => {
    fake.addObject({
      uid: 'uid-1',
      name: 'Shuttle 1',
      latitude: 48.137154,
      longitude: 11.576124,
      speed: 32,
      course: 270,
      text: 'München, Marienplatz',
    });
    fake.addObject({
      uid: 'uid-2',
      name: 'Shuttle 2',
      latitude: 48.1,
      longitude: 11.5,
      ignition: false,
      at: new Date('2026-11-28T09:00:00Z'),
    });
    const positions = await client().positions();
    expect(positions).toEqual([
      {
        vehicleId: 'uid-1',
        name: 'Shuttle 1',
        latitude: 48.137154,
        longitude: 11.576124,
        speedKmh: 32,
        course: 270,
        ignition: true,
        at: expect.any(Date),
        text: 'München, Marienplatz',
      },
      {
        vehicleId: 'uid-2',
        name: 'Shuttle 2',
        latitude: 48.1,
        longitude: 11.5,
        speedKmh: 0,
        course: 0,
        ignition: false,
        at: new Date('2026-11-28T09:00:00Z'),
        text: null,
      },
    ]);
    // the documented options went with the call
    expect(fake.requests).toEqual([{ action: 'showObjectReportExtern', at: expect.any(Number), account: 'hotel' }]);
  });

  it('leaves out objects without a usable position: none, out of range, a broken time', () => {
    const base = { objectuid: 'u', objectname: 'Van', pos_time: '2026-11-28T09:00:00Z' };
    expect(objectPosition({ ...base })).toBeNull();
    expect(objectPosition({ ...base, latitude_mdeg: 91_000_000, longitude_mdeg: 0 })).toBeNull();
    expect(objectPosition({ ...base, latitude_mdeg: 48_000_000, longitude_mdeg: 181_000_000 })).toBeNull();
    expect(objectPosition({ ...base, latitude_mdeg: 'x', longitude_mdeg: 11_000_000 })).toBeNull();
    expect(objectPosition({ ...base, latitude_mdeg: 48_000_000, longitude_mdeg: 11_000_000, pos_time: 'yesterday' })).toBeNull();
    // numbers as strings (as the CSV-born JSON has them) read as numbers
    expect(objectPosition({ ...base, latitude_mdeg: '48000000', longitude_mdeg: '11000000', speed: '12', course: '-90' })).toMatchObject({
      latitude: 48,
      longitude: 11,
      speedKmh: 12,
      course: 270,
    });
  });

  it('makes one call per account at a time: two at once never meet the session lock (8015)', async () => {
    fake.delayMs = 50;
    fake.addObject({ uid: 'a', name: 'A', latitude: 48, longitude: 11 });
    const c = client();
    const [one, two] = await Promise.all([c.positions(), c.positions()]);
    expect(one).toHaveLength(1);
    expect(two).toHaveLength(1);
    expect(fake.requests).toHaveLength(2);
  });

  it('never makes more than 6 object reports a minute: the 7th is refused before it reaches the provider', async () => {
    let t = 1_000_000;
    const c = client({}, () => t);
    for (let i = 0; i < 6; i++) await c.positions();
    const refused = await failure(c.positions());
    expect(refused.reason).toBe('rate');
    expect(refused.retryable).toBe(true);
    expect(fake.requests).toHaveLength(6);
    // a minute later it may call again (the provider's minute has passed too)
    t += 60_000;
    fake.requests.length = 0;
    await c.positions();
    expect(fake.requests).toHaveLength(1);
  });

  it('tells the provider’s failures apart: busy and quota are retried later, credentials and garbage are not', async () => {
    fake.busyNext();
    const busy = await failure(client().positions());
    expect(busy).toMatchObject({ reason: 'busy', code: 8015 });
    expect(busy.retryable).toBe(true);

    const wrong = await failure(client({ password: 'wrong-password' }).positions());
    expect(wrong).toMatchObject({ reason: 'credentials', code: 1101 });
    expect(wrong.retryable).toBe(false);
    // no credential in what is logged or shown
    expect(wrong.message).not.toContain('wrong-password');
    expect(wrong.message).not.toContain('key-123');

    fake.htmlNext();
    const html = await failure(client().positions());
    expect(html.reason).toBe('garbage');
    expect(html.retryable).toBe(false);

    // the provider's own quota (another client of the same account used it up)
    fake.requests.length = 0;
    for (let i = 0; i < 7; i++) fake.requests.push({ action: 'showObjectReportExtern', at: Date.now(), account: 'hotel' });
    const quota = await failure(client().positions());
    expect(quota).toMatchObject({ reason: 'rate', code: 8011 });
  });

  it('gives up on a provider that does not answer, and on the caller’s abort', async () => {
    fake.hangNext();
    const started = Date.now();
    const slow = await failure(client({ timeoutMs: 200 }).positions());
    expect(slow.reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2000);

    fake.delayMs = 500;
    const controller = new AbortController();
    const pending = client().positions(controller.signal);
    setTimeout(() => controller.abort(), 50);
    const aborted = await failure(pending);
    expect(aborted.reason).toBe('provider');
    expect(aborted.message).toBe('the call was cancelled');
  });
});
