import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ErrorKey, REALTIME_PATH, RESUMABLE_UPLOAD_PATH, type User } from '@spotlist/contracts';
import { testConfig } from '../../config.ts';
import { buildTestApp, PASSWORD, req, signup, type Res, type TestApp } from '../../../test/helpers.ts';
import { authed } from '../../../test/socket-client.ts';

/** The native shells' pages (Capacitor): iOS, Android. */
const IOS = 'capacitor://localhost';
const ANDROID = 'https://localhost';
const PUBLIC_URL = 'https://spotlist.example';
const EVIL = 'https://evil.example';

const preflight = (t: TestApp, origin: string, url = '/api/session/user', method = 'GET', headers = 'x-auth-token, app-language') =>
  t.app.inject({
    method: 'OPTIONS',
    url,
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
  });

const list = (v: unknown) =>
  String(v ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

/** What every answer to an allowed native origin carries, and never carries. */
function expectNativeCors(res: Res, origin: string) {
  expect(res.headers['access-control-allow-origin']).toBe(origin);
  expect(list(res.headers.vary)).toContain('origin');
  expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  expect(res.headers['set-cookie']).toBeUndefined();
}

function expectNoCors(res: Res) {
  for (const h of Object.keys(res.headers)) expect(h.startsWith('access-control-'), h).toBe(false);
}

describe('CORS for the native shells', () => {
  let t: TestApp;
  let embedDir: string;
  beforeAll(async () => {
    embedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotlist-embed-'));
    fs.writeFileSync(path.join(embedDir, 'embed.js'), 'console.log("embed")');
    t = await buildTestApp({
      config: { PUBLIC_URL, CORS_ORIGINS: 'https://partner.example, http://localhost:8100', EMBED_DIST: embedDir },
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(embedDir, { recursive: true, force: true });
  });

  it('answers a preflight from either native origin for any /api route, before the access rule, with what the API reads', async () => {
    for (const origin of [IOS, ANDROID]) {
      for (const [url, method] of [
        ['/api/session/user', 'GET'],
        ['/api/place/update/1', 'POST'],
        ['/api/like/delete/1', 'DELETE'],
        // tus's own OPTIONS route needs a login: the preflight (which never carries a token) is answered first
        [RESUMABLE_UPLOAD_PATH, 'POST'],
        [`${RESUMABLE_UPLOAD_PATH}/0123456789abcdef0123456789abcdef`, 'PATCH'],
      ]) {
        const res = await preflight(t, origin, url, method, 'x-auth-token, content-type, tus-resumable, upload-offset');
        expect(res.statusCode, `${origin} ${method} ${url}`).toBe(204);
        expectNativeCors(res, origin);
        expect(list(res.headers['access-control-allow-methods'])).toEqual(
          expect.arrayContaining(['get', 'post', 'put', 'patch', 'delete']),
        );
        expect(list(res.headers['access-control-allow-headers'])).toEqual(
          expect.arrayContaining([
            'content-type',
            'x-auth-token',
            'app-language',
            'user-location',
            'x-guest-key',
            'tus-resumable',
            'upload-length',
            'upload-offset',
            'upload-metadata',
          ]),
        );
        expect(Number(res.headers['access-control-max-age'])).toBeGreaterThanOrEqual(600);
        expect(res.body).toBe('');
      }
    }
  });

  it('refuses a preflight from any other origin with 403 error.cors.origin and no CORS header', async () => {
    for (const origin of [EVIL, 'null', 'capacitor://evil', 'https://localhost:8443', 'http://localhost']) {
      const res = await preflight(t, origin);
      expect(res.statusCode, origin).toBe(403);
      expect(res.json()).toEqual({ key: ErrorKey.corsOrigin });
      expectNoCors(res);
    }
  });

  it('CORS_ORIGINS adds origins to the native ones', async () => {
    for (const origin of ['https://partner.example', 'http://localhost:8100']) {
      const res = await preflight(t, origin);
      expect(res.statusCode, origin).toBe(204);
      expectNativeCors(res, origin);
    }
  });

  it('answers a native call with its origin, with and without a token, errors included; never `*`, never credentials', async () => {
    const me = await signup(t.app);
    for (const origin of [IOS, ANDROID]) {
      const ok = await req(t.app, 'GET', '/api/session/user', { token: me.token, headers: { origin } });
      expect(ok.statusCode).toBe(200);
      expectNativeCors(ok, origin);
      expect(list(ok.headers['access-control-expose-headers'])).toEqual(
        expect.arrayContaining(['location', 'upload-offset', 'upload-length', 'upload-document-id', 'content-disposition', 'retry-after']),
      );
      // the app must read the 401 to refresh its token
      const none = await req(t.app, 'GET', '/api/session/user', { headers: { origin } });
      expect(none.statusCode).toBe(401);
      expect(none.json()).toEqual({ key: ErrorKey.unauthorized });
      expectNativeCors(none, origin);
      // a public call without a token (and its 404s)
      const info = await req(t.app, 'GET', '/api/api/info', { headers: { origin } });
      expect(info.statusCode).toBe(200);
      expectNativeCors(info, origin);
      const missing = await req(t.app, 'GET', '/api/no/such/route', { headers: { origin } });
      expect(missing.statusCode).toBe(404);
      expectNativeCors(missing, origin);
    }
  });

  it('gives another site no CORS header (the browser keeps the answer from it); same-origin and origin-less calls are as before', async () => {
    const me = await signup(t.app);
    const evil = await req(t.app, 'GET', '/api/session/user', { token: me.token, headers: { origin: EVIL } });
    expect(evil.statusCode).toBe(200);
    expectNoCors(evil);
    for (const headers of [{}, { origin: PUBLIC_URL }, { origin: 'http://localhost:80' }] as Record<string, string>[]) {
      const own = await req(t.app, 'GET', '/api/session/user', { token: me.token, headers });
      expect(own.statusCode).toBe(200);
      expectNoCors(own);
      expect(list(own.headers.vary)).not.toContain('origin');
      // a login from the app's own pages still gets its cookies (XSRF, device)
      const login = await req(t.app, 'POST', '/api/login', {
        body: { email: me.email, password: PASSWORD, tokenTransport: 'cookie' },
        headers,
      });
      expect(login.statusCode).toBe(200);
      expectNoCors(login);
      expect(String(login.headers['set-cookie'])).toContain('spotlist_refresh=');
    }
  });

  it('a shared cache keeps public answers apart by Origin', async () => {
    const plain = await req(t.app, 'GET', '/api/country/list2');
    expect(plain.headers['cache-control']).toContain('public');
    expect(list(plain.headers.vary)).toEqual(expect.arrayContaining(['app-language', 'origin']));
    expectNoCors(plain);
    const native = await req(t.app, 'GET', '/api/country/list2', { headers: { origin: IOS } });
    expect(list(native.headers.vary)).toEqual(expect.arrayContaining(['app-language', 'origin']));
    expectNativeCors(native, IOS);
  });

  it('leaves paths outside /api alone: embed.js stays `*`', async () => {
    const js = await t.app.inject({ method: 'GET', url: '/embed.js', headers: { origin: IOS } });
    expect(js.statusCode).toBe(200);
    expect(js.headers['access-control-allow-origin']).toBe('*');
    expect(js.headers['access-control-expose-headers']).toBeUndefined();
  });

  it('tus answers (written by tus itself) name the native origin, and no other', async () => {
    const me = await signup(t.app);
    const create = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: RESUMABLE_UPLOAD_PATH,
        headers: {
          'tus-resumable': '1.0.0',
          'upload-length': '10',
          'upload-metadata': `filename ${Buffer.from('a.pdf').toString('base64')}`,
          'x-auth-token': me.token,
          ...headers,
        },
      });
    const native = await create({ origin: ANDROID });
    expect(native.statusCode, native.body).toBe(201);
    expect(native.headers['access-control-allow-origin']).toBe(ANDROID);
    expect(list(native.headers['access-control-expose-headers'])).toEqual(
      expect.arrayContaining(['location', 'upload-offset', 'upload-document-id']),
    );
    expect(native.headers['access-control-allow-credentials']).toBeUndefined();
    for (const headers of [{ origin: EVIL }, {}] as Record<string, string>[]) {
      const other = await create(headers);
      expect(other.statusCode).toBe(201);
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('native login → refresh → logout with tokens in the body: no cookie on any answer, the refreshed token works, the old refresh token is refused after logout', async () => {
    const me = await signup(t.app);
    const headers = { origin: ANDROID };
    const login = await req(t.app, 'POST', '/api/login', {
      body: { email: me.email, password: PASSWORD, tokenTransport: 'body' },
      headers,
    });
    expect(login.statusCode, login.body).toBe(200);
    expectNativeCors(login, ANDROID);
    const first = login.json() as User;
    expect(first.authtoken).toBeTruthy();
    expect(first.refreshToken).toBeTruthy();

    // SPEC §7: refresh is a POST to the login path with refresh_token (no cookie, no XSRF echo)
    const refreshed = await req(t.app, 'POST', '/api/login', { body: { refresh_token: first.refreshToken }, headers });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expectNativeCors(refreshed, ANDROID);
    const second = refreshed.json() as User;
    expect(second.authtoken).not.toBe(first.authtoken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const session = await req(t.app, 'GET', '/api/session/user', { token: second.authtoken!, headers });
    expect(session.statusCode).toBe(200);
    expect((session.json() as User).id).toBe(me.user.id);

    // a state-changing call with X-Auth-Token and no cookie passes the XSRF check
    const logout = await req(t.app, 'POST', '/api/logout', { body: {}, token: second.authtoken!, headers });
    expect(logout.statusCode, logout.body).toBe(200);
    expectNativeCors(logout, ANDROID);

    const after = await req(t.app, 'POST', '/api/login', { body: { refresh_token: second.refreshToken }, headers });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ key: ErrorKey.refreshInvalid });
    expectNativeCors(after, ANDROID);
    expect((await req(t.app, 'GET', '/api/session/user', { token: second.authtoken!, headers })).statusCode).toBe(401);
  });

  it('a native POST with X-Auth-Token from capacitor://localhost and no cookie passes the XSRF check; with a cookie it must echo it', async () => {
    const me = await signup(t.app);
    const native = await req(t.app, 'POST', '/api/password/update', {
      body: { oldPassword: PASSWORD, newPassword: `${PASSWORD} 2` },
      token: me.token,
      headers: { origin: IOS },
    });
    expect(native.statusCode, native.body).toBe(200);
    expectNativeCors(native, IOS);
    const withCookie = await req(t.app, 'POST', '/api/password/update', {
      body: { oldPassword: `${PASSWORD} 2`, newPassword: PASSWORD },
      token: me.token,
      headers: { origin: IOS, cookie: 'XSRF-TOKEN=forged.value' },
    });
    expect(withCookie.statusCode).toBe(403);
    expect(withCookie.json()).toEqual({ key: ErrorKey.xsrf });
  });

  it('the realtime gateway takes sockets from the native origins (it checks no Origin: auth is the first message)', async () => {
    const me = await signup(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${REALTIME_PATH}`;
    const o = { sockets: [] as WebSocket[] };
    try {
      for (const origin of [IOS, ANDROID]) {
        const ws = new WebSocket(url, { origin });
        o.sockets.push(ws);
        await new Promise<void>((resolve, reject) => {
          ws.once('open', () => resolve());
          ws.once('error', reject);
        });
        ws.terminate();
      }
      // and authenticates there as anywhere (the helper's socket sends no Origin)
      const c = await authed(url, o, me.token);
      c.ws.terminate();
    } finally {
      for (const s of o.sockets) s.terminate();
    }
  });
});

describe('CORS configuration', () => {
  it('NATIVE_ORIGINS defaults to the Capacitor origins; CORS_ORIGINS adds exact origins', () => {
    const c = testConfig();
    expect(c.NATIVE_ORIGINS).toEqual([IOS, ANDROID]);
    expect(c.CORS_ORIGINS).toEqual([]);
    expect(testConfig({ CORS_ORIGINS: ' https://a.example ,http://localhost:8100,,ionic://localhost' }).CORS_ORIGINS).toEqual([
      'https://a.example',
      'http://localhost:8100',
      'ionic://localhost',
    ]);
  });

  it.each([
    '*',
    'null',
    'https://a.example/',
    'https://a.example/app',
    'https://A.example',
    'https://a.example:443',
    'a.example',
    'https://u@a.example',
  ])('refuses CORS_ORIGINS=%s at start', (bad) => {
    expect(() => testConfig({ CORS_ORIGINS: `https://ok.example,${bad}` })).toThrow(
      /Invalid configuration:[\s\S]*CORS_ORIGINS: .* is not an origin/,
    );
    expect(() => testConfig({ NATIVE_ORIGINS: bad })).toThrow(/NATIVE_ORIGINS/);
  });
});
