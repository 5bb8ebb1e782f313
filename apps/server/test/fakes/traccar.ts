import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Traccar server for tests: plain Node HTTP speaking the two read calls of Traccar's REST
 * API as its OpenAPI reference documents them (github.com/traccar/traccar, `openapi.yaml`;
 * www.traccar.org/api-reference/):
 * - every request authenticates with HTTP Basic (`email:password`) or, since 5.x, a user token as
 *   `Authorization: Bearer <token>`; anything else answers 401 with no body (Traccar adds
 *   `WWW-Authenticate: Basic realm="api"` only when the request accepts `text/html`);
 * - `GET /api/devices` → a JSON array of devices `{ id, name, uniqueId, status: "online" |
 *   "offline" | "unknown", disabled, lastUpdate, positionId, groupId, phone, model, contact,
 *   category, attributes }`;
 * - `GET /api/positions` without parameters → a JSON array with the latest position of each of
 *   the user's devices `{ id, deviceId, protocol, deviceTime, fixTime, serverTime, outdated, valid,
 *   latitude, longitude, altitude, speed (knots), course, address, accuracy, network, geofenceIds,
 *   attributes: { ignition?, motion?, … } }`; times are ISO 8601;
 * - other paths 404, other methods 405 (the fake serves only these reads).
 *
 * The account is `opts.email`/`opts.password` (fleet@example.com / fleet-password by default);
 * without `opts.token` every Bearer token is refused.
 *
 * `devices` and `positions` are served as they are (`positions` is the store of latest
 * positions: one per device, as Traccar answers). `addVehicle` adds a device with its position.
 * Switches: `failNext(status)` (the next request answers `status` with a text/plain body, as
 * Traccar's error mapper does), `htmlNext()` (the next request answers 200 text/html, the login
 * page a reverse proxy or SSO shows), `redirectNext(location)` (the next request answers 302 to
 * `location`, as such a proxy or an http→https rule does), `hangNext()` (the next request never
 * answers until it is cancelled or the fake closes), `delayMs` (every answer waits that long).
 * Switches queue up in the order given, one per request (`failNext(500); hangNext()`: one request
 * fails, the one after it hangs).
 */
export interface FakeTraccarDevice {
  id: number;
  name: string;
  uniqueId: string;
  status: 'online' | 'offline' | 'unknown';
  disabled: boolean;
  lastUpdate: string | null;
  positionId: number;
  groupId: number;
  phone: string | null;
  model: string | null;
  contact: string | null;
  category: string | null;
  attributes: Record<string, unknown>;
}

export interface FakeTraccarPosition {
  id: number;
  deviceId: number;
  protocol: string;
  deviceTime: string;
  fixTime: string;
  serverTime: string;
  outdated: boolean;
  valid: boolean;
  latitude: number;
  longitude: number;
  altitude: number;
  /** Knots. */
  speed: number;
  course: number;
  address: string | null;
  accuracy: number;
  network: Record<string, unknown> | null;
  geofenceIds: number[] | null;
  attributes: Record<string, unknown>;
}

/** What `addVehicle` takes: the name and place, the rest defaulted. */
export interface FakeVehicle {
  name: string;
  latitude: number;
  longitude: number;
  /** Knots; 0 by default. */
  speed?: number;
  course?: number;
  /** Left out of the attributes when undefined (many trackers have no ignition wire). */
  ignition?: boolean;
  address?: string | null;
  /** ISO 8601; now by default. */
  fixTime?: string;
  disabled?: boolean;
}

export interface FakeTraccar {
  /** The base URL without /api, as the client's `baseUrl` takes it. */
  url: string;
  devices: FakeTraccarDevice[];
  positions: FakeTraccarPosition[];
  /** Every request received, in order (also those answered 401). */
  requests: { method: string; path: string; authorization: string | undefined; accept: string | undefined }[];
  /** Adds a device and its latest position; answers both (change them in place to move it). */
  addVehicle(v: FakeVehicle): { device: FakeTraccarDevice; position: FakeTraccarPosition };
  /** The next request (after authentication) answers `status`. */
  failNext(status: number): void;
  /** The next request (after authentication) answers 200 with an HTML login page. */
  htmlNext(): void;
  /** The next request (after authentication) answers 302 with this Location. */
  redirectNext(location: string): void;
  /** The next request (after authentication) never answers. */
  hangNext(): void;
  /** Every answer waits this long first. */
  delayMs: number;
  /** Requests that were cancelled by the client before an answer. */
  abandoned: number;
  /** Stops the server and ends every open connection, hanging ones included. */
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const LOGIN_PAGE =
  '<!DOCTYPE html><html><head><title>Sign in</title></head><body><form method="post" action="/login">' +
  '<input name="username"><input name="password" type="password"><button>Sign in</button></form></body></html>';

export async function startFakeTraccar(opts: { email?: string; password?: string; token?: string } = {}): Promise<FakeTraccar> {
  const email = opts.email ?? 'fleet@example.com';
  const password = opts.password ?? 'fleet-password';
  // the switches queue up: failNext(500); hangNext() → one request fails, the one after hangs
  const queue: ({ kind: 'fail'; status: number } | { kind: 'html' } | { kind: 'redirect'; location: string } | { kind: 'hang' })[] = [];
  let lastId = 0;

  const fake: FakeTraccar = {
    url: '',
    devices: [],
    positions: [],
    requests: [],
    addVehicle(v) {
      const now = new Date().toISOString();
      const deviceId = ++lastId;
      const positionId = ++lastId;
      const position: FakeTraccarPosition = {
        id: positionId,
        deviceId,
        protocol: 'osmand',
        deviceTime: v.fixTime ?? now,
        fixTime: v.fixTime ?? now,
        serverTime: now,
        outdated: false,
        valid: true,
        latitude: v.latitude,
        longitude: v.longitude,
        altitude: 0,
        speed: v.speed ?? 0,
        course: v.course ?? 0,
        address: v.address ?? null,
        accuracy: 5,
        network: null,
        geofenceIds: null,
        attributes: v.ignition === undefined ? { motion: (v.speed ?? 0) > 0 } : { ignition: v.ignition, motion: (v.speed ?? 0) > 0 },
      };
      const device: FakeTraccarDevice = {
        id: deviceId,
        name: v.name,
        uniqueId: `IMEI${String(deviceId).padStart(11, '0')}`,
        status: 'online',
        disabled: v.disabled ?? false,
        lastUpdate: now,
        positionId,
        groupId: 0,
        phone: null,
        model: null,
        contact: null,
        category: 'truck',
        attributes: {},
      };
      fake.devices.push(device);
      fake.positions.push(position);
      return { device, position };
    },
    failNext: (status) => void queue.push({ kind: 'fail', status }),
    htmlNext: () => void queue.push({ kind: 'html' }),
    redirectNext: (location) => void queue.push({ kind: 'redirect', location }),
    hangNext: () => void queue.push({ kind: 'hang' }),
    delayMs: 0,
    abandoned: 0,
    close: async () => {},
  };

  /** Basic with the account's email and password, or Bearer with its token (case as Traccar checks it). */
  const authenticated = (header: string | undefined): boolean => {
    if (!header) return false;
    if (header.startsWith('Bearer ')) return opts.token !== undefined && header.slice(7) === opts.token;
    const m = /^basic (.+)$/i.exec(header);
    if (!m) return false;
    const decoded = Buffer.from(m[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon > 0 && decoded.slice(0, colon) === email && decoded.slice(colon + 1) === password;
  };

  const json = (res: http.ServerResponse, body: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer(async (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    fake.requests.push({ method: req.method ?? '', path, authorization: req.headers.authorization, accept: req.headers.accept });
    res.on('close', () => {
      if (!res.writableFinished) fake.abandoned += 1;
    });
    if (!authenticated(req.headers.authorization)) {
      const headers: http.OutgoingHttpHeaders = {};
      if (req.headers.accept?.includes('text/html')) headers['www-authenticate'] = 'Basic realm="api"';
      res.writeHead(401, headers);
      return res.end();
    }
    const now = queue.shift();
    if (now?.kind === 'hang') return;
    if (fake.delayMs) await sleep(fake.delayMs);
    if (res.destroyed) return;
    if (now?.kind === 'fail') {
      res.writeHead(now.status, { 'content-type': 'text/plain' });
      return res.end(`HTTP ${now.status} ${http.STATUS_CODES[now.status] ?? ''}`.trim());
    }
    if (now?.kind === 'redirect') {
      res.writeHead(302, { location: now.location });
      return res.end();
    }
    if (now?.kind === 'html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(LOGIN_PAGE);
    }
    if (path !== '/api/devices' && path !== '/api/positions') {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('HTTP 404 Not Found');
    }
    if (req.method !== 'GET') {
      res.writeHead(405, { 'content-type': 'text/plain', allow: 'GET' });
      return res.end('HTTP 405 Method Not Allowed');
    }
    json(res, path === '/api/devices' ? fake.devices : fake.positions);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      // hanging requests hold their sockets open; close() alone would wait for them forever
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
