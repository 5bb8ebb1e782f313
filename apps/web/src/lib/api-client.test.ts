import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, setXsrfCookie, storeLoggedInUser } from '../test/fixtures';
import { server } from '../test/server';
import { ErrorKey } from '@spotlist/contracts';
import { api, createApiClient, isApiError, tokenTransport } from './api-client';
import type { StoredUser } from './auth-store';
import { authStore } from './auth-store';
import { appEvents, createEventBus, type AppEventMap } from './events';
import { setKnownLocation } from './geolocation';
import { changeLanguage } from './i18n';

/** Collects the events the client publishes during a test. */
function recordEvents() {
  const seen: { type: keyof AppEventMap; payload: unknown }[] = [];
  const offs = (['api-error', 'auth-error', 'session-expired'] as const).map((type) =>
    appEvents.on(type, (payload) => seen.push({ type, payload })),
  );
  return { seen, stop: () => offs.forEach((off) => off()) };
}

let events: ReturnType<typeof recordEvents>;
beforeEach(() => {
  events = recordEvents();
});
afterEach(() => {
  events.stop();
  setKnownLocation(null);
});

const caught = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected a rejection');
};

describe('request headers (SPEC §7)', () => {
  it('sends the auth token, language, location and same-origin credentials', async () => {
    storeLoggedInUser({ authtoken: 'secret-token' });
    await changeLanguage('de');
    setKnownLocation({ lat: 48.137, lng: 11.575 });
    let request: Request | undefined;
    server.use(
      http.get('/api/thing', ({ request: r }) => {
        request = r;
        return HttpResponse.json({ ok: true });
      }),
    );
    await api.request('/thing');
    expect(request?.headers.get('X-Auth-Token')).toBe('secret-token');
    expect(request?.headers.get('app-language')).toBe('de');
    expect(request?.headers.get('user-location')).toBe('48.137;11.575');
    expect(request?.credentials).toBe('same-origin');
    expect(request?.headers.get('X-XSRF-TOKEN')).toBeNull();
  });

  it('sends no token when logged out and no location when unknown', async () => {
    let request: Request | undefined;
    server.use(
      http.get('/api/thing', ({ request: r }) => {
        request = r;
        return HttpResponse.json({});
      }),
    );
    await api.request('/thing');
    expect(request?.headers.has('X-Auth-Token')).toBe(false);
    expect(request?.headers.has('user-location')).toBe(false);
    expect(request?.headers.get('app-language')).toBe('en');
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('echoes the XSRF cookie on %s', async (method) => {
    setXsrfCookie('xsrf-value');
    let header: string | null = null;
    server.use(
      http.all('/api/thing', ({ request }) => {
        header = request.headers.get('X-XSRF-TOKEN');
        return HttpResponse.json({});
      }),
    );
    await api.request('/thing', { method, body: {} });
    expect(header).toBe('xsrf-value');
  });

  it('asks for the XSRF cookie first when there is none yet', async () => {
    const calls: string[] = [];
    server.use(
      http.get('/api/api/info', () => {
        calls.push('info');
        document.cookie = 'XSRF-TOKEN=fresh; path=/';
        return HttpResponse.json({ name: 's', version: '1', commit: 'c', serverTime: 't' });
      }),
      http.post('/api/thing', ({ request }) => {
        calls.push(`post ${request.headers.get('X-XSRF-TOKEN')}`);
        return HttpResponse.json({});
      }),
    );
    await api.request('/thing', { method: 'POST', body: {} });
    expect(calls).toEqual(['info', 'post fresh']);
  });
});

describe('401: refresh once and retry (SPEC §7)', () => {
  it('refreshes the token with the cookie grant and retries with the new token', async () => {
    storeLoggedInUser({ authtoken: 'old' });
    setXsrfCookie();
    const seenTokens: (string | null)[] = [];
    let refreshBody: unknown;
    server.use(
      http.get('/api/thing', ({ request }) => {
        const token = request.headers.get('X-Auth-Token');
        seenTokens.push(token);
        return token === 'new' ? HttpResponse.json({ value: 42 }) : HttpResponse.json({ key: 'error.auth.token.invalid' }, { status: 401 });
      }),
      http.post('/api/login', async ({ request }) => {
        refreshBody = await request.json();
        expect(request.headers.has('X-Auth-Token')).toBe(false);
        return HttpResponse.json(makeUser({ authtoken: 'new', expiresIn: 900 }));
      }),
    );
    await expect(api.request('/thing')).resolves.toEqual({ value: 42 });
    expect(seenTokens).toEqual(['old', 'new']);
    expect(refreshBody).toEqual({ grant_type: 'refresh_token' });
    expect(authStore.getState().stored?.authtoken).toBe('new');
    expect(events.seen).toEqual([]);
  });

  it('retries only once', async () => {
    storeLoggedInUser();
    setXsrfCookie();
    let calls = 0;
    let refreshes = 0;
    server.use(
      http.get('/api/thing', () => {
        calls += 1;
        return HttpResponse.json({ key: 'error.auth.token.invalid' }, { status: 401 });
      }),
      http.post('/api/login', () => {
        refreshes += 1;
        return HttpResponse.json(makeUser({ authtoken: 'new' }));
      }),
    );
    const error = await caught(api.request('/thing'));
    expect(isApiError(error) && error.key).toBe('error.auth.token.invalid');
    expect(calls).toBe(2);
    expect(refreshes).toBe(1);
  });

  it('shares one refresh between concurrent calls', async () => {
    storeLoggedInUser({ authtoken: 'old' });
    setXsrfCookie();
    let refreshes = 0;
    server.use(
      http.get('/api/thing/:n', ({ request }) =>
        request.headers.get('X-Auth-Token') === 'new'
          ? HttpResponse.json({ ok: true })
          : HttpResponse.json({ key: 'error.auth.token.invalid' }, { status: 401 }),
      ),
      http.post('/api/login', () => {
        refreshes += 1;
        return HttpResponse.json(makeUser({ authtoken: 'new' }));
      }),
    );
    await Promise.all([api.request('/thing/1'), api.request('/thing/2'), api.request('/thing/3')]);
    expect(refreshes).toBe(1);
  });

  it('never refreshes for the login call itself', async () => {
    storeLoggedInUser();
    setXsrfCookie();
    let calls = 0;
    server.use(
      http.post('/api/login', () => {
        calls += 1;
        return HttpResponse.json({ key: 'error.login.failed' }, { status: 401 });
      }),
    );
    const error = await caught(api.request('/login', { method: 'POST', body: { email: 'a@b.c', password: 'x' } }));
    expect(isApiError(error) && error.key).toBe('error.login.failed');
    expect(calls).toBe(1);
    expect(events.seen).toEqual([{ type: 'api-error', payload: { key: 'error.login.failed', status: 401, path: '/login' } }]);
  });

  it('clears the user when the refresh fails (SPEC §4)', async () => {
    storeLoggedInUser();
    setXsrfCookie();
    server.use(
      http.get('/api/thing', () => HttpResponse.json({ key: 'error.auth.token.invalid' }, { status: 401 })),
      http.post('/api/login', () => HttpResponse.json({ key: 'error.refresh.invalid' }, { status: 401 })),
    );
    const error = await caught(api.request('/thing'));
    expect(isApiError(error) && error.status).toBe(401);
    expect(authStore.getState()).toMatchObject({ status: 'anonymous', stored: null, clearedBy: 'expired' });
    expect(localStorage.getItem('spotlist.user')).toBeNull();
    expect(events.seen.map((e) => e.type)).toEqual(['session-expired', 'api-error']);
  });

  it('does not refresh without a logged-in user', async () => {
    let refreshes = 0;
    server.use(
      http.get('/api/thing', () => HttpResponse.json({ key: 'error.auth.required' }, { status: 401 })),
      http.post('/api/login', () => {
        refreshes += 1;
        return HttpResponse.json(makeUser({ authtoken: 'x' }));
      }),
    );
    await caught(api.request('/thing'));
    expect(refreshes).toBe(0);
  });
});

describe('errors (SPEC §8)', () => {
  it('publishes the error key and rejects with it', async () => {
    server.use(http.get('/api/thing', () => HttpResponse.json({ key: 'error.notfound' }, { status: 404 })));
    const error = await caught(api.request('/thing'));
    expect(isApiError(error) && [error.key, error.status]).toEqual(['error.notfound', 404]);
    expect(events.seen).toEqual([{ type: 'api-error', payload: { key: 'error.notfound', status: 404, path: '/thing' } }]);
  });

  it('anonymizes to error.unknown when asked', async () => {
    server.use(http.get('/api/thing', () => HttpResponse.json({ key: 'error.notfound' }, { status: 404 })));
    const error = await caught(api.request('/thing', { anonymize: true }));
    expect(isApiError(error) && error.key).toBe('error.unknown');
    expect(events.seen[0]?.payload).toMatchObject({ key: 'error.unknown' });
  });

  it('publishes nothing for a silenced call', async () => {
    server.use(http.get('/api/thing', () => HttpResponse.json({ key: 'error.notfound' }, { status: 404 })));
    await caught(api.request('/thing', { silent: true }));
    expect(events.seen).toEqual([]);
  });

  it('silences a 403 on the session user call by default', async () => {
    storeLoggedInUser();
    server.use(http.get('/api/session/user', () => HttpResponse.json({ key: 'error.auth.forbidden' }, { status: 403 })));
    await caught(api.request('/session/user', { noAuthErrorEvent: true }));
    expect(events.seen).toEqual([]);
  });

  it('raises an auth error (and a toast) for a 403 elsewhere', async () => {
    server.use(http.get('/api/thing', () => HttpResponse.json({ key: 'error.auth.forbidden' }, { status: 403 })));
    await caught(api.request('/thing'));
    expect(events.seen.map((e) => e.type)).toEqual(['auth-error', 'api-error']);
  });

  it("a 403 about someone else's place or list is no reason to re-check the session: only its toast", async () => {
    for (const key of ['error.place.forbidden', 'error.list.readonly']) {
      events.seen.length = 0;
      server.use(http.post('/api/thing', () => HttpResponse.json({ key }, { status: 403 })));
      await caught(api.request('/thing', { method: 'POST', body: {} }));
      expect(
        events.seen.map((e) => e.type),
        key,
      ).toEqual(['api-error']);
    }
  });

  it('uses error.unknown for an answer without a key', async () => {
    server.use(http.get('/api/thing', () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })));
    const error = await caught(api.request('/thing'));
    expect(isApiError(error) && error.key).toBe('error.unknown');
  });

  it('reports a network failure as error.unavailable', async () => {
    server.use(http.get('/api/thing', () => HttpResponse.error()));
    const error = await caught(api.request('/thing'));
    expect(isApiError(error) && [error.key, error.status]).toEqual(['error.unavailable', 0]);
  });

  it('reports a body cut off while it arrives as no answer (error.unavailable, status 0), not as a bad one', async () => {
    const client = createApiClient({
      baseUrl: '/api',
      fetch: async () => {
        const res = new Response('{"id":1}', { status: 200, headers: { 'content-type': 'application/json' } });
        vi.spyOn(res, 'text').mockRejectedValue(new TypeError('network error'));
        return res;
      },
      getStoredUser: () => null,
      getLanguage: () => 'en',
      getLocation: () => null,
      readCookie: () => 'xsrf',
      onTokenRefreshed: () => undefined,
      onSessionLost: () => undefined,
      events: createEventBus<AppEventMap>(),
      now: () => 0,
    });
    const error = await caught(client.request('/thing', { silent: true }));
    expect(isApiError(error) && [error.key, error.status]).toEqual(['error.unavailable', 0]);
  });

  it('rejects an answer that breaks its contract', async () => {
    const { UserSchema } = await import('@spotlist/contracts');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.get('/api/thing', () => HttpResponse.json({ id: 'not a user' })));
    const error = await caught(api.request('/thing', { schema: UserSchema }));
    expect(isApiError(error) && error.key).toBe('error.unknown');
  });
});

describe('answers', () => {
  it('decodes cyclic-reference JSON', async () => {
    server.use(http.get('/api/thing', () => HttpResponse.json({ $id: '1', name: 'list', items: [{ $id: '2', owner: { $ref: '1' } }] })));
    const value = await api.request<{ name: string; items: { owner: unknown }[] }>('/thing');
    expect(value.items[0]?.owner).toBe(value);
  });

  it('caches the API info for five minutes (SPEC §7)', async () => {
    let calls = 0;
    server.use(
      http.get('/api/api/info', () => {
        calls += 1;
        return HttpResponse.json({ name: 's', version: String(calls), commit: 'c', serverTime: 't' });
      }),
    );
    // well after anything cached by earlier tests
    const base = Date.now() + 3_600_000;
    const now = vi.spyOn(Date, 'now');
    now.mockReturnValue(base);
    const first = await api.apiInfo();
    now.mockReturnValue(base + 299_000);
    expect(await api.apiInfo()).toBe(first);
    expect(calls).toBe(1);
    now.mockReturnValue(base + 301_000);
    await api.apiInfo();
    expect(calls).toBe(2);
  });
});

describe('two tabs whose token expired together', () => {
  /**
   * A server that rotates refresh tokens and revokes the session when a rotated one comes again
   * (as auth.service does), two tabs sharing one cookie jar and one storage, and the lock.
   */
  function setup({ withLock }: { withLock: boolean }) {
    let cookie = 'refresh-1';
    const rotated = new Set<string>();
    let valid = new Set(['access-1']);
    let revoked = false;
    const refreshes: string[] = [];
    let shared: StoredUser = { id: 7, authtoken: 'access-0', permissionsInclude: [], language: { id: 1, key: 'en' } };
    let n = 1;
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input)).pathname;
      await new Promise((r) => setTimeout(r, 5));
      if (path === '/api/login') {
        refreshes.push(cookie);
        if (revoked || rotated.has(cookie)) {
          revoked = true;
          valid = new Set();
          return Response.json({ key: ErrorKey.refreshInvalid }, { status: 401 });
        }
        rotated.add(cookie);
        n += 1;
        const user = makeUser({ authtoken: `access-${n}` });
        valid.add(`access-${n}`);
        // the browser stores the new cookie for every tab once the answer arrives
        const next = `refresh-${n}`;
        setTimeout(() => (cookie = next), 0);
        return Response.json(user);
      }
      const token = new Headers(init?.headers).get('X-Auth-Token') ?? '';
      return valid.has(token) && !revoked ? Response.json({ ok: true }) : Response.json({ key: 'error.token.invalid' }, { status: 401 });
    }) as typeof globalThis.fetch;
    let queue = Promise.resolve();
    const lock = <T>(_name: string, fn: () => Promise<T>): Promise<T> => {
      const run = queue.then(fn);
      queue = run.then(
        () => undefined,
        () => undefined,
      );
      return run;
    };
    const tab = () => {
      let mine: StoredUser | null = shared;
      let lost = false;
      const client = createApiClient({
        baseUrl: 'http://app.test/api',
        fetch,
        events: createEventBus<AppEventMap>(),
        getStoredUser: () => mine,
        getLanguage: () => 'en',
        getLocation: () => null,
        readCookie: () => 'xsrf',
        onTokenRefreshed: (user) => {
          shared = { ...shared, authtoken: user.authtoken! };
          mine = shared;
        },
        onSessionLost: () => {
          lost = true;
          mine = null;
        },
        now: () => Date.now(),
        readStoredUser: () => (mine = shared),
        ...(withLock && { lock }),
      });
      return { client, lost: () => lost };
    };
    return { tab, refreshes: () => refreshes, revoked: () => revoked };
  }

  it("refresh one after the other: the second tab takes the first one's new token, nobody is logged out", async () => {
    const s = setup({ withLock: true });
    const [a, b] = [s.tab(), s.tab()];
    await expect(Promise.all([a.client.request('/thing'), b.client.request('/thing')])).resolves.toEqual([{ ok: true }, { ok: true }]);
    expect(s.refreshes()).toEqual(['refresh-1']);
    expect(s.revoked()).toBe(false);
    expect([a.lost(), b.lost()]).toEqual([false, false]);
  });

  it('without the lock the same refresh token goes twice and the session is revoked (what the lock prevents)', async () => {
    const s = setup({ withLock: false });
    const [a, b] = [s.tab(), s.tab()];
    await Promise.allSettled([a.client.request('/thing'), b.client.request('/thing')]);
    expect(s.refreshes()).toEqual(['refresh-1', 'refresh-1']);
    expect(s.revoked()).toBe(true);
  });
});

describe('token transport (SPEC §7): cookie for this origin, body for an API elsewhere', () => {
  it('the web app on the API’s origin keeps the refresh token in the HttpOnly cookie', () => {
    expect(tokenTransport('/api', 'https://app.spotlist.example')).toBe('cookie');
    expect(tokenTransport('https://app.spotlist.example/api', 'https://app.spotlist.example')).toBe('cookie');
  });
  it('the native shells (capacitor://localhost, https://localhost) get it in the answer', () => {
    expect(tokenTransport('https://api.spotlist.example/api', 'capacitor://localhost')).toBe('body');
    expect(tokenTransport('https://api.spotlist.example/api', 'https://localhost')).toBe('body');
    // another port is another origin
    expect(tokenTransport('http://127.0.0.1:3000/api', 'http://127.0.0.1:4000')).toBe('body');
  });
});

describe('XSRF echo: only for the cookie session', () => {
  const client = (baseUrl: string, readCookie: () => string | null, calls: { url: string; xsrf: string | null }[]) =>
    createApiClient({
      baseUrl,
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
        calls.push({ url: String(input), xsrf: new Headers(init?.headers).get('X-XSRF-TOKEN') });
        return Response.json({ ok: true });
      }) as typeof globalThis.fetch,
      events: createEventBus<AppEventMap>(),
      getStoredUser: () => ({ id: 7, authtoken: 'access', permissionsInclude: [], language: { id: 1, key: 'en' } }),
      getLanguage: () => 'en',
      getLocation: () => null,
      readCookie,
      onTokenRefreshed: () => undefined,
      onSessionLost: () => undefined,
      now: () => 0,
    });

  it('echoes the cookie to the API on this origin', async () => {
    const calls: { url: string; xsrf: string | null }[] = [];
    await client('/api', () => 'xsrf-1', calls).request('/like/create', { method: 'POST', body: {} });
    expect(calls.map((c) => c.xsrf)).toEqual(['xsrf-1']);
  });

  it('neither echoes nor primes it for an API elsewhere (the native shells): one call, no header', async () => {
    const calls: { url: string; xsrf: string | null }[] = [];
    // a cookie this page happens to see (same host, other port) is not the API's session's
    await client('https://api.spotlist.example/api', () => 'xsrf-1', calls).request('/like/create', { method: 'POST', body: {} });
    await client('https://api.spotlist.example/api', () => null, calls).request('/like/create', { method: 'POST', body: {} });
    expect(calls).toEqual([
      { url: 'https://api.spotlist.example/api/like/create', xsrf: null },
      { url: 'https://api.spotlist.example/api/like/create', xsrf: null },
    ]);
  });
});
