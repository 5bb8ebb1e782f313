import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { users } from '../src/platform/db/schema/index.ts';
import { AppError } from '../src/lib/app-error.ts';
import { securityHeaderList } from '../src/platform/http/security-headers.ts';
import { buildTestApp, req, signup, uniqueEmail, PASSWORD, type TestApp } from './helpers.ts';

let t: TestApp;
let webRoot: string;
beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'spotlist-web-'));
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Spotlist</title><div id="root"></div>');
  fs.writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)');
  // a build's precompressed copies (apps/web/scripts/precompress.mjs)
  const big = `export const words = ${JSON.stringify('spotlist '.repeat(500))};`;
  fs.writeFileSync(path.join(webRoot, 'assets', 'big-abc123.js'), big);
  fs.writeFileSync(path.join(webRoot, 'assets', 'big-abc123.js.br'), zlib.brotliCompressSync(big));
  fs.writeFileSync(path.join(webRoot, 'assets', 'big-abc123.js.gz'), zlib.gzipSync(big));
  t = await buildTestApp({ webRoot });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const userCount = async () => (await t.database.db.select({ n: count() }).from(users))[0].n;
const raw = (payload: string | Buffer, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/signup', payload, headers: { 'content-type': 'application/json', ...headers } });

describe('bad input gets a 4xx with a key and changes nothing', () => {
  it('malformed JSON', async () => {
    const before = await userCount();
    const res = await raw('{"email": "a@b.c", ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ key: 'error.request.json' });
    expect(await userCount()).toBe(before);
  });

  it('a body over the limit is 413', async () => {
    const res = await raw(JSON.stringify({ email: 'x@y.z', password: 'a'.repeat(2 * 1024 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ key: 'error.request.toolarge' });
  });

  it('__proto__ and constructor keys', async () => {
    const before = await userCount();
    const res = await raw(
      `{"email":"${uniqueEmail()}","password":"${PASSWORD}","accountType":{"id":1},"termsaccepted":true,"__proto__":{"admin":true}}`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ key: 'error.request.json' });
    const ctor = await raw(`{"constructor":{"prototype":{"x":1}},"email":"a@b.cd"}`);
    expect(ctor.statusCode).toBe(400);
    expect(await userCount()).toBe(before);
  });

  it('NUL bytes and over-long strings', async () => {
    const before = await userCount();
    const base = { password: PASSWORD, accountType: { id: 1 }, termsaccepted: true };
    const nul = await req(t.app, 'POST', '/api/signup', { body: { ...base, email: uniqueEmail(), nickname: { value: 'a\u0000b' } } });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().key).toBe('error.validation');
    expect(nul.json().fields).toEqual([{ path: 'body.nickname.value', key: 'FORM.ERROR.PATTERN' }]);
    const long = await req(t.app, 'POST', '/api/signup', { body: { ...base, email: uniqueEmail(), nickname: { value: 'n'.repeat(61) } } });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields[0].key).toBe('FORM.ERROR.MAXLENGTH');
    const longMail = await req(t.app, 'POST', '/api/signup', { body: { ...base, email: `${'a'.repeat(250)}@x.de` } });
    expect(longMail.statusCode).toBe(400);
    expect(await userCount()).toBe(before);
  });

  it('wrong content type and wrong JSON types', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: '<email/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ key: 'error.request.contenttype' });
    const arr = await raw('[1,2,3]');
    expect(arr.statusCode).toBe(400);
    const num = await req(t.app, 'POST', '/api/login', { body: { email: 42, password: ['x'] } });
    expect(num.statusCode).toBe(400);
    expect(num.json().key).toBe('error.validation');
  });

  it('an unknown API route is a 404 with a key', async () => {
    const res = await req(t.app, 'GET', '/api/nothing/here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ key: 'error.route.notfound' });
    const post = await req(t.app, 'POST', '/dashboard', { body: {} });
    expect(post.statusCode).toBe(404);
  });

  it('a malformed id is a 400, never a 500', async () => {
    const admin = await req(t.app, 'POST', '/api/login', { body: { email: 'admin@test.spotlist', password: 'admin-test-password-1' } });
    const token = admin.json().authtoken;
    for (const id of ['abc', '-1', '99999999999999999999', '1.5']) {
      const res = await req(t.app, 'GET', `/api/securityrole/${id}`, { token });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().key).toBe('error.validation');
    }
  });
});

describe('XSRF (signed double submit)', () => {
  const cookieOf = (setCookie: string | string[] | undefined) =>
    (Array.isArray(setCookie) ? setCookie : [setCookie ?? ''])
      .find((c) => c.startsWith('XSRF-TOKEN='))!
      .split(';')[0]
      .slice('XSRF-TOKEN='.length);

  it('sets the cookie and accepts a call that echoes it', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/api/info' });
    const xsrf = cookieOf(first.headers['set-cookie']);
    expect(xsrf).toMatch(/^[\w-]+\.[\w-]+$/);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: { email: uniqueEmail() },
      headers: { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('makes no cookie for a native call (access token, no cookies), and still one for a browser that has cookies', async () => {
    const native = await t.app.inject({ method: 'GET', url: '/api/api/info', headers: { 'x-auth-token': 'some-token' } });
    expect(native.headers['set-cookie']).toBeUndefined();
    const browser = await t.app.inject({
      method: 'GET',
      url: '/api/api/info',
      headers: { 'x-auth-token': 'some-token', cookie: 'spotlist_refresh=x' },
    });
    expect(cookieOf(browser.headers['set-cookie'])).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  it('refuses a browser call with a missing, wrong or self-made token', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/api/info' });
    const xsrf = cookieOf(first.headers['set-cookie']);
    const send = (cookie: string, header?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/password/reset',
        payload: { email: uniqueEmail() },
        headers: { cookie, ...(header ? { 'x-xsrf-token': header } : {}) },
      });
    for (const res of [
      await send(`XSRF-TOKEN=${xsrf}`),
      await send(`XSRF-TOKEN=${xsrf}`, `${xsrf}x`),
      await send('XSRF-TOKEN=forged.signature', 'forged.signature'),
      await send('other=1', xsrf),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ key: 'error.xsrf' });
    }
  });
});

describe('security headers and the web app', () => {
  it('every answer carries CSP, nosniff and no framing', async () => {
    // computed when the app starts, the same on every answer (plugins/security-headers.ts)
    const security = (h: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(h).filter(([k]) => /^(content-security-policy|x-|strict-transport|cross-origin|origin-agent|referrer)/.test(k)),
      );
    const first = security((await t.app.inject({ method: 'GET', url: '/api/api/info' })).headers);
    expect(Object.keys(first).length).toBeGreaterThanOrEqual(8);
    for (const url of ['/api/api/info', '/login', '/api/nothing', '/api/session/user']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'x-auth-token': 'not-a-token' } });
      expect(security(res.headers), url).toEqual(first);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain('https://tile.openstreetmap.org');
    }
  });

  it('computes the headers helmet would set: HSTS on https only, no framing header when framing is allowed, a bad CSP refused at start', () => {
    const headers = (o: Parameters<typeof securityHeaderList>[0]) => Object.fromEntries(securityHeaderList(o));
    const app = headers({ frameguard: { action: 'deny' }, hsts: false });
    expect(app['x-frame-options']).toBe('DENY');
    expect(app['strict-transport-security']).toBeUndefined();
    expect(app['content-security-policy']).toContain("default-src 'self'");
    expect(headers({ hsts: true })['strict-transport-security']).toMatch(/^max-age=\d+/);
    const framed = headers({ frameguard: false, contentSecurityPolicy: false }); // the frame page's changes (embed.routes.ts)
    expect(framed['x-frame-options']).toBeUndefined();
    expect(framed['content-security-policy']).toBeUndefined();
    expect(framed['x-content-type-options']).toBe('nosniff');
    expect(() =>
      securityHeaderList({ contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], scriptSrc: ['bad value;'] } } }),
    ).toThrow();
  });

  it("sends a file's precompressed copy to clients that accept it, the file itself to others", async () => {
    const url = '/assets/big-abc123.js';
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('export const words');
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('serves index.html for app routes and files as they are', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/widget-detail/12?x=1' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<div id="root">');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('api info names the product, version, commit and server time', async () => {
    const res = await req(t.app, 'GET', '/api/api/info');
    expect(res.statusCode).toBe(200);
    const info = res.json();
    expect(info).toMatchObject({ name: 'Spotlist', version: '0.0.0-test', commit: 'test' });
    expect(Math.abs(Date.parse(info.serverTime) - Date.now())).toBeLessThan(60_000);
  });

  it('serves the API reference at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/login');
  });
});

describe('industries', () => {
  it('lists the ten industries with ids 1-10; only hospitality has rooms', async () => {
    const res = await req(t.app, 'GET', '/api/industry/list');
    const body = res.json();
    expect(body.total).toBe(10);
    expect(body.list.map((i: { id: number }) => i.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(body.list.filter((i: { hasrooms: boolean }) => i.hasrooms).map((i: { key: string }) => i.key)).toEqual(['hospitality']);
  });
});

describe('signup in a browser keeps the refresh token in an HttpOnly cookie', () => {
  it('cookie transport: no refresh token in the body, refresh by cookie works', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/api/info' });
    const xsrfCookie = String((first.headers['set-cookie'] as string).split(';')[0]);
    const xsrf = xsrfCookie.slice('XSRF-TOKEN='.length);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { email: uniqueEmail(), password: PASSWORD, accountType: { id: 1 }, termsaccepted: true, tokenTransport: 'cookie' },
      headers: { cookie: xsrfCookie, 'x-xsrf-token': xsrf },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().refreshToken).toBeUndefined();
    const setCookie = ([] as string[]).concat(res.headers['set-cookie'] as string[]);
    const refresh = setCookie.find((c) => c.startsWith('spotlist_refresh='))!;
    expect(refresh).toMatch(/HttpOnly/);
    expect(refresh).toMatch(/SameSite=Strict/);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { grant_type: 'refresh_token' },
      headers: { cookie: `${xsrfCookie}; ${refresh.split(';')[0]}`, 'x-xsrf-token': xsrf },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().authtoken).not.toBe(res.json().authtoken);
    // without the cookie there is nothing to refresh
    const none = await req(t.app, 'POST', '/api/login', { body: { grant_type: 'refresh_token' } });
    expect(none.statusCode).toBe(401);
  });
});

describe('a signed-up user can log in', () => {
  it('round trip', async () => {
    const a = await signup(t.app);
    expect((await req(t.app, 'POST', '/api/login', { body: { email: a.email, password: PASSWORD } })).statusCode).toBe(200);
  });
});

describe('anonymized errors (SPEC §8)', () => {
  it('a route marked anonymizeErrors answers error.unknown with the same status', async () => {
    const a = await buildTestApp({
      register: (app) => {
        app.post('/api/test-anon', { config: { auth: 'public', anonymizeErrors: true } }, async () => {
          throw new AppError('error.secret.detail', 409);
        });
        app.post('/api/test-plain', { config: { auth: 'public' } }, async () => {
          throw new Error('database password is hunter2');
        });
      },
    });
    try {
      const anon = await req(a.app, 'POST', '/api/test-anon', { body: {} });
      expect(anon.statusCode).toBe(409);
      expect(anon.json()).toEqual({ key: 'error.unknown' });
      // an unexpected failure is a 500 that leaks nothing
      const plain = await req(a.app, 'POST', '/api/test-plain', { body: {} });
      expect(plain.statusCode).toBe(500);
      expect(plain.json()).toEqual({ key: 'error.unknown' });
      expect(plain.body).not.toContain('hunter2');
    } finally {
      await a.close();
    }
  });
});
