import type { Config } from '../../config.ts';

export type GeocoderKind = 'nominatim' | 'photon';

/** What the geocoder client needs, read from GEOCODER_* (README "Configuration"). */
export interface GeocoderConfig {
  /** The search API's base URL, without the `/search` (Nominatim) or `/api` (Photon) path. */
  url: string;
  kind: GeocoderKind;
  /** Nominatim's usage policy: a User-Agent naming the application (and a way to reach its operator). */
  userAgent: string;
  timeoutMs: number;
  /** Answers (found and not found) kept in memory, least recently used dropped first. */
  cacheSize: number;
  /** How long a cached answer is used. */
  cacheTtlMs: number;
}

/** The geocoder configuration, or undefined when GEOCODER_URL is not set (city centres only). */
export function geocoderConfig(config: Config): GeocoderConfig | undefined {
  if (!config.GEOCODER_URL) return undefined;
  return {
    url: config.GEOCODER_URL.replace(/\/+$/, ''),
    kind: config.GEOCODER_KIND,
    userAgent: config.GEOCODER_USER_AGENT ?? `Spotlist (+${config.PUBLIC_URL ?? `http://localhost:${config.PORT}`})`,
    timeoutMs: config.GEOCODER_TIMEOUT_MS,
    cacheSize: 2000,
    cacheTtlMs: 24 * 3600 * 1000,
  };
}
