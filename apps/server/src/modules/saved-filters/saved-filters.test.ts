import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorKey, SAVED_FILTERS_MAX } from '@spotlist/contracts';
import { savedFilters } from '../../platform/db/schema/index.ts';
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

const add = (u: LoggedIn, body: unknown) => req(t.app, 'POST', '/api/savedfilter/add', { token: u.token, body });

describe('saved filters (SPEC §7)', () => {
  it("saves a view's query under a name, lists one view's at the collection path, each user only their own", async () => {
    const locked = await add(alice, { view: 'console.users', name: 'Locked businesses', query: { state: 'locked', accountType: '2' } });
    expect(locked.statusCode).toBe(200);
    await add(alice, { view: 'console.audit', name: 'Refusals', query: { outcome: 'refused' } });
    const mine = (await req(t.app, 'GET', '/api/savedfilter/?f.view=console.users', { token: alice.token })).json();
    expect(mine.list).toEqual([
      { id: locked.json().id, view: 'console.users', name: 'Locked businesses', query: { state: 'locked', accountType: '2' } },
    ]);
    expect((await req(t.app, 'GET', '/api/savedfilter/?f.view=console.users', { token: bob.token })).json().total).toBe(0);
    expect((await req(t.app, 'GET', `/api/savedfilter/${locked.json().id}`, { token: bob.token })).statusCode).toBe(404);
    expect((await req(t.app, 'DELETE', `/api/savedfilter/delete/${locked.json().id}`, { token: bob.token })).statusCode).toBe(404);
    // the same name in the same view, whatever the case: 409, nothing written
    const again = await add(alice, { view: 'console.users', name: 'LOCKED businesses', query: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ key: ErrorKey.duplicate });
    // in the GDPR export
    const exported = (await req(t.app, 'GET', '/api/myprofile/export', { token: alice.token })).json();
    expect(exported.savedFilters.map((f: { name: string }) => f.name)).toEqual(['Locked businesses', 'Refusals']);
    expect((await req(t.app, 'DELETE', `/api/savedfilter/delete/${locked.json().id}`, { token: alice.token })).statusCode).toBe(200);
    expect((await req(t.app, 'GET', '/api/savedfilter/?f.view=console.users', { token: alice.token })).json().total).toBe(0);
  });

  it('refuses bad input with a key, and more than SAVED_FILTERS_MAX', async () => {
    for (const body of [
      { view: 'Console Users', name: 'x', query: {} },
      { view: 'console.users', name: '', query: {} },
      { view: 'console.users', name: 'x', query: { 'bad key': 'y' } },
      { view: 'console.users', name: 'x', query: { q: 1 } },
      { view: 'console.users', name: 'x', query: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])) },
    ]) {
      const res = await add(bob, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().key).toBe(ErrorKey.validation);
    }
    await t.database.db
      .insert(savedFilters)
      .values(
        Array.from({ length: SAVED_FILTERS_MAX }, (_, i) => ({ ownerId: bob.user.id, view: 'console.audit', name: `f${i}`, query: {} })),
      );
    const over = await add(bob, { view: 'console.audit', name: 'one more', query: {} });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ key: ErrorKey.savedFiltersTooMany });
    expect((await req(t.app, 'GET', '/api/savedfilter/?f.view=console.audit&p.s=1', { token: bob.token })).json().total).toBe(
      SAVED_FILTERS_MAX,
    );
  });
});
