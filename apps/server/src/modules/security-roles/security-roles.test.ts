import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ObjectionableReportSchema } from '@spotlist/contracts';
import { objectionableReports } from '../../platform/db/schema/index.ts';
import { resource } from '../../platform/http/resource.ts';
import { buildTestApp, req, loginAdmin, signup, type LoggedIn, type TestApp } from '../../../test/helpers.ts';
import { z } from 'zod';

let t: TestApp;
let admin: string;
let alice: LoggedIn;
let bob: LoggedIn;

beforeAll(async () => {
  t = await buildTestApp({
    // A resource whose rows belong to users, to prove the factory's ownership rule: the
    // reports a user filed, readable and deletable by their reporter only.
    register: (app, database) =>
      resource(app, database.db, {
        path: '/api/test-myreports/',
        name: 'test-myreports',
        table: objectionableReports,
        item: ObjectionableReportSchema,
        input: z.object({ resource: z.string().min(1).max(40), resourceId: z.number().int().positive() }),
        policy: { read: 'user', write: 'user', report: 'user' },
        ownerColumn: objectionableReports.reporterId,
        toApi: (r) =>
          ({ id: r.id, resource: r.resource, resourceId: r.resourceId, createdAt: (r.createdAt as Date).toISOString() }) as never,
        toRow: (i) => ({ resource: i.resource, resourceId: i.resourceId }),
        defaults: () => ({ resource: 'place' }),
        list: { filters: { resource: objectionableReports.resource }, sorts: { resourceId: objectionableReports.resourceId } },
      }),
  });
  admin = await loginAdmin(t.app);
  alice = await signup(t.app);
  bob = await signup(t.app);
});
afterAll(() => t.close());

describe('/api/securityrole/ (generic resource, admin.roles only)', () => {
  it('needs a token (401) and the admin.roles permission (403)', async () => {
    for (const [method, url] of [
      ['GET', '/api/securityrole/list'],
      ['GET', '/api/securityrole/1'],
      ['POST', '/api/securityrole/new'],
      ['POST', '/api/securityrole/add'],
      ['POST', '/api/securityrole/update/1'],
      ['DELETE', '/api/securityrole/delete/1'],
    ] as const) {
      const body = method === 'POST' ? {} : undefined;
      expect((await req(t.app, method, url, { body })).statusCode, `${method} ${url}`).toBe(401);
      const res = await req(t.app, method, url, { body, token: alice.token });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ key: 'error.permission.missing' });
    }
  });

  it('new, add, get, list with filter/sort/page, update, delete', async () => {
    expect((await req(t.app, 'POST', '/api/securityrole/new', { body: {}, token: admin })).json()).toEqual({
      key: '',
      name: '',
      permissions: [],
    });
    const bad = await req(t.app, 'POST', '/api/securityrole/add', { body: { key: 'Not Valid', name: '' }, token: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().key).toBe('error.validation');
    // a permission that does not exist is refused, and nothing is written
    const unknown = await req(t.app, 'POST', '/api/securityrole/add', {
      body: { key: 'editor', name: 'Editor', permissions: ['editor.all'] },
      token: admin,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().key).toBe('error.validation');
    const made = [];
    for (const [key, permissions] of [
      ['editor', ['translations.edit']],
      ['helpdesk', ['admin.users']],
      ['auditor', ['audit.view']],
    ] as const) {
      const res = await req(t.app, 'POST', '/api/securityrole/add', { body: { key, name: key.toUpperCase(), permissions }, token: admin });
      expect(res.statusCode).toBe(200);
      made.push(res.json());
    }
    const dup = await req(t.app, 'POST', '/api/securityrole/add', { body: { key: 'editor', name: 'again' }, token: admin });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ key: 'error.duplicate' });
    expect((await req(t.app, 'GET', `/api/securityrole/${made[0].id}`, { token: admin })).json()).toEqual(made[0]);
    const page = await req(t.app, 'GET', '/api/securityrole/list?p.i=1&p.s=3&o.sort=key|desc', { token: admin });
    const body = page.json();
    expect(body.total).toBe(8); // five built-in + three
    expect(body.pageIndex).toBe(1);
    expect(body.pageSize).toBe(3);
    // translator support moderator | helpdesk editor client-admin | auditor admin
    expect(body.list.map((r: { key: string }) => r.key)).toEqual(['helpdesk', 'editor', 'client-admin']);
    const filtered = await req(t.app, 'GET', '/api/securityrole/list?f.key=HELPDESK', { token: admin });
    expect(filtered.json().list.map((r: { key: string }) => r.key)).toEqual(['helpdesk']);
    const badSort = await req(t.app, 'GET', '/api/securityrole/list?o.sort=password_hash', { token: admin });
    expect(badSort.statusCode).toBe(400);
    const badPage = await req(t.app, 'GET', '/api/securityrole/list?p.s=0', { token: admin });
    expect(badPage.statusCode).toBe(400);
    const upd = await req(t.app, 'POST', `/api/securityrole/update/${made[1].id}`, {
      body: { key: 'helpdesk', name: 'Mods', permissions: [] },
      token: admin,
    });
    expect(upd.json()).toMatchObject({ id: made[1].id, name: 'Mods', permissions: [] });
    expect((await req(t.app, 'DELETE', `/api/securityrole/delete/${made[2].id}`, { token: admin })).json()).toEqual({ ok: true });
    expect((await req(t.app, 'GET', `/api/securityrole/${made[2].id}`, { token: admin })).statusCode).toBe(404);
    expect((await req(t.app, 'DELETE', `/api/securityrole/delete/${made[2].id}`, { token: admin })).statusCode).toBe(404);
  });

  it('assigning a role through /api/usersecurityrole/ shows in permissionsInclude', async () => {
    const role = (
      await req(t.app, 'POST', '/api/securityrole/add', {
        body: { key: 'curator', name: 'Curator', permissions: ['jobs.view'] },
        token: admin,
      })
    ).json();
    const link = await req(t.app, 'POST', '/api/usersecurityrole/add', {
      body: { userId: bob.user.id, securityRoleId: role.id },
      token: admin,
    });
    expect(link.statusCode).toBe(200);
    expect((await req(t.app, 'GET', '/api/session/user', { token: bob.token })).json().permissionsInclude).toEqual(['jobs.view']);
    const listed = await req(t.app, 'GET', `/api/usersecurityrole/list?f.userId=${bob.user.id}`, { token: admin });
    expect(listed.json().list).toEqual([{ id: link.json().id, userId: bob.user.id, securityRoleId: role.id }]);
    const missing = await req(t.app, 'POST', '/api/usersecurityrole/add', {
      body: { userId: 999999, securityRoleId: role.id },
      token: admin,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ key: 'error.reference.notfound' });
    await req(t.app, 'DELETE', `/api/usersecurityrole/delete/${link.json().id}`, { token: admin });
    expect((await req(t.app, 'GET', '/api/session/user', { token: bob.token })).json().permissionsInclude).toEqual([]);
  });
});

describe('resource factory with owned rows: user B never reads or changes user A rows', () => {
  it('isolates rows by owner in every call', async () => {
    const a = (
      await req(t.app, 'POST', '/api/test-myreports/add', { body: { resource: 'place', resourceId: 7 }, token: alice.token })
    ).json();
    expect(a.id).toBeGreaterThan(0);
    expect((await req(t.app, 'GET', `/api/test-myreports/${a.id}`, { token: alice.token })).statusCode).toBe(200);
    expect((await req(t.app, 'GET', `/api/test-myreports/${a.id}`, { token: bob.token })).statusCode).toBe(404);
    expect((await req(t.app, 'GET', '/api/test-myreports/list', { token: bob.token })).json().total).toBe(0);
    const upd = await req(t.app, 'POST', `/api/test-myreports/update/${a.id}`, {
      body: { resource: 'hacked', resourceId: 1 },
      token: bob.token,
    });
    expect(upd.statusCode).toBe(404);
    expect((await req(t.app, 'DELETE', `/api/test-myreports/delete/${a.id}`, { token: bob.token })).statusCode).toBe(404);
    const still = (await req(t.app, 'GET', `/api/test-myreports/${a.id}`, { token: alice.token })).json();
    expect(still).toMatchObject({ resource: 'place', resourceId: 7 });
    // reporting needs a row the reporter can see
    expect(
      (await req(t.app, 'POST', `/api/test-myreports/objectionable/${a.id}`, { body: { reason: 'spam' }, token: bob.token })).statusCode,
    ).toBe(404);
    expect(
      (await req(t.app, 'POST', `/api/test-myreports/objectionable/${a.id}`, { body: { reason: 'spam' }, token: alice.token })).json(),
    ).toEqual({ ok: true });
    const mine = await req(t.app, 'GET', '/api/test-myreports/list?f.resource=test-myreports', { token: alice.token });
    expect(mine.json().list).toMatchObject([{ resource: 'test-myreports', resourceId: a.id }]);
    expect((await req(t.app, 'POST', `/api/test-myreports/objectionable/${a.id}`, { body: { reason: 'x' } })).statusCode).toBe(401);
  });
});

describe('admin switches activation flags', () => {
  it('only admin.flags; the user sees the flag on the next session check', async () => {
    const url = `/api/admin/user/${alice.user.id}/flags`;
    expect((await req(t.app, 'POST', url, { body: { widgetv1activated: true } })).statusCode).toBe(401);
    expect((await req(t.app, 'POST', url, { body: { widgetv1activated: true }, token: alice.token })).statusCode).toBe(403);
    const res = await req(t.app, 'POST', url, { body: { widgetv1activated: true, hasGuest: true, profileFilled: true }, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().flags).toMatchObject({ widgetv1activated: true, hasGuest: true, widgetv2activated: false });
    const me = (await req(t.app, 'GET', '/api/session/user', { token: alice.token })).json();
    expect(me.widgetv1activated).toBe(true);
    expect(me.hasGuest).toBe(true);
    // not a flag: the body's profileFilled changed nothing
    expect(me.profileFilled).toBe(false);
    expect((await req(t.app, 'POST', '/api/admin/user/999999/flags', { body: { hasGuest: true }, token: admin })).statusCode).toBe(404);
    expect((await req(t.app, 'POST', url, { body: { hasGuest: 'yes' }, token: admin })).statusCode).toBe(400);
  });
});
