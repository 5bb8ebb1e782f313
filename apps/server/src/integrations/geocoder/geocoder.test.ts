import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { startFakeGeocoder, type FakeGeocoder } from '../../../test/fakes/geocoder.ts';
import { geocoderClient, GeocoderError, normalizedQuery, readAnswer } from './client.ts';
import { geocoderConfig, type GeocoderConfig } from './config.ts';

let geo: FakeGeocoder;
beforeAll(async () => {
  geo = await startFakeGeocoder({
    addresses: [
      { query: 'Marienplatz 8, München', country: 'de', lat: 48.1372, lon: 11.5755, name: 'Neues Rathaus' },
      // the same street name in another country: Photon has no country filter, the client picks
      { query: 'Hauptplatz 1, Linz', country: 'at', lat: 48.3059, lon: 14.2862 },
      { query: 'Hauptplatz 1, Linz', country: 'de', lat: 50.5333, lon: 7.2833 },
    ],
  });
});
afterAll(() => geo.close());

const cfg = (extra: Partial<GeocoderConfig> = {}): GeocoderConfig => ({
  url: geo.url,
  kind: 'nominatim',
  userAgent: 'Spotlist-test',
  timeoutMs: 400,
  cacheSize: 100,
  cacheTtlMs: 60_000,
  ...extra,
});

describe('geocoder configuration', () => {
  it('is absent without GEOCODER_URL; names the application in the User-Agent by default', () => {
    expect(geocoderConfig(testConfig())).toBeUndefined();
    const c = geocoderConfig(testConfig({ GEOCODER_URL: 'https://nominatim.example/', PUBLIC_URL: 'https://spotlist.example' }))!;
    expect(c).toMatchObject({
      url: 'https://nominatim.example',
      kind: 'nominatim',
      timeoutMs: 3000,
      userAgent: 'Spotlist (+https://spotlist.example)',
    });
    expect(() => testConfig({ GEOCODER_KIND: 'google' })).toThrow(/GEOCODER_KIND/);
  });
});

describe('geocoder client against the fake', () => {
  it('Nominatim: finds an address in the country asked for', async () => {
    const g = geocoderClient(cfg());
    expect(await g.search({ address: 'Marienplatz 8', city: 'München', country: 'DE' }, { acceptLanguage: 'fr' })).toEqual({
      latitude: 48.1372,
      longitude: 11.5755,
      label: 'Neues Rathaus, Marienplatz 8, München',
    });
    expect(geo.requests.at(-1)!.headers).toMatchObject({ 'user-agent': 'Spotlist-test', 'accept-language': 'fr' });
    expect(await g.search({ address: 'Marienplatz 8', city: 'München', country: 'AT' })).toBeNull();
    expect(await g.search({ address: ' ', city: '' })).toBeNull();
  });

  it('Photon: reads GeoJSON ([lon, lat]) and picks the feature in the country asked for', async () => {
    const g = geocoderClient(cfg({ kind: 'photon' }));
    expect(await g.search({ address: 'Hauptplatz 1', city: 'Linz', country: 'de' })).toMatchObject({
      latitude: 50.5333,
      longitude: 7.2833,
    });
    expect(geo.requests.at(-1)!.path).toBe('/api');
    expect(await g.search({ address: 'Hauptplatz 1', city: 'Linz', country: 'AT' })).toMatchObject({
      latitude: 48.3059,
      longitude: 14.2862,
    });
    expect(await g.search({ address: 'Hauptplatz 1', city: 'Linz', country: 'CH' })).toBeNull();
    expect(await g.search({ address: 'Nowhere 1', city: 'Linz' })).toBeNull();
  });

  it('throws GeocoderError for 5xx, throttling, a timeout and a refused connection; failures are not cached', async () => {
    const g = geocoderClient(cfg());
    const q = { address: 'Marienplatz 8', city: 'München', country: 'de' };
    geo.failNext(503);
    await expect(g.search(q)).rejects.toMatchObject({ name: 'GeocoderError', status: 503 });
    geo.failNext(429);
    await expect(g.search(q)).rejects.toMatchObject({ status: 429 });
    geo.delayNext(3000);
    const started = Date.now();
    await expect(g.search(q)).rejects.toThrow(/within 400 ms/);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(await g.search(q)).toMatchObject({ latitude: 48.1372 });

    const gone = await startFakeGeocoder();
    await gone.close();
    await expect(geocoderClient(cfg({ url: gone.url })).search(q)).rejects.toBeInstanceOf(GeocoderError);
  });

  it('caches answers (found and not found) per normalized query, in a bounded LRU', async () => {
    const g = geocoderClient(cfg({ cacheSize: 2 }));
    const count = () => geo.requests.length;
    const start = count();
    await g.search({ address: 'Marienplatz 8', city: 'München', country: 'de' });
    await g.search({ address: 'marienplatz 8', city: 'Munchen', country: 'DE' });
    await g.search({ address: 'Nowhere 1', city: 'X' });
    await g.search({ address: 'nowhere 1', city: 'x' });
    expect(count() - start).toBe(2);
    expect(g.cacheSize()).toBe(2);
    await g.search({ address: 'Elsewhere 2', city: 'Y' }); // drops the least recently used (Marienplatz)
    expect(g.cacheSize()).toBe(2);
    await g.search({ address: 'Marienplatz 8', city: 'München', country: 'de' });
    expect(count() - start).toBe(4);
    // one request for simultaneous queries of the same address
    const [a, b] = await Promise.all([
      g.search({ address: 'Hauptplatz 1', city: 'Linz' }),
      g.search({ address: 'HAUPTPLATZ 1', city: 'Linz' }),
    ]);
    expect(a).toEqual(b);
    expect(count() - start).toBe(5);
    expect(normalizedQuery({ address: ' Café  Größe ', city: 'Zürich' })).toBe('cafe große|zurich|');
  });

  it('refuses an answer of neither shape', () => {
    expect(() => readAnswer({ results: [] })).toThrow(GeocoderError);
    expect(readAnswer([{ lat: 'x', lon: '1' }])).toBeNull();
    expect(readAnswer([{ lat: '91', lon: '1' }])).toBeNull();
  });
});
