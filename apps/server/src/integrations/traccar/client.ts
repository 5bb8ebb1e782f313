import { FleetError, validCoordinates, type FleetPosition, type FleetProvider } from '../fleet/types.ts';

/**
 * How to reach one business's Traccar server. Either a user token (Traccar 5.x+, sent as
 * `Authorization: Bearer`) or the user's email and password (HTTP Basic on every request); the
 * token wins when both are set.
 */
export interface TraccarConfig {
  /** The server's address without `/api`, e.g. `https://traccar.example.com` (a path prefix is kept). */
  baseUrl: string;
  token?: string;
  email?: string;
  password?: string;
  /** One deadline for the whole call (both requests and their bodies); 10 000 by default. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** Traccar reports speed in knots (openapi.yaml, Position.speed: "in knots"); 1 kn = 1.852 km/h exactly. */
export const knotsToKmh = (knots: number): number => Math.round(knots * 1.852 * 10) / 10;

/** The fields of `GET /api/devices` the client reads (openapi.yaml, schema Device). */
interface TraccarDevice {
  id: number;
  name?: unknown;
  disabled?: unknown;
}

/** The fields of `GET /api/positions` the client reads (openapi.yaml, schema Position). */
interface TraccarPosition {
  deviceId: number;
  latitude?: unknown;
  longitude?: unknown;
  speed?: unknown;
  course?: unknown;
  fixTime?: unknown;
  address?: unknown;
  attributes?: { ignition?: unknown } | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Entries that are not objects with a numeric id are skipped, not fatal: the rest still shows. */
const isDevice = (d: unknown): d is TraccarDevice => isObject(d) && typeof d.id === 'number';
const isPosition = (p: unknown): p is TraccarPosition => isObject(p) && typeof p.deviceId === 'number';
const finite = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The Authorization header, or undefined when the config has neither a token nor an email and password. */
function authorization(cfg: TraccarConfig): string | undefined {
  if (cfg.token) return `Bearer ${cfg.token}`;
  // Traccar decodes Basic as US-ASCII; UTF-8 is what every client sends and equals it for ASCII
  if (cfg.email && cfg.password) return `Basic ${Buffer.from(`${cfg.email}:${cfg.password}`, 'utf8').toString('base64')}`;
  return undefined;
}

/**
 * The base URL with `/api`, without user info: a `https://user:pass@host` address would put the
 * password into every request line and into fetch's error messages.
 */
function apiBase(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    url.username = '';
    url.password = '';
    url.search = '';
    url.hash = '';
    return `${url.href.replace(/\/+$/, '')}/api`;
  } catch {
    // not a URL: fetch fails on it and the call answers `provider`, without echoing it
    return `${baseUrl.replace(/\/+$/, '')}/api`;
  }
}

/** One Traccar position joined with its device → FleetPosition, or null when it cannot be shown. */
function toFleetPosition(device: TraccarDevice, p: TraccarPosition): FleetPosition | null {
  const latitude = finite(p.latitude);
  const longitude = finite(p.longitude);
  if (latitude === null || longitude === null || !validCoordinates(latitude, longitude)) return null;
  const at = typeof p.fixTime === 'string' ? new Date(p.fixTime) : null;
  if (!at || Number.isNaN(at.getTime())) return null;
  const knots = finite(p.speed);
  const course = finite(p.course);
  const ignition = isObject(p.attributes) ? p.attributes.ignition : undefined;
  return {
    vehicleId: String(device.id),
    name: typeof device.name === 'string' ? device.name : String(device.id),
    latitude,
    longitude,
    speedKmh: knots === null ? null : knotsToKmh(knots),
    // Traccar sends 0…360 as a float; 360 and 0 are both north
    course: course === null ? null : ((course % 360) + 360) % 360,
    ignition: typeof ignition === 'boolean' ? ignition : null,
    at,
    text: typeof p.address === 'string' && p.address !== '' ? p.address : null,
  };
}

/**
 * A fetch client for Traccar's REST API (no official JS SDK): each call GETs `/api/devices` and
 * `/api/positions` (without parameters: the latest position of every device the user sees) in
 * parallel and joins them by device id. Disabled devices, devices without a position, positions
 * off the Earth or without a readable fix time are left out. No retries: the tracking module polls
 * again and backs off on `retryable` errors.
 *
 * Failures are FleetErrors whose messages never hold the token, the password or the URL's user
 * info: 401/403 `credentials`, 429 `rate`, another non-2xx `provider` (its status as `code`), a
 * 2xx that is not a JSON array (a proxy's or SSO's HTML login page) `garbage`, no answer within
 * `timeoutMs` `timeout`, an unreachable server `provider`, a redirect `garbage` (not followed). When
 * the caller's signal aborts: `provider`, "the call was cancelled", the signal's reason as `cause`
 * (as the Webfleet client answers it).
 */
export function traccarClient(cfg: TraccarConfig, fetchImpl: typeof fetch = fetch): FleetProvider {
  const api = apiBase(cfg.baseUrl);
  const auth = authorization(cfg);
  const timeoutMs = cfg.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  /** GET one list; `signal` covers the request and the body. */
  async function list(path: '/devices' | '/positions', signal: AbortSignal): Promise<unknown[]> {
    const res = await fetchImpl(`${api}${path}`, {
      // /positions also speaks CSV and GPX, chosen by Accept
      headers: { authorization: auth!, accept: 'application/json' },
      // the API never redirects; a proxy's login redirect or http→https means a wrong baseUrl, and
      // following one would send the poller to an address nobody checked
      redirect: 'manual',
      signal,
    });
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      if (res.status >= 300 && res.status < 400)
        throw new FleetError('garbage', `Traccar answered ${path} with a redirect (${res.status}), not the API`, res.status);
      if (res.status === 401 || res.status === 403)
        throw new FleetError('credentials', `Traccar refused the token or the email and password (${res.status})`, res.status);
      if (res.status === 429) throw new FleetError('rate', 'Traccar asked to slow down (429)', res.status);
      throw new FleetError('provider', `Traccar answered ${res.status} for ${path}`, res.status);
    }
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      throw new FleetError('garbage', `Traccar answered ${path} with something that is not JSON`, res.status, { cause: error });
    }
    if (!Array.isArray(body)) throw new FleetError('garbage', `Traccar answered ${path} with JSON that is not a list`, res.status);
    return body;
  }

  return {
    async positions(signal) {
      if (!auth) throw new FleetError('credentials', 'Traccar needs a token or an email and password');
      const deadline = AbortSignal.timeout(timeoutMs);
      // when one request fails, the other is not worth waiting for
      const sibling = new AbortController();
      const both = AbortSignal.any([deadline, sibling.signal, ...(signal ? [signal] : [])]);
      let devices: unknown[];
      let positions: unknown[];
      try {
        [devices, positions] = await Promise.all([list('/devices', both), list('/positions', both)]);
      } catch (error) {
        sibling.abort();
        if (signal?.aborted) throw new FleetError('provider', 'the call was cancelled', undefined, { cause: signal.reason });
        if (error instanceof FleetError) throw error;
        if (deadline.aborted) throw new FleetError('timeout', `Traccar did not answer within ${timeoutMs} ms`, undefined, { cause: error });
        // refused, reset, DNS: fetch's TypeError; its message names the host, never the credentials
        throw new FleetError('provider', 'Traccar cannot be reached', undefined, { cause: error });
      }

      const byId = new Map<number, TraccarDevice>();
      for (const d of devices) if (isDevice(d) && d.disabled !== true) byId.set(d.id, d);
      const out: FleetPosition[] = [];
      for (const p of positions) {
        if (!isPosition(p)) continue;
        const device = byId.get(p.deviceId);
        const position = device && toFleetPosition(device, p);
        if (position) out.push(position);
      }
      return out;
    },
  };
}
