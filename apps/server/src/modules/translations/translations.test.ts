import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, req, loginAdmin, signup, type LoggedIn, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let admin: string;
let user: LoggedIn;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAdmin(t.app);
  user = await signup(t.app);
});
afterAll(() => t.close());

describe('remote translations /api/translation/{lang}', () => {
  it('is public, flat and empty at first; unknown languages are 400', async () => {
    const res = await req(t.app, 'GET', '/api/translation/de');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    expect((await req(t.app, 'GET', '/api/translation/xx')).statusCode).toBe(400);
  });

  it('only an admin writes: 401 without a token, 403 for a user', async () => {
    const body = { key: 'MENU.DASHBOARD', value: 'Start' };
    expect((await req(t.app, 'POST', '/api/translation/de', { body })).statusCode).toBe(401);
    expect((await req(t.app, 'POST', '/api/translation/de', { body, token: user.token })).statusCode).toBe(403);
    expect((await req(t.app, 'DELETE', '/api/translation/de/MENU.DASHBOARD')).statusCode).toBe(401);
    expect((await req(t.app, 'DELETE', '/api/translation/de/MENU.DASHBOARD', { token: user.token })).statusCode).toBe(403);
  });

  it('refuses bad keys and values with keys', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ key: 'a b', value: 'x' }, 'body.key', 'FORM.ERROR.PATTERN'],
      [{ key: 'a..b', value: 'x' }, 'body.key', 'FORM.ERROR.PATTERN'],
      [{ key: '__proto__', value: 'x' }, 'body.key', 'FORM.ERROR.PATTERN'],
      [{ key: `A.${'b'.repeat(200)}`, value: 'x' }, 'body.key', 'FORM.ERROR.MAXLENGTH'],
      [{ key: 'A.B', value: 'x'.repeat(2001) }, 'body.value', 'FORM.ERROR.MAXLENGTH'],
      [{ key: 'A.B', value: 'a\u0000b' }, 'body.value', 'FORM.ERROR.PATTERN'],
      [{ key: 'A.B' }, 'body.value', 'FORM.ERROR.REQUIRED'],
    ];
    for (const [body, path, key] of cases) {
      const res = await req(t.app, 'POST', '/api/translation/de', { body, token: admin });
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.json().fields).toContainEqual({ path, key });
    }
    expect((await req(t.app, 'GET', '/api/translation/de')).json()).toEqual({});
  });

  it('set, overwrite, serve per language with ETag revalidation, delete', async () => {
    const set = await req(t.app, 'POST', '/api/translation/de', { body: { key: 'MENU.DASHBOARD', value: 'Übersicht' }, token: admin });
    expect(set.json()).toEqual({ language: 'de', key: 'MENU.DASHBOARD', value: 'Übersicht' });
    await req(t.app, 'POST', '/api/translation/de', { body: { key: 'ERROR.error.unknown', value: 'Fehler' }, token: admin });
    await req(t.app, 'POST', '/api/translation/de', { body: { key: 'MENU.DASHBOARD', value: 'Start' }, token: admin });
    await req(t.app, 'POST', '/api/translation/en', { body: { key: 'MENU.DASHBOARD', value: 'Home' }, token: admin });
    const de = await req(t.app, 'GET', '/api/translation/de');
    expect(de.json()).toEqual({ 'ERROR.error.unknown': 'Fehler', 'MENU.DASHBOARD': 'Start' });
    expect((await req(t.app, 'GET', '/api/translation/en')).json()).toEqual({ 'MENU.DASHBOARD': 'Home' });
    const etag = de.headers.etag as string;
    const same = await t.app.inject({ method: 'GET', url: '/api/translation/de', headers: { 'if-none-match': etag } });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    expect((await req(t.app, 'DELETE', '/api/translation/de/MENU.DASHBOARD', { token: admin })).json()).toEqual({ ok: true });
    expect((await req(t.app, 'DELETE', '/api/translation/de/MENU.DASHBOARD', { token: admin })).statusCode).toBe(404);
    const after = await t.app.inject({ method: 'GET', url: '/api/translation/de', headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ 'ERROR.error.unknown': 'Fehler' });
  });
});
