import type { Config } from '../../config.ts';
import { geocoderConfig, type GeocoderConfig } from './config.ts';

/** An address to find: free text (street and number, maybe a postcode), the city, an ISO alpha-2 country. */
export interface GeocodeQuery {
  address?: string | null;
  city?: string | null;
  country?: string | null;
}

export interface GeocodeResult {
  latitude: number;
  longitude: number;
  /** The provider's name for what it found (Nominatim's display_name, Photon's name/street/city). */
  label: string | null;
}

/** The small interface the places module uses: one position for an address, or null when nothing matches. */
export interface Geocoder {
  /**
   * Finds `query`. `acceptLanguage` (the request's header) goes to the provider. Throws
   * GeocoderError when the provider fails (timeout, refused connection, 5xx, an answer it cannot
   * read); null means the provider answered and found nothing.
   */
  search(query: GeocodeQuery, opts?: { acceptLanguage?: string }): Promise<GeocodeResult | null>;
}

export class GeocoderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'GeocoderError';
  }
}

/** A query as one line: "Marienplatz 1, München"; the country goes separately (a filter). */
export function queryText(q: GeocodeQuery): string {
  return [q.address, q.city]
    .map((s) => (s ?? '').trim())
    .filter((s) => s !== '')
    .join(', ');
}

/** The cache key: case, accents, spacing and punctuation do not make another query. */
export function normalizedQuery(q: GeocodeQuery): string {
  const fold = (s: string | null | undefined) =>
    (s ?? '')
      .toLowerCase()
      .normalize('NFD')
      .replace(/\p{M}+/gu, '')
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  return `${fold(q.address)}|${fold(q.city)}|${fold(q.country)}`;
}

const number = (v: unknown): number => (typeof v === 'string' ? Number(v) : typeof v === 'number' ? v : Number.NaN);
const valid = (lat: number, lng: number) => Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;

/**
 * The first usable result of either answer shape: Nominatim's JSON array
 * (`[{ lat: "48.13", lon: "11.58", display_name }]`) or Photon's GeoJSON FeatureCollection
 * (`{ features: [{ geometry: { coordinates: [lon, lat] }, properties: { countrycode } }] }`).
 * Photon has no country filter in every version, so its features are filtered by `countrycode`
 * here. Throws when the body is neither shape.
 */
export function readAnswer(body: unknown, country?: string | null): GeocodeResult | null {
  if (Array.isArray(body)) {
    for (const r of body as { lat?: unknown; lon?: unknown; display_name?: unknown }[]) {
      const lat = number(r?.lat);
      const lng = number(r?.lon);
      if (valid(lat, lng)) return { latitude: lat, longitude: lng, label: typeof r.display_name === 'string' ? r.display_name : null };
    }
    return null;
  }
  const features = (body as { features?: unknown } | null)?.features;
  if (Array.isArray(features)) {
    const wanted = country?.toUpperCase();
    for (const f of features as { geometry?: { coordinates?: unknown }; properties?: Record<string, unknown> }[]) {
      const c = f?.geometry?.coordinates;
      if (!Array.isArray(c)) continue;
      const [lng, lat] = [number(c[0]), number(c[1])];
      const props = f.properties ?? {};
      const code = typeof props.countrycode === 'string' ? props.countrycode.toUpperCase() : undefined;
      if (!valid(lat, lng) || (wanted && code && code !== wanted)) continue;
      const label = [props.name, props.street, props.housenumber, props.city].filter((p) => typeof p === 'string' && p !== '').join(', ');
      return { latitude: lat, longitude: lng, label: label || null };
    }
    return null;
  }
  throw new GeocoderError('the geocoder answered neither a Nominatim nor a Photon result');
}

/** The provider's search URL for a query. */
export function searchUrl(cfg: Pick<GeocoderConfig, 'url' | 'kind'>, q: GeocodeQuery): URL {
  const country = q.country?.trim().toLowerCase();
  if (cfg.kind === 'photon') {
    const url = new URL(`${cfg.url}/api`);
    url.searchParams.set('q', queryText(q));
    // several, so one in the wanted country can be picked (readAnswer)
    url.searchParams.set('limit', country ? '5' : '1');
    return url;
  }
  const url = new URL(`${cfg.url}/search`);
  url.searchParams.set('q', queryText(q));
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('limit', '1');
  if (country) url.searchParams.set('countrycodes', country);
  return url;
}

/** A small LRU map with an age limit: Map keeps insertion order, a hit is moved to the end. */
function lruCache<V>(size: number, ttlMs: number, now: () => number) {
  const entries = new Map<string, { value: V; at: number }>();
  return {
    get(key: string): { value: V } | undefined {
      const e = entries.get(key);
      if (!e) return undefined;
      entries.delete(key);
      if (now() - e.at > ttlMs) return undefined;
      entries.set(key, e);
      return { value: e.value };
    },
    set(key: string, value: V) {
      entries.delete(key);
      entries.set(key, { value, at: now() });
      while (entries.size > size) entries.delete(entries.keys().next().value!);
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * A fetch client for a Nominatim- or Photon-compatible search API (there is no official SDK for
 * either): one GET per query with the User-Agent the usage policy asks for and the caller's
 * Accept-Language, within `timeoutMs`, no retries (a user is waiting; the caller falls back to the
 * city centre). Answers — found and not found — are cached per normalized query; failures are not.
 * Queries for the same key while one is under way share its request.
 */
export function geocoderClient(
  cfg: GeocoderConfig,
  deps: { fetch?: typeof fetch; now?: () => number } = {},
): Geocoder & {
  cacheSize(): number;
} {
  const doFetch = deps.fetch ?? fetch;
  const cache = lruCache<GeocodeResult | null>(cfg.cacheSize, cfg.cacheTtlMs, deps.now ?? Date.now);
  const running = new Map<string, Promise<GeocodeResult | null>>();

  async function ask(q: GeocodeQuery, acceptLanguage: string | undefined): Promise<GeocodeResult | null> {
    const headers: Record<string, string> = { 'user-agent': cfg.userAgent, accept: 'application/json' };
    if (acceptLanguage) headers['accept-language'] = acceptLanguage;
    let res: Response;
    try {
      res = await doFetch(searchUrl(cfg, q), { headers, signal: AbortSignal.timeout(cfg.timeoutMs), redirect: 'follow' });
    } catch (err) {
      const timeout = (err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError';
      throw new GeocoderError(timeout ? `no answer within ${cfg.timeoutMs} ms` : 'the geocoder cannot be reached', undefined, {
        cause: err,
      });
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw new GeocoderError(`the geocoder answered ${res.status}`, res.status);
    }
    let body: unknown;
    try {
      body = await res.json();
    } catch (err) {
      const timeout = (err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError';
      throw new GeocoderError(timeout ? `no answer within ${cfg.timeoutMs} ms` : 'the geocoder answered no JSON', res.status, {
        cause: err,
      });
    }
    return readAnswer(body, q.country);
  }

  return {
    async search(q, opts = {}) {
      if (queryText(q) === '') return null;
      const key = normalizedQuery(q);
      const hit = cache.get(key);
      if (hit) return hit.value;
      let pending = running.get(key);
      if (!pending) {
        pending = ask(q, opts.acceptLanguage).then(
          (r) => (cache.set(key, r), r),
          (err: unknown) => Promise.reject(err),
        );
        pending.finally(() => running.delete(key)).catch(() => undefined);
        running.set(key, pending);
      }
      return pending;
    },
    cacheSize: () => cache.size,
  };
}

/** The configured geocoder, or null without GEOCODER_URL (places then use city centres only). */
export function geocoderFromConfig(config: Config): Geocoder | null {
  const cfg = geocoderConfig(config);
  return cfg ? geocoderClient(cfg) : null;
}
