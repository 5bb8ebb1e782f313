import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local WEBFLEET.connect for tests: plain Node HTTP speaking the documented protocol
 * (research/integrations.md §1):
 * - one endpoint, `GET /extern?action=<name>&account=&username=&password=&apikey=&outputformat=json
 *   &useISO8601=true&useUTF8=true&lang=…`;
 * - `showObjectReportExtern` answers a JSON array of objects: `objectno`, `objectname`,
 *   `objectuid`, `latitude_mdeg`/`longitude_mdeg` (micro-degrees), `pos_time` (ISO 8601),
 *   `postext`, `speed` (km/h), `course`, `ignition` (0/1);
 * - errors are a 200 with `{ errorCode, errorMsg }`: wrong credentials 1101, a second request of
 *   the same user while one runs 8015 (sessions are locked per user), more than 6 calls of the
 *   action in 60 s 8011 (the request quota).
 *
 * Switches: `busyNext()` (8015), `htmlNext()` (a 200 HTML page), `hangNext()` (no answer until
 * closed), `delayMs` before every answer. `requests` records every call (action, time).
 */
export interface FakeWebfleet {
  /** The endpoint, as `baseUrl` takes it. */
  url: string;
  objects: Record<string, unknown>[];
  requests: { action: string; at: number; account: string | null }[];
  delayMs: number;
  busyNext(): void;
  htmlNext(): void;
  hangNext(): void;
  /** Adds an object with a position (degrees in, micro-degrees stored). */
  addObject(o: {
    uid: string;
    name: string;
    latitude: number;
    longitude: number;
    speed?: number;
    course?: number;
    ignition?: boolean;
    at?: Date;
    text?: string;
  }): void;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startFakeWebfleet(
  creds = { account: 'hotel', username: 'api', password: 'secret-pass', apikey: 'key-123' },
): Promise<FakeWebfleet> {
  let next: 'busy' | 'html' | 'hang' | null = null;
  /** Users with a request running (session locking). */
  const running = new Set<string>();
  const hanging = new Set<http.ServerResponse>();
  const fake: FakeWebfleet = {
    url: '',
    objects: [],
    requests: [],
    delayMs: 0,
    busyNext: () => void (next = 'busy'),
    htmlNext: () => void (next = 'html'),
    hangNext: () => void (next = 'hang'),
    addObject(o) {
      fake.objects.push({
        objectno: o.uid.toUpperCase(),
        objectname: o.name,
        objectuid: o.uid,
        latitude_mdeg: Math.round(o.latitude * 1e6),
        longitude_mdeg: Math.round(o.longitude * 1e6),
        pos_time: (o.at ?? new Date()).toISOString(),
        postext: o.text ?? '',
        speed: o.speed ?? 0,
        course: o.course ?? 0,
        ignition: o.ignition === false ? 0 : 1,
      });
    },
    close: async () => {},
  };
  const json = (res: http.ServerResponse, body: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json;charset=UTF-8' });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const q = url.searchParams;
    const action = q.get('action') ?? '';
    fake.requests.push({ action, at: Date.now(), account: q.get('account') });
    if (req.method !== 'GET' || url.pathname !== '/extern') return void res.writeHead(404).end();
    const now = next;
    next = null;
    if (now === 'hang') return void hanging.add(res);
    if (now === 'html') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return void res.end('<!doctype html><html><body><h1>Maintenance</h1></body></html>');
    }
    if (q.get('outputformat') !== 'json') return void res.writeHead(200, { 'content-type': 'text/csv' }).end('objectno;objectname\n');
    if (
      q.get('account') !== creds.account ||
      q.get('username') !== creds.username ||
      q.get('password') !== creds.password ||
      q.get('apikey') !== creds.apikey
    )
      return json(res, { errorCode: 1101, errorMsg: 'Authentication failed' });
    const user = `${creds.account}/${creds.username}`;
    if (now === 'busy' || running.has(user)) return json(res, { errorCode: 8015, errorMsg: 'User is busy processing another request' });
    const minute = fake.requests.filter((r) => r.action === action && Date.now() - r.at < 60_000).length;
    if (action === 'showObjectReportExtern' && minute > 6) return json(res, { errorCode: 8011, errorMsg: 'request quota reached' });
    running.add(user);
    try {
      if (fake.delayMs) await sleep(fake.delayMs);
      if (action === 'showObjectReportExtern') return json(res, fake.objects);
      return json(res, { errorCode: 40, errorMsg: `Unknown action ${action}` });
    } finally {
      running.delete(user);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/extern`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      for (const r of hanging) r.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
