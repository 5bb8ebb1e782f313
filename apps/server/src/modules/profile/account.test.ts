import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AccountType } from '@spotlist/contracts';
import {
  authSessions,
  objectionableReports,
  passwordResetTokens,
  settings,
  userLanguages,
  userLocations,
  userSecurityRoles,
  users,
} from '../../platform/db/schema/index.ts';
import { buildTestApp, req, loginAdmin, PASSWORD, signup, type LoggedIn, type TestApp } from '../../../test/helpers.ts';
import { addItem, addList, addPlace } from '../../../test/place-helpers.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAdmin(t.app);
});
afterAll(() => t.close());

const place = { city: 'München', country: 'DE', latitude: 48.13743, longitude: 11.57549, placeid: 'geonames:2867714' };

/** A business with something in every table a user owns. */
async function populated(): Promise<LoggedIn> {
  const u = await signup(t.app, AccountType.business);
  const profile = await req(t.app, 'POST', '/api/myprofile/update', {
    body: {
      email: u.email,
      nickname: { value: 'Owner' },
      accountType: { id: 2 },
      industry2: { id: 2 },
      street: 'Marienplatz',
      city: place,
      country: { id: 276 },
      locationList: { list: [{ ...place, name: 'HQ' }] },
    },
    token: u.token,
  });
  expect(profile.statusCode).toBe(200);
  expect((await req(t.app, 'POST', '/api/setting/add', { body: { key: 'theme', value: { dark: true } }, token: u.token })).statusCode).toBe(
    200,
  );
  expect((await req(t.app, 'POST', '/api/language/add', { body: { id: 2 }, token: u.token })).statusCode).toBe(200);
  const role = await req(t.app, 'POST', '/api/securityrole/add', {
    body: { key: `r${u.user.id}`, name: 'Role', permissions: ['jobs.view'] },
    token: admin,
  });
  await req(t.app, 'POST', '/api/usersecurityrole/add', { body: { userId: u.user.id, securityRoleId: role.json().id }, token: admin });
  await t.database.db.insert(objectionableReports).values({ resource: 'place', resourceId: 1, reporterId: u.user.id, reason: 'spam' });
  await req(t.app, 'POST', '/api/password/reset', { body: { email: u.email } });
  // a second session
  await req(t.app, 'POST', '/api/login', { body: { email: u.email, password: PASSWORD } });
  return u;
}

const owned = async (userId: number) => {
  const db = t.database.db;
  const n = async (q: Promise<unknown[]>) => (await q).length;
  return {
    users: await n(db.select().from(users).where(eq(users.id, userId))),
    sessions: await n(db.select().from(authSessions).where(eq(authSessions.userId, userId))),
    tokens: await n(db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, userId))),
    roles: await n(db.select().from(userSecurityRoles).where(eq(userSecurityRoles.userId, userId))),
    reports: await n(db.select().from(objectionableReports).where(eq(objectionableReports.reporterId, userId))),
    settings: await n(db.select().from(settings).where(eq(settings.userId, userId))),
    languages: await n(db.select().from(userLanguages).where(eq(userLanguages.userId, userId))),
    locations: await n(db.select().from(userLocations).where(eq(userLocations.userId, userId))),
  };
};

describe('DELETE /api/myprofile/delete', () => {
  it('refuses a missing or wrong password and keeps the account', async () => {
    const u = await populated();
    const none = await req(t.app, 'DELETE', '/api/myprofile/delete', { body: {}, token: u.token });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual([{ path: 'body.password', key: 'FORM.ERROR.REQUIRED' }]);
    const wrong = await req(t.app, 'DELETE', '/api/myprofile/delete', { body: { password: 'not the password' }, token: u.token });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ key: 'error.password.wrong' });
    expect((await owned(u.user.id)).users).toBe(1);
    expect((await req(t.app, 'GET', '/api/myprofile', { token: u.token })).statusCode).toBe(200);
  });

  it('stops guessing after the account failure limit', async () => {
    const u = await signup(t.app);
    for (let i = 0; i < t.config.LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      expect((await req(t.app, 'DELETE', '/api/myprofile/delete', { body: { password: `guess ${i}` }, token: u.token })).statusCode).toBe(
        400,
      );
    }
    const res = await req(t.app, 'DELETE', '/api/myprofile/delete', { body: { password: PASSWORD }, token: u.token });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ key: 'error.login.throttled' });
  });

  it('with the password, removes the account and everything it owns, sessions included', async () => {
    const u = await populated();
    const other = await populated();
    const before = await owned(u.user.id);
    for (const [table, n] of Object.entries(before)) expect(n, table).toBeGreaterThan(0);
    const res = await req(t.app, 'DELETE', '/api/myprofile/delete', { body: { password: PASSWORD }, token: u.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(Object.values(await owned(u.user.id)).every((n) => n === 0)).toBe(true);
    const after = await req(t.app, 'GET', '/api/myprofile', { token: u.token });
    expect(after.statusCode).toBe(401);
    expect((await req(t.app, 'POST', '/api/login', { body: { email: u.email, password: PASSWORD } })).statusCode).toBe(401);
    expect((await req(t.app, 'POST', '/api/login', { body: { refresh_token: u.refreshToken } })).statusCode).toBe(401);
    // the other account is untouched
    const kept = await owned(other.user.id);
    for (const [table, n] of Object.entries(kept)) expect(n, table).toBeGreaterThan(0);
  });

  it("B's token deletes only B, even with A's password", async () => {
    const a = await signup(t.app);
    const b = await signup(t.app);
    const res = await req(t.app, 'DELETE', '/api/myprofile/delete', { body: { password: PASSWORD }, token: b.token });
    expect(res.statusCode).toBe(200);
    expect((await owned(a.user.id)).users).toBe(1);
    expect((await owned(b.user.id)).users).toBe(0);
  });
});

describe('GET /api/myprofile/export', () => {
  it("is a JSON download of the user's data, without secrets", async () => {
    const u = await populated();
    const other = await populated();
    const res = await req(t.app, 'GET', '/api/myprofile/export', { token: u.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="spotlist-export-${u.user.id}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    const data = res.json();
    expect(data).toMatchObject({
      format: 'spotlist-export',
      version: 1,
      user: { id: u.user.id, email: u.email, street: 'Marienplatz', locationList: { list: [{ name: 'HQ', city: 'München' }] } },
      settings: [{ key: 'theme', value: { dark: true } }],
      languages: [{ id: 2, key: 'de', isDefault: true }],
      securityRoles: [{ key: `r${u.user.id}`, permissions: ['jobs.view'] }],
      reports: [{ resource: 'place', resourceId: 1, reason: 'spam' }],
    });
    expect(data.sessions.length).toBe(2);
    expect(data.mailTokens.map((m: { purpose: string }) => m.purpose).sort()).toEqual(['reset', 'verify']);
    // no secrets: no hash of any kind, no token of this or any session
    const [row] = await t.database.db.select().from(users).where(eq(users.id, u.user.id));
    const hashes = [
      row.passwordHash,
      ...(await t.database.db.select().from(authSessions).where(eq(authSessions.userId, u.user.id))).flatMap((s) => [
        s.accessHash,
        s.refreshHash,
      ]),
      ...(await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, u.user.id))).map((r) => r.tokenHash),
    ];
    for (const secret of [...hashes, u.token, u.refreshToken]) expect(res.body).not.toContain(secret);
    expect(res.body).not.toMatch(/hash|password|authtoken|refreshToken/i);
    // nothing of another user
    expect(res.body).not.toContain(other.email);
  });
});

describe('GET /api/myprofile/export with places and lists', () => {
  it("holds the user's lists with their items and the places the user added, nothing of others", async () => {
    const u = await signup(t.app);
    const other = await signup(t.app);
    const mine = await addPlace(t.app, u.token, 'Export Café', { lat: 48.137, lng: 11.575 });
    const theirs = await addPlace(t.app, other.token, 'Not Mine Bar', { lat: 48.14, lng: 11.58 });
    const listId = await addList(t.app, u.token, 'Weekend');
    await addItem(t.app, u.token, listId, mine, 'coffee first');
    await addItem(t.app, u.token, listId, theirs, 'then drinks');
    await addList(t.app, other.token, 'Their secret list');
    const data = (await req(t.app, 'GET', '/api/myprofile/export', { token: u.token })).json();
    expect(data.lists).toEqual([
      expect.objectContaining({
        id: listId,
        name: 'Weekend',
        items: [
          { placeId: mine, name: 'Export Café', latitude: 48.137, longitude: 11.575, note: 'coffee first' },
          { placeId: theirs, name: 'Not Mine Bar', latitude: 48.14, longitude: 11.58, note: 'then drinks' },
        ],
      }),
    ]);
    expect(data.places).toEqual([expect.objectContaining({ id: mine, name: 'Export Café', source: 'manual' })]);
    expect(JSON.stringify(data)).not.toContain('Their secret list');
  });
});
