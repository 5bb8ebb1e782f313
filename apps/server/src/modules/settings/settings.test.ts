import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, req, signup, type LoggedIn, type TestApp } from '../../../test/helpers.ts';

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
      expect((await req(t.app, method, url, { body: method === 'POST' ? {} : undefined })).statusCode, url).toBe(401);
    }
  });

  it('400 with a key for a bad key or an over-long value', async () => {
    const bad = await req(t.app, 'POST', '/api/setting/add', { body: { key: 'has space', value: 1 }, token: alice.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([{ path: 'body.key', key: 'FORM.ERROR.PATTERN' }]);
    const long = await req(t.app, 'POST', '/api/setting/save', { body: { key: 'big', value: 'x'.repeat(10_001) }, token: alice.token });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual([{ path: 'body.value', key: 'FORM.ERROR.MAXLENGTH' }]);
    expect((await req(t.app, 'POST', '/api/setting/add', { body: { key: 'novalue' }, token: alice.token })).statusCode).toBe(400);
  });

  it('create, list at the collection path, save by key, update, delete', async () => {
    const made = await req(t.app, 'POST', '/api/setting/add', { body: { key: 'push.enabled', value: true }, token: alice.token });
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ key: 'push.enabled', value: true });
    const dup = await req(t.app, 'POST', '/api/setting/add', { body: { key: 'push.enabled', value: false }, token: alice.token });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ key: 'error.duplicate' });
    const saved = await req(t.app, 'POST', '/api/setting/save', {
      body: { key: 'map', value: { zoom: 10, centre: [48.1, 11.5] } },
      token: alice.token,
    });
    expect(saved.json()).toMatchObject({ key: 'map', value: { zoom: 10, centre: [48.1, 11.5] } });
    const again = await req(t.app, 'POST', '/api/setting/save', { body: { key: 'map', value: null }, token: alice.token });
    expect(again.json()).toEqual({ id: saved.json().id, key: 'map', value: null });
    const list = (await req(t.app, 'GET', '/api/setting/', { token: alice.token })).json();
    expect(list).toMatchObject({ total: 2, pageIndex: 0, pageSize: 100 });
    expect(list.list.map((s: { key: string }) => s.key).sort()).toEqual(['map', 'push.enabled']);
    expect((await req(t.app, 'GET', '/api/setting/list?f.key=map', { token: alice.token })).json().total).toBe(1);
    const upd = await req(t.app, 'POST', `/api/setting/update/${made.json().id}`, {
      body: { key: 'push.enabled', value: false },
      token: alice.token,
    });
    expect(upd.json().value).toBe(false);
    expect((await req(t.app, 'DELETE', `/api/setting/delete/${made.json().id}`, { token: alice.token })).json()).toEqual({ ok: true });
    expect((await req(t.app, 'GET', `/api/setting/${made.json().id}`, { token: alice.token })).statusCode).toBe(404);
  });

  it("user B never reads, changes or deletes user A's settings; the same key is B's own", async () => {
    const a = (await req(t.app, 'POST', '/api/setting/save', { body: { key: 'secret', value: 'alice' }, token: alice.token })).json();
    expect((await req(t.app, 'GET', `/api/setting/${a.id}`, { token: bob.token })).statusCode).toBe(404);
    expect((await req(t.app, 'GET', '/api/setting/', { token: bob.token })).json().list).toEqual([]);
    expect(
      (await req(t.app, 'POST', `/api/setting/update/${a.id}`, { body: { key: 'secret', value: 'bob' }, token: bob.token })).statusCode,
    ).toBe(404);
    expect((await req(t.app, 'DELETE', `/api/setting/delete/${a.id}`, { token: bob.token })).statusCode).toBe(404);
    const own = (await req(t.app, 'POST', '/api/setting/save', { body: { key: 'secret', value: 'bob' }, token: bob.token })).json();
    expect(own.id).not.toBe(a.id);
    expect((await req(t.app, 'GET', `/api/setting/${a.id}`, { token: alice.token })).json()).toEqual({
      id: a.id,
      key: 'secret',
      value: 'alice',
    });
  });
});
