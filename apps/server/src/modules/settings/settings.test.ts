import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, signup, type LoggedIn, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let alice: LoggedIn;
let bob: LoggedIn;
beforeAll(async () => {
  t = await buildTestApp();
  alice = await signup(t.app);
  bob = await signup(t.app);
});
afterAll(() => t.close());

describe('/api/setting/ (SPEC §7: the caller’s own settings)', () => {
  it('401 without a token on every call', async () => {
    for (const [method, url] of [
      ['GET', '/api/setting/'],
      ['GET', '/api/setting/list'],
      ['GET', '/api/setting/1'],
      ['POST', '/api/setting/new'],
      ['POST', '/api/setting/add'],
      ['POST', '/api/setting/save'],
      ['POST', '/api/setting/update/1'],
      ['DELETE', '/api/setting/delete/1'],
    ] as const) {
      expect((await call(t.app, method, url, method === 'POST' ? {} : undefined)).statusCode, url).toBe(401);
    }
  });

  it('400 with a key for a bad key or an over-long value', async () => {
    const bad = await call(t.app, 'POST', '/api/setting/add', { key: 'has space', value: 1 }, alice.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([{ path: 'body.key', key: 'FORM.ERROR.PATTERN' }]);
    const long = await call(t.app, 'POST', '/api/setting/save', { key: 'big', value: 'x'.repeat(10_001) }, alice.token);
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual([{ path: 'body.value', key: 'FORM.ERROR.MAXLENGTH' }]);
    expect((await call(t.app, 'POST', '/api/setting/add', { key: 'novalue' }, alice.token)).statusCode).toBe(400);
  });

  it('create, list at the collection path, save by key, update, delete', async () => {
    const made = await call(t.app, 'POST', '/api/setting/add', { key: 'push.enabled', value: true }, alice.token);
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ key: 'push.enabled', value: true });
    const dup = await call(t.app, 'POST', '/api/setting/add', { key: 'push.enabled', value: false }, alice.token);
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ key: 'error.duplicate' });
    const saved = await call(t.app, 'POST', '/api/setting/save', { key: 'map', value: { zoom: 10, centre: [48.1, 11.5] } }, alice.token);
    expect(saved.json()).toMatchObject({ key: 'map', value: { zoom: 10, centre: [48.1, 11.5] } });
    const again = await call(t.app, 'POST', '/api/setting/save', { key: 'map', value: null }, alice.token);
    expect(again.json()).toEqual({ id: saved.json().id, key: 'map', value: null });
    const list = (await call(t.app, 'GET', '/api/setting/', undefined, alice.token)).json();
    expect(list).toMatchObject({ total: 2, pageIndex: 0, pageSize: 100 });
    expect(list.list.map((s: { key: string }) => s.key).sort()).toEqual(['map', 'push.enabled']);
    expect((await call(t.app, 'GET', '/api/setting/list?f.key=map', undefined, alice.token)).json().total).toBe(1);
    const upd = await call(t.app, 'POST', `/api/setting/update/${made.json().id}`, { key: 'push.enabled', value: false }, alice.token);
    expect(upd.json().value).toBe(false);
    expect((await call(t.app, 'DELETE', `/api/setting/delete/${made.json().id}`, undefined, alice.token)).json()).toEqual({ ok: true });
    expect((await call(t.app, 'GET', `/api/setting/${made.json().id}`, undefined, alice.token)).statusCode).toBe(404);
  });

  it("user B never reads, changes or deletes user A's settings; the same key is B's own", async () => {
    const a = (await call(t.app, 'POST', '/api/setting/save', { key: 'secret', value: 'alice' }, alice.token)).json();
    expect((await call(t.app, 'GET', `/api/setting/${a.id}`, undefined, bob.token)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/setting/', undefined, bob.token)).json().list).toEqual([]);
    expect((await call(t.app, 'POST', `/api/setting/update/${a.id}`, { key: 'secret', value: 'bob' }, bob.token)).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/setting/delete/${a.id}`, undefined, bob.token)).statusCode).toBe(404);
    const own = (await call(t.app, 'POST', '/api/setting/save', { key: 'secret', value: 'bob' }, bob.token)).json();
    expect(own.id).not.toBe(a.id);
    expect((await call(t.app, 'GET', `/api/setting/${a.id}`, undefined, alice.token)).json()).toEqual({
      id: a.id,
      key: 'secret',
      value: 'alice',
    });
  });
});
