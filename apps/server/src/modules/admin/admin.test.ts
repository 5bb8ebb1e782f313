import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { BUILT_IN_ROLES, ErrorKey, Permission, PERMISSIONS, type PermissionKey } from '@spotlist/contracts';
import { auditLog, clients, users } from '../../platform/db/schema/index.ts';
import { ADMIN, buildTestApp, loginAdmin, PASSWORD, req, signup, type LoggedIn, type TestApp } from '../../../test/helpers.ts';
import { serverRoot } from '../../lib/paths.ts';
import { z } from 'zod';
import { defineJob } from '../../platform/jobs/define-job.ts';

let t: TestApp;
let admin: string;
let adminId: number;
const roleIds = new Map<string, number>();
/** One account per built-in role, and a plain user. */
const as = new Map<string, LoggedIn>();

/** Gives the account exactly these built-in roles (as the administrator). */
async function setRoles(userId: number, keys: string[], token = admin) {
  return req(t.app, 'POST', `/api/admin/user/${userId}/roles`, { token, body: { roleIds: keys.map((k) => roleIds.get(k)!) } });
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAdmin(t.app);
  adminId = (await req(t.app, 'GET', '/api/session/user', { token: admin })).json().id;
  for (const r of (await req(t.app, 'GET', '/api/admin/role/list', { token: admin })).json().list) roleIds.set(r.key, r.id);
  for (const role of [...BUILT_IN_ROLES.map((r) => r.key), 'plain']) {
    const u = await signup(t.app);
    if (role !== 'plain') expect((await setRoles(u.user.id, [role])).statusCode).toBe(200);
    as.set(role, u);
  }
});
afterAll(() => t.close());

describe('roles and permissions', () => {
  it('seeds the built-in roles with permissions from the contracts only', async () => {
    const list = (await req(t.app, 'GET', '/api/admin/role/list', { token: admin })).json().list;
    expect(
      list
        .filter((r: { builtIn: boolean }) => r.builtIn)
        .map((r: { key: string }) => r.key)
        .sort(),
    ).toEqual(BUILT_IN_ROLES.map((r) => r.key).sort());
    for (const r of list) for (const p of r.permissions) expect(PERMISSIONS).toContain(p);
    expect(list.find((r: { key: string }) => r.key === 'admin').permissions.sort()).toEqual([...PERMISSIONS].sort());
  });

  it('every admin route declares a permission: in the running app and in openapi.json', async () => {
    const adminRoutes = t.app.routeAccess.filter((r) => r.url.startsWith('/api/admin/'));
    expect(adminRoutes.length).toBeGreaterThanOrEqual(12);
    for (const r of adminRoutes) expect(r.permissions.length, `${r.method} ${r.url}`).toBeGreaterThan(0);
    const doc = JSON.parse(fs.readFileSync(path.join(serverRoot(), 'openapi.json'), 'utf8')) as {
      paths: Record<string, Record<string, { 'x-access'?: string; 'x-permissions'?: string[] }>>;
    };
    const walked: string[] = [];
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const adminOp = p.startsWith('/api/admin/') || p.startsWith('/api/securityrole/') || p.startsWith('/api/usersecurityrole/');
        if (!adminOp) continue;
        walked.push(`${method} ${p}`);
        expect(op['x-access'], `${method} ${p}`).toBe('admin');
        expect(op['x-permissions']?.length, `${method} ${p} declares no permission`).toBeGreaterThan(0);
        for (const perm of op['x-permissions']!) expect(PERMISSIONS).toContain(perm);
      }
    }
    expect(walked.length).toBeGreaterThanOrEqual(adminRoutes.length);
  });

  it('a route under /api/admin/ without a permission refuses to register (deny by default)', async () => {
    await expect(
      buildTestApp({
        register: (app) => {
          app.get('/api/admin/forgotten', async () => ({ ok: true }));
        },
      }),
    ).rejects.toThrow(/must declare config.permission/);
  });

  it('the permission matrix: every admin route × every role, anonymous and a plain user', async () => {
    const routes = t.app.routeAccess.filter((r) => r.permissions.length > 0);
    const holders: [string, readonly PermissionKey[]][] = [
      ...BUILT_IN_ROLES.map((r) => [r.key, r.permissions] as [string, readonly PermissionKey[]]),
      ['plain', []],
    ];
    const problems: string[] = [];
    for (const route of routes) {
      const url = route.url.replace(/:[A-Za-z]+/g, '999999');
      const body = route.method === 'POST' ? {} : undefined;
      const anonymous = await req(t.app, route.method as 'GET', url, { body });
      if (anonymous.statusCode !== 401) problems.push(`anonymous ${route.method} ${url}: ${anonymous.statusCode}`);
      for (const [role, granted] of holders) {
        const res = await req(t.app, route.method as 'GET', url, { body, token: as.get(role)!.token });
        const allowed = route.permissions.some((p) => granted.includes(p));
        if (allowed && (res.statusCode === 401 || res.statusCode === 403)) {
          problems.push(`${role} ${route.method} ${url}: ${res.statusCode} ${res.body} (should pass the permission check)`);
        }
        if (!allowed && (res.statusCode !== 403 || res.json().key !== ErrorKey.permissionMissing)) {
          problems.push(`${role} ${route.method} ${url}: ${res.statusCode} ${res.body} (should be 403 error.permission.missing)`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('a role given or taken holds at the next request', async () => {
    const u = await signup(t.app);
    expect((await req(t.app, 'GET', '/api/admin/user/list', { token: u.token })).statusCode).toBe(403);
    expect((await setRoles(u.user.id, ['support'])).statusCode).toBe(200);
    expect((await req(t.app, 'GET', '/api/admin/user/list', { token: u.token })).statusCode).toBe(200);
    expect((await req(t.app, 'GET', '/api/session/user', { token: u.token })).json().permissionsInclude).toEqual(
      [Permission.adminUsers, Permission.auditView, Permission.jobsRetry, Permission.jobsView].sort(),
    );
    expect((await setRoles(u.user.id, [])).statusCode).toBe(200);
    const after = await req(t.app, 'GET', '/api/admin/user/list', { token: u.token });
    expect(after.statusCode).toBe(403);
    expect(after.json()).toEqual({ key: ErrorKey.permissionMissing });
  });

  it('the last administrator keeps the role and cannot be locked; nothing changes', async () => {
    // the matrix's administrator goes first: then the seeded one is the last
    expect((await setRoles(as.get('admin')!.user.id, [])).statusCode).toBe(200);
    const res = await setRoles(adminId, []);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ key: ErrorKey.lastAdministrator });
    const lock = await req(t.app, 'POST', `/api/admin/user/${adminId}/lock`, { token: admin, body: {} });
    expect(lock.statusCode).toBe(409);
    const me = (await req(t.app, 'GET', `/api/admin/user/${adminId}`, { token: admin })).json();
    expect(me.roles.map((r: { key: string }) => r.key)).toEqual(['admin']);
    expect(me.lockedAt).toBeNull();
    // the generic link resource follows the same rule
    const links = (await req(t.app, 'GET', `/api/usersecurityrole/list?f.userId=${adminId}`, { token: admin })).json().list;
    const del = await req(t.app, 'DELETE', `/api/usersecurityrole/delete/${links[0].id}`, { token: admin });
    expect(del.statusCode).toBe(409);
    expect((await req(t.app, 'GET', `/api/usersecurityrole/list?f.userId=${adminId}`, { token: admin })).json().total).toBe(1);
  });

  it('built-in roles are not changed or deleted', async () => {
    const id = roleIds.get('moderator')!;
    const upd = await req(t.app, 'POST', `/api/securityrole/update/${id}`, {
      token: admin,
      body: { key: 'moderator', name: 'Mods', permissions: [] },
    });
    expect(upd.statusCode).toBe(409);
    expect(upd.json()).toEqual({ key: ErrorKey.roleBuiltIn });
    expect((await req(t.app, 'DELETE', `/api/securityrole/delete/${id}`, { token: admin })).statusCode).toBe(409);
    expect((await req(t.app, 'GET', `/api/securityrole/${id}`, { token: admin })).json().permissions).toEqual([
      Permission.moderationReports,
    ]);
  });
});

describe('accounts', () => {
  it('search by e-mail, nickname or name; filter by state; page', async () => {
    const u = await signup(t.app, 1, { nickname: { value: 'Zebulon' } });
    const byNick = (await req(t.app, 'GET', '/api/admin/user/list?f.q=zebul', { token: admin })).json();
    expect(byNick.list.map((x: { id: number }) => x.id)).toEqual([u.user.id]);
    const byMail = (
      await req(t.app, 'GET', `/api/admin/user/list?f.q=${encodeURIComponent(u.email.toUpperCase())}`, { token: admin })
    ).json();
    expect(byMail.total).toBe(1);
    const page = (await req(t.app, 'GET', '/api/admin/user/list?p.s=2&o.sort=email', { token: admin })).json();
    expect(page.list).toHaveLength(2);
    expect(page.total).toBeGreaterThan(5);
    // a literal % is searched as itself, not as a wildcard
    expect((await req(t.app, 'GET', '/api/admin/user/list?f.q=%25', { token: admin })).json().total).toBe(0);
    for (const bad of ['f.state=gone', 'f.accountType=9', 'f.password=x', 'o.sort=passwordHash']) {
      const res = await req(t.app, 'GET', `/api/admin/user/list?${bad}`, { token: admin });
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it('lock ends every session and refuses the login; unlock lets it in again; both audited', async () => {
    const u = await signup(t.app);
    const lock = await req(t.app, 'POST', `/api/admin/user/${u.user.id}/lock`, { token: admin, body: { reason: 'spam wave' } });
    expect(lock.statusCode).toBe(200);
    expect(lock.json().lockedAt).not.toBeNull();
    expect(lock.json().sessions).toEqual([]);
    expect((await req(t.app, 'GET', '/api/session/user', { token: u.token })).statusCode).toBe(401);
    const login = await req(t.app, 'POST', '/api/login', { body: { email: u.email, password: PASSWORD } });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ key: ErrorKey.accountLocked });
    expect(
      (await req(t.app, 'GET', '/api/admin/user/list?f.state=locked', { token: admin })).json().list.map((x: { id: number }) => x.id),
    ).toContain(u.user.id);
    expect((await req(t.app, 'POST', `/api/admin/user/${u.user.id}/unlock`, { token: admin })).statusCode).toBe(200);
    expect((await req(t.app, 'POST', '/api/login', { body: { email: u.email, password: PASSWORD } })).statusCode).toBe(200);
    const entries = (await req(t.app, 'GET', `/api/admin/audit/list?f.targetType=user&f.targetId=${u.user.id}`, { token: admin })).json()
      .list;
    expect(entries.map((e: { action: string }) => e.action)).toEqual(['user.unlock', 'user.lock']);
    expect(entries[1]).toMatchObject({
      actor: { email: ADMIN.email },
      before: { locked: false },
      after: { locked: true, reason: 'spam wave' },
      outcome: 'done',
    });
  });

  it('a session ended from the console stops working at once', async () => {
    const u = await signup(t.app);
    const detail = (await req(t.app, 'GET', `/api/admin/user/${u.user.id}`, { token: admin })).json();
    expect(detail.sessions).toHaveLength(1);
    expect((await req(t.app, 'DELETE', `/api/admin/session/${detail.sessions[0].id}`, { token: admin })).statusCode).toBe(200);
    expect((await req(t.app, 'GET', '/api/session/user', { token: u.token })).statusCode).toBe(401);
    expect((await req(t.app, 'DELETE', '/api/admin/session/999999', { token: admin })).statusCode).toBe(404);
  });
});

describe('a client admin', () => {
  it("sees and manages its own client's staff only, with client-scoped roles only", async () => {
    const clientAdmin = as.get('client-admin')!;
    const colleague = await signup(t.app);
    const [other] = await t.database.db
      .insert(clients)
      .values({ name: 'Hotel chain', domain: 'chain.example' })
      .returning({ id: clients.id });
    const outsider = await signup(t.app);
    await t.database.db.update(users).set({ clientId: other.id }).where(eq(users.id, outsider.user.id));

    // another client's account does not exist for it
    expect((await req(t.app, 'GET', `/api/admin/user/${outsider.user.id}`, { token: clientAdmin.token })).statusCode).toBe(404);
    const listed = (await req(t.app, 'GET', '/api/admin/user/list?p.s=100', { token: clientAdmin.token }))
      .json()
      .list.map((x: { id: number }) => x.id);
    expect(listed).toContain(colleague.user.id);
    expect(listed).not.toContain(outsider.user.id);
    const foreign = await setRoles(outsider.user.id, ['client-admin'], clientAdmin.token);
    expect(foreign.statusCode).toBe(404);

    // a client-scoped role to a colleague: yes; an operator's role: no, and nothing changes
    expect((await setRoles(colleague.user.id, ['client-admin'], clientAdmin.token)).statusCode).toBe(200);
    const wide = await setRoles(colleague.user.id, ['client-admin', 'moderator'], clientAdmin.token);
    expect(wide.statusCode).toBe(403);
    expect(wide.json()).toEqual({ key: ErrorKey.roleNotClientScoped });
    const roles = (await req(t.app, 'GET', `/api/admin/user/${colleague.user.id}`, { token: clientAdmin.token })).json().roles;
    expect(roles.map((r: { key: string }) => r.key)).toEqual(['client-admin']);
    // flags and locks are an operator's
    expect(
      (await req(t.app, 'POST', `/api/admin/user/${colleague.user.id}/flags`, { token: clientAdmin.token, body: { hasGuest: true } }))
        .statusCode,
    ).toBe(403);
  });
});

describe('the audit log', () => {
  it('keeps refusals with their key, filters, exports CSV, and cannot be changed', async () => {
    const plain = as.get('plain')!;
    expect(
      (await req(t.app, 'POST', `/api/admin/user/${plain.user.id}/flags`, { token: plain.token, body: { hasGuest: true } })).statusCode,
    ).toBe(403);
    const refused = (
      await req(t.app, 'GET', `/api/admin/audit/list?f.outcome=refused&f.actor=${encodeURIComponent(plain.email)}`, { token: admin })
    ).json();
    expect(refused.list[0]).toMatchObject({
      action: 'POST /api/admin/user/:id/flags',
      outcome: 'refused',
      errorKey: ErrorKey.permissionMissing,
      actor: { id: plain.user.id, email: plain.email },
    });
    // a change of flags is audited with the values before and after
    await req(t.app, 'POST', `/api/admin/user/${plain.user.id}/flags`, { token: admin, body: { overlayactivated: true } });
    const flags = (
      await req(t.app, 'GET', `/api/admin/audit/list?f.action=user.flags&f.targetId=${plain.user.id}`, { token: admin })
    ).json().list;
    expect(flags[0]).toMatchObject({ before: { overlayactivated: false }, after: { overlayactivated: true } });

    const csv = await req(t.app, 'GET', '/api/admin/audit/export?f.action=user.', { token: admin });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,at,actor_id,actor_email,action,target_type,target_id,outcome,error_key,before,after');
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.slice(1).every((l) => l.includes(',user.'))).toBe(true);
    for (const bad of ['f.from=yesterday', 'f.outcome=maybe', 'f.secret=1']) {
      expect((await req(t.app, 'GET', `/api/admin/audit/list?${bad}`, { token: admin })).statusCode, bad).toBe(400);
    }
    // append only: the database refuses to change or remove an entry
    await expect(t.database.db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(t.database.db.delete(auditLog)).rejects.toThrow();
    expect((await req(t.app, 'GET', '/api/admin/audit/list', { token: admin })).json().total).toBeGreaterThan(3);
  });
});

describe('reference data', () => {
  it('a row still in use is not deleted (409 error.inuse); a free one is, audited', async () => {
    const u = as.get('plain')!;
    await t.database.db.update(users).set({ countryId: 276 }).where(eq(users.id, u.user.id));
    const inUse = await req(t.app, 'DELETE', '/api/country/delete/276', { token: admin });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toEqual({ key: ErrorKey.inUse });
    expect((await req(t.app, 'GET', '/api/country/276')).statusCode).toBe(200);
    const made = (await req(t.app, 'POST', '/api/salutation/add', { token: admin, body: { key: 'mx', name: 'Mx' } })).json();
    expect((await req(t.app, 'DELETE', `/api/salutation/delete/${made.id}`, { token: admin })).statusCode).toBe(200);
    const audit = (await req(t.app, 'GET', `/api/admin/audit/list?f.targetType=salutation&f.targetId=${made.id}`, { token: admin })).json()
      .list;
    expect(audit.map((e: { action: string }) => e.action)).toEqual(['salutation.delete', 'salutation.add']);
    expect(audit[0]).toMatchObject({ before: { key: 'mx', name: 'Mx' }, after: null });
  });
});

describe('jobs and integrations', () => {
  it("shows each job's queue, a spent run with its error, and retries it (audited); integrations say how they run", async () => {
    let runs = 0;
    const failing = defineJob({
      name: 'test.provider-call',
      payload: z.object({ n: z.number() }),
      retry: { limit: 0 },
      handler: async () => {
        runs++;
        throw new Error('the provider said no');
      },
    });
    const ops = await buildTestApp({ register: (_app, _db, jobs) => jobs.register(failing, {}) });
    try {
      const token = await loginAdmin(ops.app);
      await ops.jobs.send(failing, { n: 1 });
      const deadline = Date.now() + 15_000;
      let row: { name: string; dead: number } | undefined;
      while (Date.now() < deadline) {
        const list = (await req(ops.app, 'GET', '/api/admin/job/list', { token })).json().list as { name: string; dead: number }[];
        row = list.find((q) => q.name === 'test.provider-call');
        if (row?.dead === 1) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(row).toMatchObject({ name: 'test.provider-call', dead: 1, active: 0 });
      // the product's own jobs are listed too
      expect((await req(ops.app, 'GET', '/api/admin/job/list', { token })).json().list.map((q: { name: string }) => q.name)).toContain(
        'mail.send',
      );
      const dead = (await req(ops.app, 'GET', '/api/admin/job/test.provider-call/dead', { token })).json().list;
      expect(dead).toEqual([expect.objectContaining({ error: 'the provider said no', attempts: 1 })]);
      expect((await req(ops.app, 'GET', '/api/admin/job/no.such-job/dead', { token })).statusCode).toBe(404);
      expect((await req(ops.app, 'GET', '/api/admin/job/BAD NAME/dead', { token })).statusCode).toBe(400);

      const retry = await req(ops.app, 'POST', '/api/admin/job/test.provider-call/retry', { token });
      expect(retry.json()).toEqual({ retried: 1 });
      const until = Date.now() + 15_000;
      while (runs < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      expect(runs).toBe(2);
      const audit = (await req(ops.app, 'GET', '/api/admin/audit/list?f.action=job.retry', { token })).json().list;
      expect(audit[0]).toMatchObject({ targetId: 'test.provider-call', after: { retried: 1 } });

      const integrations = (await req(ops.app, 'GET', '/api/admin/integration/list', { token })).json().list;
      expect(integrations).toEqual([
        { name: 'mail', configured: false, mode: 'outbox', job: { name: 'mail.send', dead: 0, lastError: null } },
        { name: 'storage', configured: false, mode: 'disk', job: null },
        { name: 'geocoder', configured: false, mode: 'cities', job: null },
        { name: 'pushWeb', configured: true, mode: 'webpush', job: { name: 'push.deliver', dead: 0, lastError: null } },
        // no FCM, no APNs here: the apps' devices are kept, nothing is sent to them
        { name: 'pushAndroid', configured: false, mode: 'notsent', job: null },
        { name: 'pushIos', configured: false, mode: 'notsent', job: null },
        // no AI_BASE_URL: the assistant explains its set-up; its translation job is there all the same
        { name: 'ai', configured: false, mode: 'off', job: { name: 'ai.translate', dead: 0, lastError: null } },
      ]);
    } finally {
      await ops.close();
    }
  });
});
