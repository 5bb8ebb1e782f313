import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, req, type TestApp } from '../../../test/helpers.ts';
import { cityIndex, createCityIndex, fold, type RawCity } from './city-index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const search = async (qs: string) => {
  const res = await req(t.app, 'GET', `/api/city/search?${qs}`);
  return { status: res.statusCode, body: res.json() };
};
const names = (body: { list: { city: string }[] }) => body.list.map((c) => c.city);

describe('GET /api/city/search (SPEC §5: cities of the chosen country)', () => {
  it('"munc" and "münc" both find München first in Germany, as a selected place', async () => {
    for (const q of ['munc', 'münc', 'MÜNC', 'muenc', 'München']) {
      const { status, body } = await search(`q=${encodeURIComponent(q)}&country=de`);
      expect(status, q).toBe(200);
      expect(body.list[0], q).toEqual({
        city: 'München',
        country: 'DE',
        latitude: 48.13743,
        longitude: 11.57549,
        placeid: 'geonames:2867714',
        visibility: { id: 255 },
      });
    }
    const { body } = await search('q=munc&country=DE&limit=5');
    expect(body.pageSize).toBe(5);
    expect(body.list).toHaveLength(5);
    expect(body.total).toBeGreaterThan(5);
    // larger first
    expect(names(body).slice(0, 3)).toEqual(['München', 'Münchberg', 'Müncheberg']);
  });

  it('is restricted to the country: no German cities in Austria, no Austrian ones in Germany', async () => {
    const at = (await search('q=munc&country=at')).body;
    expect(at.list.every((c: { country: string }) => c.country === 'AT')).toBe(true);
    expect(names(at)).not.toContain('München');
    expect(names((await search('q=wien&country=at')).body)[0]).toBe('Wien');
    expect(names((await search('q=vienna&country=at')).body)[0]).toBe('Wien');
    expect(names((await search('q=wien&country=de')).body)).not.toContain('Wien');
  });

  it('finds names with letters outside Latin-1 by their plain form; districts are not cities', async () => {
    expect(names((await search('q=lodz&country=pl')).body)[0]).toBe('Łódź');
    expect(names((await search('q=koln&country=de')).body)[0]).toBe('Köln');
    expect(names((await search('q=frankfurt%20am&country=de')).body)).toEqual(['Frankfurt am Main']);
    expect(names((await search('q=wandsbek&country=de')).body)).not.toContain('Wandsbek');
  });

  it('empty q answers an empty list; over-long q, bad country or limit are 400', async () => {
    for (const qs of ['country=de', 'q=&country=de', 'q=%20%20&country=de', 'q=!!!&country=de']) {
      const { status, body } = await search(qs);
      expect(status, qs).toBe(200);
      expect(body).toMatchObject({ list: [], total: 0 });
    }
    const long = await search(`q=${'a'.repeat(101)}&country=de`);
    expect(long.status).toBe(400);
    expect(long.body.fields).toEqual([{ path: 'querystring.q', key: 'FORM.ERROR.MAXLENGTH' }]);
    for (const qs of ['q=a', 'q=a&country=deu', 'q=a&country=d1', 'q=a&country=qq', 'q=a&country=de&limit=0', 'q=a&country=de&limit=51']) {
      const { status, body } = await search(qs);
      expect(status, qs).toBe(400);
      expect(body.key).toBe('error.validation');
    }
  });

  it('a search is fast once the country is indexed', async () => {
    const queries = ['m', 'mu', 'ber', 'ham', 'k', 'kö', 'frank', 'st', 'a', 'wi', 'lei', 'nü', 'x', 'aug', 'reg', 'rosen'];
    const countries = ['DE', 'AT', 'US', 'FR', 'IT', 'GB'];
    for (const c of countries) cityIndex.search(c, 'a', 10); // build the indexes
    const n = 5000;
    const start = performance.now();
    for (let i = 0; i < n; i++) cityIndex.search(countries[i % countries.length], queries[i % queries.length], 10);
    const perQuery = (performance.now() - start) / n;
    console.info(`city search: ${perQuery.toFixed(4)} ms per query (${n} queries, warm)`);
    expect(perQuery).toBeLessThan(2);
  });
});

describe('city index', () => {
  const raw = (cityId: number, name: string, country: string, population: number, featureCode = 'PPL'): RawCity => ({
    cityId,
    name,
    country,
    featureCode,
    population,
    loc: { coordinates: [10 + cityId, 50 + cityId] },
  });

  it('reads the data once, lazily, and swaps [lon, lat]', () => {
    let loads = 0;
    const idx = createCityIndex(() => {
      loads++;
      return [
        raw(1, 'Aachen', 'DE', 250_000),
        raw(2, 'Aalen', 'DE', 68_000),
        raw(3, 'Aarau', 'CH', 21_000),
        raw(4, 'Aach-Nord', 'DE', 900_000, 'PPLX'),
      ];
    });
    expect(idx.loaded()).toBe(false);
    const r = idx.search('de', 'aa', 10);
    expect(r.list.map((c) => c.name)).toEqual(['Aachen', 'Aalen']);
    expect(r.list[0]).toMatchObject({ latitude: 51, longitude: 11 });
    idx.search('CH', 'a', 10);
    expect(loads).toBe(1);
  });

  it('folds case, accents and punctuation the same way for names and queries', () => {
    expect(fold('München')).toBe('munchen');
    expect(fold('  Łódź ')).toBe('lodz');
    expect(fold('Frankfurt-am-Main')).toBe('frankfurt am main');
    expect(fold('İstanbul')).toBe('istanbul');
    expect(fold('Straße')).toBe('strasse');
  });
});
