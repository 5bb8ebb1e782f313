import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local geocoder for tests: a real HTTP server speaking the search calls of both APIs the
 * product's client understands, as their public references document them:
 *
 * - Nominatim (https://nominatim.org/release-docs/latest/api/Search/): `GET /search?q=&format=jsonv2
 *   &limit=&countrycodes=` answers a JSON array of results whose `lat`/`lon` are strings, `[]` when
 *   nothing matches; an unknown `format` or a missing `q` answers 400 with
 *   `{ error: { code, message } }`.
 * - Photon (https://github.com/komoot/photon#search-api): `GET /api?q=&limit=&lang=` answers a GeoJSON
 *   FeatureCollection (`geometry.coordinates` is `[lon, lat]`, `properties.countrycode` upper case),
 *   `{ type: 'FeatureCollection', features: [] }` when nothing matches; a missing `q` answers 400
 *   with `{ message }`.
 *
 * Addresses are matched on the query text with case, accents and punctuation folded, and on the
 * country. Switches: `failNext` (a 5xx, or 429 as Nominatim's usage policy throttles), `delayNext`
 * (a slow answer), `failAll`/`delayAll` for every request until cleared.
 */
export interface FakeGeocoderAddress {
  /** The query text that finds it, e.g. "Marienplatz 1, München" (folded for matching). */
  query: string;
  /** ISO alpha-2 code (any case). */
  country: string;
  lat: number;
  lon: number;
  name?: string;
}

export interface FakeGeocoder {
  /** The base URL for GEOCODER_URL. */
  url: string;
  addresses: FakeGeocoderAddress[];
  /** Every request received, in order. */
  requests: { path: string; query: Record<string, string>; headers: http.IncomingHttpHeaders }[];
  /** The next `times` requests answer `status` (500 Internal Server Error, 503, 429 Too Many Requests). */
  failNext(status: number, times?: number): void;
  /** The next `times` requests wait `ms` before answering. */
  delayNext(ms: number, times?: number): void;
  /** Every request answers `status` (null: normal answers again). */
  failAll(status: number | null): void;
  /** Every request waits `ms` (0: no delay). */
  delayAll(ms: number): void;
  close(): Promise<void>;
}

const fold = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

export async function startFakeGeocoder(opts: { addresses?: FakeGeocoderAddress[]; port?: number } = {}): Promise<FakeGeocoder> {
  const addresses = [...(opts.addresses ?? [])];
  const requests: FakeGeocoder['requests'] = [];
  const failures: number[] = [];
  const delays: number[] = [];
  let failEvery: number | null = null;
  let delayEvery = 0;
  const timers = new Set<NodeJS.Timeout>();

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };

  const find = (q: string, countries: string[], limit: number) =>
    addresses
      .filter((a) => fold(a.query) === fold(q) && (countries.length === 0 || countries.includes(a.country.toLowerCase())))
      .slice(0, limit);

  function nominatim(res: http.ServerResponse, query: Record<string, string>) {
    const format = query.format ?? 'xml';
    if (!['json', 'jsonv2', 'geojson', 'geocodejson', 'xml'].includes(format)) {
      return json(res, 400, {
        error: { code: 400, message: `Parameter 'format' must be one of: xml, json, jsonv2, geojson, geocodejson` },
      });
    }
    if (format !== 'json' && format !== 'jsonv2')
      return json(res, 501, { error: { code: 501, message: 'the fake speaks json and jsonv2' } });
    if (!query.q) return json(res, 400, { error: { code: 400, message: 'Nothing to search for.' } });
    const countries = (query.countrycodes ?? '')
      .split(',')
      .map((c) => c.trim().toLowerCase())
      .filter(Boolean);
    const limit = Math.min(Math.max(Number(query.limit ?? 10) || 10, 1), 40);
    json(
      res,
      200,
      find(query.q, countries, limit).map((a, i) => ({
        place_id: 100000 + i,
        licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
        osm_type: 'node',
        osm_id: 200000 + i,
        lat: String(a.lat),
        lon: String(a.lon),
        [format === 'jsonv2' ? 'category' : 'class']: 'place',
        type: 'house',
        place_rank: 30,
        importance: 0.5,
        addresstype: 'place',
        name: a.name ?? '',
        display_name: `${a.name ? `${a.name}, ` : ''}${a.query}`,
        boundingbox: [String(a.lat - 0.0001), String(a.lat + 0.0001), String(a.lon - 0.0001), String(a.lon + 0.0001)],
      })),
    );
  }

  function photon(res: http.ServerResponse, query: Record<string, string>) {
    if (!query.q) return json(res, 400, { message: "missing search term 'q': /?q=berlin" });
    const limit = Math.min(Math.max(Number(query.limit ?? 15) || 15, 1), 50);
    json(res, 200, {
      type: 'FeatureCollection',
      features: find(query.q, [], limit).map((a, i) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [a.lon, a.lat] },
        properties: {
          osm_type: 'N',
          osm_id: 200000 + i,
          osm_key: 'place',
          osm_value: 'house',
          type: 'house',
          countrycode: a.country.toUpperCase(),
          name: a.name,
          street: a.query.split(',')[0],
          city: a.query.split(',')[1]?.trim(),
        },
      })),
    });
  }

  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://fake');
    const query = Object.fromEntries(u.searchParams);
    requests.push({ path: u.pathname, query, headers: req.headers });
    const answer = () => {
      const status = failures.shift() ?? failEvery;
      if (status !== null && status !== undefined) {
        if (u.pathname === '/api') return json(res, status, { message: http.STATUS_CODES[status] ?? 'error' });
        return json(res, status, { error: { code: status, message: http.STATUS_CODES[status] ?? 'error' } });
      }
      if (req.method !== 'GET') return json(res, 405, { error: { code: 405, message: 'Method Not Allowed' } });
      if (u.pathname === '/search' || u.pathname === '/search.php') return nominatim(res, query);
      if (u.pathname === '/api' || u.pathname === '/api/') return photon(res, query);
      return json(res, 404, { error: { code: 404, message: 'Not Found' } });
    };
    const delay = delays.shift() ?? delayEvery;
    if (delay > 0) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!res.destroyed) answer();
      }, delay);
      timers.add(timer);
    } else answer();
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    addresses,
    requests,
    failNext(status, times = 1) {
      for (let i = 0; i < times; i++) failures.push(status);
    },
    delayNext(ms, times = 1) {
      for (let i = 0; i < times; i++) delays.push(ms);
    },
    failAll(status) {
      failEvery = status;
    },
    delayAll(ms) {
      delayEvery = ms;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const t of timers) clearTimeout(t);
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
