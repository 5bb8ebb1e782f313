import { FleetError, validCoordinates, type FleetPosition, type FleetProvider } from '../fleet/types.ts';

/** WEBFLEET.connect's one endpoint. */
export const WEBFLEET_URL = 'https://csv.webfleet.com/extern';

/** A business's WEBFLEET.connect account (stored sealed; never returned by an API). */
export interface WebfleetConfig {
  /** The endpoint; a test's fake in the tests. */
  baseUrl?: string;
  account: string;
  username: string;
  password: string;
  apiKey: string;
  /** One call's limit (ms). */
  timeoutMs?: number;
}

/**
 * Calls per action and minute that WEBFLEET.connect allows (the documented request limits;
 * research/integrations.md §1): the client refuses a call over the limit itself, so a poller
 * that runs too often never reaches the provider's quota.
 */
export const WEBFLEET_ACTION_LIMITS: Record<string, number> = {
  showObjectReportExtern: 6,
  showVehicleReportExtern: 10,
  showObjectGroups: 10,
};

/**
 * Error codes, from the reference client (Webfleet-Solutions/python-wfconnect) and Webfleet's
 * documented list: 8015 the user is busy with another request (sessions are locked per user),
 * 60 a general error, 9199 an upstream system did not answer, 10000 the resource is busy: retry
 * later. 8011 the request quota is used up. The 11xx family is authentication (1101: the
 * account, user, password or API key is not accepted): the account is paused, never retried.
 */
const BUSY = new Set([8015, 60, 9199, 10000]);
const QUOTA = 8011;
const isCredentials = (code: number) => code >= 1100 && code < 1200;

const number = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
};

/** One object of `showObjectReportExtern` (JSON, ISO 8601 times, micro-degrees) as a position; null when it has none usable. */
export function objectPosition(o: Record<string, unknown>): FleetPosition | null {
  const uid = o.objectuid ?? o.objectno;
  const lat = number(o.latitude_mdeg);
  const lon = number(o.longitude_mdeg);
  if (typeof uid !== 'string' && typeof uid !== 'number') return null;
  if (lat === null || lon === null) return null;
  const latitude = lat / 1e6;
  const longitude = lon / 1e6;
  if (!validCoordinates(latitude, longitude)) return null;
  const at = typeof o.pos_time === 'string' ? new Date(o.pos_time) : null;
  if (!at || Number.isNaN(at.getTime())) return null;
  const course = number(o.course);
  const ignition = number(o.ignition);
  return {
    vehicleId: String(uid),
    name: typeof o.objectname === 'string' && o.objectname ? o.objectname : String(o.objectno ?? uid),
    latitude,
    longitude,
    speedKmh: number(o.speed),
    course: course === null ? null : ((course % 360) + 360) % 360,
    ignition: ignition === null ? null : ignition !== 0,
    at,
    text: typeof o.postext === 'string' && o.postext ? o.postext : null,
  };
}

/**
 * A small WEBFLEET.connect client (there is no official SDK for Node): GET calls with the action,
 * the credentials and `outputformat=json`, `useISO8601`, `useUTF8`. One call per account at a
 * time (the provider locks sessions per user: a second one at once is refused with 8015), and
 * never more calls of an action per minute than the provider allows. Failures are FleetError;
 * no message carries a credential or the URL (which holds them).
 */
export function webfleetClient(cfg: WebfleetConfig, fetchImpl: typeof fetch = fetch, now: () => number = Date.now) {
  const base = cfg.baseUrl ?? WEBFLEET_URL;
  const timeoutMs = cfg.timeoutMs ?? 15_000;
  /** The calls of each action in the last minute (times). */
  const recent = new Map<string, number[]>();
  let queue: Promise<unknown> = Promise.resolve();

  async function send(action: string, params: Record<string, string>, signal?: AbortSignal): Promise<unknown> {
    const limit = WEBFLEET_ACTION_LIMITS[action];
    if (limit !== undefined) {
      const t = now();
      const times = (recent.get(action) ?? []).filter((x) => t - x < 60_000);
      if (times.length >= limit) throw new FleetError('rate', `WEBFLEET.connect allows ${limit} ${action} calls a minute`);
      times.push(t);
      recent.set(action, times);
    }
    const url = new URL(base);
    const query: Record<string, string> = {
      action,
      account: cfg.account,
      username: cfg.username,
      password: cfg.password,
      apikey: cfg.apiKey,
      lang: 'en',
      outputformat: 'json',
      useISO8601: 'true',
      useUTF8: 'true',
      ...params,
    };
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    const deadline = AbortSignal.timeout(timeoutMs);
    let res: Response;
    let text: string;
    try {
      res = await fetchImpl(url, {
        signal: signal ? AbortSignal.any([signal, deadline]) : deadline,
        headers: { accept: 'application/json' },
      });
      text = await res.text();
    } catch (error) {
      if (deadline.aborted)
        throw new FleetError('timeout', `WEBFLEET.connect did not answer in ${timeoutMs} ms`, undefined, { cause: error });
      if (signal?.aborted) throw new FleetError('provider', 'the call was cancelled', undefined, { cause: error });
      throw new FleetError('provider', 'WEBFLEET.connect could not be reached', undefined, { cause: error });
    }
    if (res.status === 429) throw new FleetError('rate', 'WEBFLEET.connect answered 429', 429);
    if (res.status === 401 || res.status === 403)
      throw new FleetError('credentials', `WEBFLEET.connect answered ${res.status}`, res.status);
    if (!res.ok) throw new FleetError('provider', `WEBFLEET.connect answered ${res.status}`, res.status);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new FleetError('garbage', 'WEBFLEET.connect answered something that is not JSON');
    }
    if (body && typeof body === 'object' && !Array.isArray(body) && 'errorCode' in body) {
      const code = Number((body as { errorCode: unknown }).errorCode);
      const message = String((body as { errorMsg?: unknown }).errorMsg ?? '').slice(0, 200);
      if (BUSY.has(code)) throw new FleetError('busy', `WEBFLEET.connect is busy (${code} ${message})`, code);
      if (code === QUOTA) throw new FleetError('rate', `WEBFLEET.connect's request quota is used up (${code})`, code);
      if (isCredentials(code)) throw new FleetError('credentials', `WEBFLEET.connect refused the credentials (${code} ${message})`, code);
      throw new FleetError('provider', `WEBFLEET.connect error ${code} ${message}`, code);
    }
    return body;
  }

  /** Runs `action` after the account's previous call ended (one at a time per account). */
  function call(action: string, params: Record<string, string> = {}, signal?: AbortSignal): Promise<unknown> {
    const run = queue.then(
      () => send(action, params, signal),
      () => send(action, params, signal),
    );
    queue = run.catch(() => undefined);
    return run;
  }

  const provider: FleetProvider & { call: typeof call } = {
    call,
    /** Every object's latest position (`showObjectReportExtern`); objects without a usable one are left out. */
    async positions(signal) {
      const body = await call('showObjectReportExtern', {}, signal);
      // no objects: an empty answer
      if (body === null || body === '') return [];
      if (!Array.isArray(body)) throw new FleetError('garbage', 'WEBFLEET.connect answered an object report that is not a list');
      return body
        .filter((o): o is Record<string, unknown> => typeof o === 'object' && o !== null)
        .map(objectPosition)
        .filter((p): p is FleetPosition => p !== null);
    },
  };
  return provider;
}
