import { INFO_CACHE_MS, type ApiInfo, type User } from '@spotlist/contracts';
import type { z } from 'zod';
import { authStore, type StoredUser } from './auth-store';
import { config } from './config';
import { ERROR_KEYS as ErrorKey } from './error-keys';
import { appEvents, type AppEventMap, type EventBus } from './events';
import { getKnownLocation, type LatLng } from './geolocation';
import { getCurrentLanguage } from './language';
import { isUser } from './session-user';

/**
 * The one HTTP client of the web app (SPEC §7):
 * - headers: X-Auth-Token (logged in), app-language, user-location (when known),
 *   X-XSRF-TOKEN echoing the XSRF-TOKEN cookie on POST/PUT/PATCH/DELETE; same-origin credentials;
 * - 401 → one token refresh (POST login {grant_type: refresh_token}, the HttpOnly cookie carries
 *   the refresh token) and one retry, except for the login call itself; a failed refresh clears
 *   the user and publishes `session-expired`;
 * - 403 → `auth-error` event; every unsilenced failure → `api-error` event with its key;
 * - cyclic-reference JSON is decoded.
 * It never shows a toast or navigates: the shell reacts to the events.
 */

export class ApiError extends Error {
  constructor(
    public readonly key: string,
    public readonly status: number,
    public readonly path: string,
    /** error.validation: the fields that failed (`body.email`) with their form error keys. */
    public readonly fields?: readonly { path: string; key: string }[],
  ) {
    super(`${status} ${key} (${path})`);
    this.name = 'ApiError';
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<S extends z.ZodType = z.ZodType> {
  method?: Method;
  /** JSON body (sent as application/json); a FormData is sent as it is (multipart). */
  body?: unknown;
  /** Answer the Response itself (a download), after the status checks. */
  raw?: boolean;
  query?: URLSearchParams | Record<string, string | number | boolean | undefined>;
  /** No api-error event (the caller handles the failure). */
  silent?: boolean;
  /** Report every failure as error.unknown (SPEC §8). */
  anonymize?: boolean;
  /** Do not publish auth-error on 403 (the session check itself). */
  noAuthErrorEvent?: boolean;
  /** Validates (and types) the decoded answer with a contracts schema. */
  schema?: S;
  /** A light structural check (used where the zod schema would weigh on the first bundle). */
  guard?: (value: unknown) => boolean;
  signal?: AbortSignal;
}

export interface ApiClientDeps {
  baseUrl: string;
  fetch: typeof fetch;
  events: EventBus<AppEventMap>;
  getStoredUser(): StoredUser | null;
  getLanguage(): string;
  getLocation(): LatLng | null;
  readCookie(name: string): string | null;
  /** A refresh answered with a new token. */
  onTokenRefreshed(user: User): void;
  /** The refresh failed: clear the user (SPEC §4). */
  onSessionLost(): void;
  now(): number;
  /** The stored user as it is now in the storage the tabs share (another tab may have refreshed). */
  readStoredUser?(): StoredUser | null;
  /** Runs `fn` while holding a lock all tabs of the app share (the Web Locks API). */
  lock?<T>(name: string, fn: () => Promise<T>): Promise<T>;
}

/**
 * Tabs refresh one after another: two tabs whose token expired together would otherwise send the
 * same refresh token twice, and its reuse revokes the session (server: auth.service refresh).
 */
const REFRESH_LOCK = 'spotlist-token-refresh';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
const UNSAFE: ReadonlySet<Method> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Login (credentials or refresh) never triggers a refresh (SPEC §7). */
const NO_REFRESH_PATHS = new Set(['/login']);
export const SESSION_USER_PATH = '/session/user';

/**
 * How a login's refresh token travels (SPEC §7 tokenTransport): the HttpOnly cookie when the API
 * is this page's origin (the web app), the answer's body when it lives elsewhere — the native
 * shells load the app from capacitor://localhost or https://localhost and call an absolute API
 * base, where a SameSite=Strict cookie never goes. Stored with the user, it refreshes in the body.
 */
export function tokenTransport(apiBase: string = config.apiBase, here: string = globalThis.location?.origin ?? ''): 'cookie' | 'body' {
  if (!/^https?:\/\//i.test(apiBase)) return 'cookie';
  return new URL(apiBase).origin === here ? 'cookie' : 'body';
}

export function readDocumentCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return part.slice(eq + 1).trim();
      }
    }
  }
  return null;
}

/** SPEC §8: by default a 403 on the session user call is silenced. */
const silencedByDefault = (method: Method, path: string, status: number): boolean =>
  method === 'GET' && path === SESSION_USER_PATH && status === 403;

async function readError(res: Response, path: string): Promise<ApiError> {
  try {
    const body = (await res.json()) as { key?: unknown; fields?: unknown } | null;
    const key = body?.key;
    if (typeof key === 'string' && key.length > 0 && key.length <= 200) {
      const fields = Array.isArray(body!.fields)
        ? body!.fields.filter((f: { path?: unknown; key?: unknown }) => typeof f?.path === 'string' && typeof f.key === 'string')
        : undefined;
      return new ApiError(key, res.status, path, fields);
    }
  } catch {
    // not JSON (a proxy's HTML page, an empty body)
  }
  return new ApiError(ErrorKey.unknown, res.status, path);
}

export function createApiClient(deps: ApiClientDeps) {
  let refreshing: Promise<boolean> | null = null;
  // The XSRF double-submit guards the cookie session; an API on another origin (the native
  // shells) gets no cookie from this page, so no echo and no priming call before a write.
  const cookieSession = (): boolean => tokenTransport(deps.baseUrl, globalThis.location?.origin ?? '') === 'cookie';
  let info: { value: ApiInfo; at: number } | null = null;

  const url = (path: string, query?: RequestOptions['query']): string => {
    let qs = '';
    if (query instanceof URLSearchParams) qs = query.toString();
    else if (query) {
      const p = new URLSearchParams();
      for (const [k, v] of Object.entries(query)) if (v !== undefined) p.set(k, String(v));
      qs = p.toString();
    }
    const relative = `${deps.baseUrl}${path}${qs ? `?${qs}` : ''}`;
    // Absolute against the page (what a browser does implicitly; Node's fetch in tests needs it).
    return typeof location === 'undefined' ? relative : new URL(relative, location.href).toString();
  };

  const headersFor = (method: Method, hasBody: boolean, withAuth: boolean): Headers => {
    const h = new Headers({ Accept: 'application/json' });
    if (hasBody) h.set('Content-Type', 'application/json');
    const token = withAuth ? deps.getStoredUser()?.authtoken : undefined;
    if (token) h.set('X-Auth-Token', token);
    h.set('app-language', deps.getLanguage());
    const loc = deps.getLocation();
    if (loc) h.set('user-location', `${loc.lat};${loc.lng}`);
    if (UNSAFE.has(method) && cookieSession()) {
      const xsrf = deps.readCookie(XSRF_COOKIE);
      if (xsrf) h.set(XSRF_HEADER, xsrf);
    }
    return h;
  };

  const send = async (method: Method, path: string, opts: RequestOptions, withAuth = true): Promise<Response> => {
    // The server sets the XSRF cookie on its answers; a state-changing call made before any
    // answer (a fresh visitor logging in) first asks for one with the cheap info call.
    if (UNSAFE.has(method) && cookieSession() && !deps.readCookie(XSRF_COOKIE)) await primeXsrf();
    const form = opts.body instanceof FormData;
    const hasBody = opts.body !== undefined;
    return deps.fetch(url(path, opts.query), {
      method,
      headers: headersFor(method, hasBody && !form, withAuth),
      body: form ? (opts.body as FormData) : hasBody ? JSON.stringify(opts.body) : undefined,
      credentials: 'same-origin',
      signal: opts.signal,
    });
  };

  const primeXsrf = async (): Promise<void> => {
    try {
      const res = await deps.fetch(url('/api/info'), {
        method: 'GET',
        headers: headersFor('GET', false, false),
        credentials: 'same-origin',
      });
      if (res.ok) {
        const value = (await decode(res)) as unknown;
        if (isApiInfo(value)) info = { value, at: deps.now() };
      }
    } catch {
      // the real call will fail (and report) on its own
    }
  };

  /** One refresh at a time in this tab and across tabs; `failedWith` is the token a 401 refused. */
  const refresh = (failedWith: string | undefined): Promise<boolean> => {
    if (!refreshing) {
      const lock = deps.lock ?? (<T>(_name: string, fn: () => Promise<T>) => fn());
      refreshing = lock(REFRESH_LOCK, async () => {
        // another tab refreshed while this one waited for the lock: its new token is shared
        const current = deps.readStoredUser ? deps.readStoredUser() : deps.getStoredUser();
        if (current?.authtoken && current.authtoken !== failedWith) return true;
        const stored = current ?? deps.getStoredUser();
        try {
          const body = stored?.refreshToken ? { refresh_token: stored.refreshToken } : { grant_type: 'refresh_token' as const };
          const res = await send('POST', '/login', { body }, false);
          if (!res.ok) throw await readError(res, '/login');
          const user = await decode(res);
          if (!isUser(user) || !user.authtoken) throw new ApiError(ErrorKey.refreshInvalid, 401, '/login');
          deps.onTokenRefreshed(user);
          return true;
        } catch {
          deps.onSessionLost();
          return false;
        }
      }).finally(() => {
        refreshing = null;
      });
    }
    return refreshing;
  };

  const decode = async (res: Response): Promise<unknown> => {
    if (res.status === 204) return null;
    const text = await res.text();
    if (text.trim() === '') return null;
    const json = JSON.parse(text) as unknown;
    // SPEC §7 reference markers are rare: their decoder is loaded only for an answer that has them
    if (!text.includes('"$id"') && !text.includes('"$ref"')) return json;
    return (await import('./json-refs')).decodeJsonRefs(json);
  };

  const fail = (error: ApiError, method: Method, opts: RequestOptions): never => {
    const key = opts.anonymize ? ErrorKey.unknown : error.key;
    const reported = key === error.key ? error : new ApiError(key, error.status, error.path);
    if (reported.status === 403 && !opts.noAuthErrorEvent && !NOT_AUTH_ERRORS.has(error.key)) {
      deps.events.emit('auth-error', { key, status: reported.status, path: reported.path });
    }
    if (!opts.silent && !silencedByDefault(method, reported.path, reported.status)) {
      deps.events.emit('api-error', { key, status: reported.status, path: reported.path });
    }
    throw reported;
  };

  async function request<S extends z.ZodType>(path: string, opts: RequestOptions<S> & { schema: S }): Promise<z.output<S>>;
  async function request<T = unknown>(path: string, opts?: RequestOptions): Promise<T>;
  async function request(path: string, opts: RequestOptions = {}): Promise<unknown> {
    const method = opts.method ?? 'GET';
    let res: Response;
    try {
      const token = deps.getStoredUser()?.authtoken;
      res = await send(method, path, opts);
      if (res.status === 401 && !NO_REFRESH_PATHS.has(path) && deps.getStoredUser()) {
        if (await refresh(token)) res = await send(method, path, opts);
        else deps.events.emit('session-expired', { path });
      }
    } catch (e) {
      if ((e as { name?: unknown } | null)?.name === 'AbortError') throw e;
      return fail(new ApiError(ErrorKey.unavailable, 0, path), method, opts);
    }
    if (!res.ok) return fail(await readError(res, path), method, opts);
    if (opts.raw) return res;
    let data: unknown;
    try {
      data = await decode(res);
    } catch (e) {
      // A body cut off while it arrived (the tab is leaving, the network dropped) is no answer,
      // not a wrong one: the caller must not take it as the server's word (a session check would
      // log the user out).
      if (!(e instanceof SyntaxError)) {
        if ((e as { name?: unknown } | null)?.name === 'AbortError') throw e;
        return fail(new ApiError(ErrorKey.unavailable, 0, path), method, opts);
      }
      console.error(`undecodable answer from ${path}`, e);
      return fail(new ApiError(ErrorKey.unknown, res.status, path), method, opts);
    }
    if (opts.guard && !opts.guard(data)) {
      console.error(`answer from ${path} does not have the expected shape`);
      return fail(new ApiError(ErrorKey.unknown, res.status, path), method, opts);
    }
    if (!opts.schema) return data;
    const parsed = opts.schema.safeParse(data);
    if (!parsed.success) {
      console.error(`answer from ${path} does not match its contract`, parsed.error.issues);
      return fail(new ApiError(ErrorKey.unknown, res.status, path), method, opts);
    }
    return parsed.data;
  }

  return {
    request,
    get: <T = unknown>(path: string, opts: Omit<RequestOptions, 'method' | 'body'> = {}) => request<T>(path, { ...opts, method: 'GET' }),
    post: <T = unknown>(path: string, body: unknown, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
      request<T>(path, { ...opts, method: 'POST', body }),
    /** GET /api/api/info, cached for 5 minutes (SPEC §7, §9: 300000 ms). */
    async apiInfo(): Promise<ApiInfo> {
      if (info && deps.now() - info.at < INFO_CACHE_MS) return info.value;
      const value = await request<ApiInfo>('/api/info', { guard: isApiInfo, silent: true });
      info = { value, at: deps.now() };
      return value;
    },
  };
}

const isApiInfo = (v: unknown): v is ApiInfo =>
  typeof v === 'object' &&
  v !== null &&
  ['name', 'version', 'commit', 'serverTime'].every((k) => typeof (v as Record<string, unknown>)[k] === 'string');

/** 403 answers that say nothing about the session: no revalidation for them. */
// (a place or list that is not the caller's, or a logo on a private account, is about that thing)
const NOT_AUTH_ERRORS: ReadonlySet<string> = new Set([
  ErrorKey.xsrf,
  ErrorKey.userUnverified,
  ErrorKey.placeForbidden,
  ErrorKey.listReadOnly,
  ErrorKey.logoBusinessOnly,
]);

export type ApiClient = ReturnType<typeof createApiClient>;

/** The app's client, wired to the auth store, the active language and the known location. */
export const api: ApiClient = createApiClient({
  baseUrl: config.apiBase,
  fetch: (...args) => globalThis.fetch(...args),
  events: appEvents,
  getStoredUser: () => authStore.getState().stored,
  getLanguage: getCurrentLanguage,
  getLocation: getKnownLocation,
  readCookie: readDocumentCookie,
  onTokenRefreshed: (user) => authStore.setToken(user),
  onSessionLost: () => authStore.clear('expired'),
  now: () => Date.now(),
  readStoredUser: () => {
    authStore.reload();
    return authStore.getState().stored;
  },
  lock: (name, fn) => (typeof navigator !== 'undefined' && navigator.locks ? navigator.locks.request(name, fn) : fn()),
});
