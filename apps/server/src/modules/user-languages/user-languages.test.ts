import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountType } from '@spotlist/contracts';
import { buildTestApp, req, signup, type LoggedIn, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const mine = async (u: LoggedIn) => (await req(t.app, 'GET', '/api/language/mine', { token: u.token })).json();
const summary = (body: { list: { key: string; isDefault: boolean }[] }) => body.list.map((l) => `${l.key}${l.isDefault ? '*' : ''}`);

describe('content languages: /api/language/add, /remove, /assignDefault, /mine', () => {
  it('401 without a token; 400 with a key for a bad body', async () => {
    for (const url of ['/api/language/add', '/api/language/remove', '/api/language/assignDefault']) {
      expect((await req(t.app, 'POST', url, { body: { id: 1 } })).statusCode).toBe(401);
    }
    expect((await req(t.app, 'GET', '/api/language/mine')).statusCode).toBe(401);
    const u = await signup(t.app);
    for (const body of [{}, { id: 'de' }, { id: 0 }, { id: 1.5 }]) {
      const res = await req(t.app, 'POST', '/api/language/add', { body, token: u.token });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().key).toBe('error.validation');
    }
    const unknown = await req(t.app, 'POST', '/api/language/add', { body: { id: 999 }, token: u.token });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual([{ path: 'body.id', key: 'hasId' }]);
  });

  it('the first language becomes the default; adding again changes nothing; a whole language object is accepted', async () => {
    const u = await signup(t.app, AccountType.business);
    expect((await mine(u)).list).toEqual([]);
    expect(summary((await req(t.app, 'POST', '/api/language/add', { body: { id: 2 }, token: u.token })).json())).toEqual(['de*']);
    expect(
      summary(
        (
          await req(t.app, 'POST', '/api/language/add', { body: { id: 1, key: 'en', isocode: 'en-US', name: 'English' }, token: u.token })
        ).json(),
      ),
    ).toEqual(['en', 'de*']);
    expect(summary((await req(t.app, 'POST', '/api/language/add', { body: { id: 2 }, token: u.token })).json())).toEqual(['en', 'de*']);
    expect((await mine(u)).list[0]).toEqual({ id: 1, isocode: 'en-US', key: 'en', name: 'English', isDefault: false });
  });

  it('the default must be offered; removing it is refused unless it is the last', async () => {
    const u = await signup(t.app, AccountType.blogger);
    await req(t.app, 'POST', '/api/language/add', { body: { id: 1 }, token: u.token });
    await req(t.app, 'POST', '/api/language/add', { body: { id: 4 }, token: u.token });
    const notOffered = await req(t.app, 'POST', '/api/language/assignDefault', { body: { id: 3 }, token: u.token });
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json()).toEqual({ key: 'error.language.notoffered' });
    expect(summary((await req(t.app, 'POST', '/api/language/assignDefault', { body: { id: 4 }, token: u.token })).json())).toEqual([
      'en',
      'fr*',
    ]);
    const refused = await req(t.app, 'POST', '/api/language/remove', { body: { id: 4 }, token: u.token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ key: 'error.language.default.remove' });
    expect((await req(t.app, 'POST', '/api/language/remove', { body: { id: 3 }, token: u.token })).statusCode).toBe(404);
    expect(summary((await req(t.app, 'POST', '/api/language/remove', { body: { id: 1 }, token: u.token })).json())).toEqual(['fr*']);
    expect((await req(t.app, 'POST', '/api/language/remove', { body: { id: 4 }, token: u.token })).json().list).toEqual([]);
  });

  it('parallel adds still leave exactly one default', async () => {
    const u = await signup(t.app);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((id) => req(t.app, 'POST', '/api/language/add', { body: { id }, token: u.token })),
    );
    for (const a of answers) expect(a.statusCode).toBe(200);
    const list = (await mine(u)).list;
    expect(list).toHaveLength(5);
    expect(list.filter((l: { isDefault: boolean }) => l.isDefault)).toHaveLength(1);
  });

  it("user B never sees or changes user A's languages", async () => {
    const a = await signup(t.app);
    const b = await signup(t.app);
    await req(t.app, 'POST', '/api/language/add', { body: { id: 2 }, token: a.token });
    expect((await mine(b)).list).toEqual([]);
    expect((await req(t.app, 'POST', '/api/language/remove', { body: { id: 2 }, token: b.token })).statusCode).toBe(404);
    expect((await req(t.app, 'POST', '/api/language/assignDefault', { body: { id: 2 }, token: b.token })).statusCode).toBe(400);
    await req(t.app, 'POST', '/api/language/add', { body: { id: 1 }, token: b.token });
    expect(summary(await mine(a))).toEqual(['de*']);
    expect(summary(await mine(b))).toEqual(['en*']);
  });
});
