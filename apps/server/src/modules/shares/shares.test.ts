import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { haversineMeters } from '@spotlist/contracts';
import { shares } from '../../platform/db/schema/index.ts';
import { buildTestApp, req, signup, type LoggedIn, type TestApp } from '../../../test/helpers.ts';
import { addItem, addList, addPlace, SPOTS } from '../../../test/place-helpers.ts';

let t: TestApp;
let alice: LoggedIn;
let bob: LoggedIn;
let carol: LoggedIn;
let placeId: number;
beforeAll(async () => {
  t = await buildTestApp({ config: { PUBLIC_URL: 'https://spotlist.example' } });
  [alice, bob, carol] = [await signup(t.app), await signup(t.app), await signup(t.app)];
  placeId = await addPlace(t.app, alice.token, 'Viktualienmarkt', SPOTS.viktualienmarkt);
});
afterAll(() => t.close());

const share = (token: string, body: unknown) => req(t.app, 'POST', '/api/share', { token, body });
/** Moves a share's expiry into the past, as time passing would. */
const expire = (id: number) =>
  t.database.db
    .update(shares)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(shares.id, id));

describe('POST /api/share: access and bad input', () => {
  it('401 without a token; the public link itself needs none', async () => {
    expect((await req(t.app, 'POST', '/api/share', { body: { listId: 1, public: true } })).statusCode).toBe(401);
    expect((await req(t.app, 'DELETE', '/api/share/abc')).statusCode).toBe(401);
    expect((await req(t.app, 'POST', '/api/share/revoke', { body: { id: 1 } })).statusCode).toBe(401);
    const unknown = await req(t.app, 'GET', '/api/share/no-such-token');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ key: 'error.share.notfound' });
  });

  it('400 with a key: nothing to share, the owner as recipient, an unknown user, a past or far expiry', async () => {
    const listId = await addList(t.app, alice.token, 'Bad shares');
    const cases: [unknown, unknown][] = [
      [{ listId }, { key: 'error.share.empty' }],
      [{ listId, userIds: [], public: false }, { key: 'error.share.empty' }],
      [{ listId, userIds: [alice.user.id] }, { key: 'error.share.recipient' }],
      [{ listId, userIds: [bob.user.id, 99_999_999] }, { key: 'error.share.recipient' }],
      [
        { listId, public: true, expiresAt: '2020-01-01T00:00:00Z' },
        { key: 'error.validation', fields: [{ path: 'body.expiresAt', key: 'FORM.ERROR.MINDATE' }] },
      ],
      [
        { listId, public: true, expiresAt: '2999-01-01T00:00:00Z' },
        { key: 'error.validation', fields: [{ path: 'body.expiresAt', key: 'FORM.ERROR.MAXDATE' }] },
      ],
      [
        { listId, public: true, expiresAt: 'tomorrow' },
        { key: 'error.validation', fields: [{ path: 'body.expiresAt', key: 'FORM.ERROR.PATTERN' }] },
      ],
      [{ public: true }, { key: 'error.validation', fields: [{ path: 'body.listId', key: 'FORM.ERROR.REQUIRED' }] }],
    ];
    for (const [body, answer] of cases) {
      const res = await share(alice.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual(answer);
    }
    expect((await req(t.app, 'GET', `/api/list/${listId}/shares`, { token: alice.token })).json().total).toBe(0);
    const revoke = await req(t.app, 'POST', '/api/share/revoke', { token: alice.token, body: { id: 'x' } });
    expect(revoke.statusCode).toBe(400);
    expect(revoke.json().fields).toEqual([{ path: 'body.id', key: 'FORM.ERROR.REQUIRED' }]);
    expect((await req(t.app, 'GET', `/api/share/${'x'.repeat(201)}`)).statusCode).toBe(414); // routerOptions.maxParamLength
  });
});

describe('sharing with users', () => {
  it('recipients see the list under shared and read it, read-only; others do not; revoking ends it', async () => {
    const listId = await addList(t.app, alice.token, 'For Bob');
    await addItem(t.app, alice.token, listId, placeId, 'Try the cheese stall');
    const res = await share(alice.token, { listId, userIds: [bob.user.id, bob.user.id] });
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s).toMatchObject({
      listId,
      public: false,
      token: null,
      url: null,
      expiresAt: null,
      revokedAt: null,
      recipients: [{ id: bob.user.id }],
    });

    const shared = (await req(t.app, 'GET', '/api/list/shared', { token: bob.token })).json();
    expect(shared.list).toMatchObject([{ id: listId, name: 'For Bob', editable: false, owner: { id: alice.user.id } }]);
    const read = await req(t.app, 'GET', `/api/list/${listId}`, { token: bob.token, location: SPOTS.marienplatz });
    expect(read.json()).toMatchObject({ editable: false, items: { list: [{ note: 'Try the cheese stall' }] } });
    expect(read.json().items.list[0].place.distance).toBe(Math.round(haversineMeters(SPOTS.marienplatz, SPOTS.viktualienmarkt)));
    expect((await req(t.app, 'GET', `/api/list/${listId}/export?format=csv`, { token: bob.token })).statusCode).toBe(200);
    // read-only for the recipient
    const change = await req(t.app, 'POST', `/api/list/update/${listId}`, { token: bob.token, body: { name: 'Bob’s now' } });
    expect(change.statusCode).toBe(403);
    expect(change.json()).toEqual({ key: 'error.list.readonly' });
    const reshare = await share(bob.token, { listId, userIds: [carol.user.id] });
    expect(reshare.json()).toEqual({ key: 'error.list.readonly' });
    // not for anyone else
    expect((await req(t.app, 'GET', `/api/list/${listId}`, { token: carol.token })).statusCode).toBe(404);
    expect((await req(t.app, 'GET', '/api/list/shared', { token: carol.token })).json().total).toBe(0);
    // the owner's own lists never show under shared
    expect((await req(t.app, 'GET', '/api/list/shared', { token: alice.token })).json().total).toBe(0);

    const listed = (await req(t.app, 'GET', `/api/list/${listId}/shares`, { token: alice.token })).json();
    expect(listed).toMatchObject({ total: 1, list: [{ id: s.id, token: null, recipients: [{ id: bob.user.id }] }] });
    expect((await req(t.app, 'POST', '/api/share/revoke', { token: bob.token, body: { id: s.id } })).json()).toEqual({
      key: 'error.share.notfound',
    });
    expect((await req(t.app, 'POST', '/api/share/revoke', { token: alice.token, body: { id: s.id } })).json()).toEqual({ ok: true });
    expect((await req(t.app, 'POST', '/api/share/revoke', { token: alice.token, body: { id: s.id } })).json()).toEqual({ ok: true });
    expect((await req(t.app, 'GET', `/api/list/${listId}`, { token: bob.token })).statusCode).toBe(404);
    expect((await req(t.app, 'GET', '/api/list/shared', { token: bob.token })).json().total).toBe(0);
    const after = (await req(t.app, 'GET', `/api/list/${listId}/shares`, { token: alice.token })).json();
    expect(after.list[0].revokedAt).not.toBeNull();
  });

  it('an expired share grants nothing', async () => {
    const listId = await addList(t.app, alice.token, 'Until Sunday');
    const s = (
      await share(alice.token, { listId, userIds: [carol.user.id], expiresAt: new Date(Date.now() + 86_400_000).toISOString() })
    ).json();
    expect(s.expiresAt).not.toBeNull();
    expect((await req(t.app, 'GET', `/api/list/${listId}`, { token: carol.token })).statusCode).toBe(200);
    await expire(s.id);
    expect((await req(t.app, 'GET', `/api/list/${listId}`, { token: carol.token })).statusCode).toBe(404);
    expect(
      (await req(t.app, 'GET', '/api/list/shared', { token: carol.token })).json().list.map((l: { id: number }) => l.id),
    ).not.toContain(listId);
  });

  it('a private place in a shared list is readable by the recipient through the list and by id', async () => {
    const listId = await addList(t.app, alice.token, 'Secret spots');
    const hidden = await addPlace(t.app, alice.token, 'Hidden courtyard', SPOTS.marienplatz, { visibility: { id: 1 } });
    await addItem(t.app, alice.token, listId, hidden);
    expect((await req(t.app, 'GET', `/api/place/${hidden}`, { token: bob.token })).statusCode).toBe(404);
    await share(alice.token, { listId, userIds: [bob.user.id] });
    expect((await req(t.app, 'GET', `/api/place/${hidden}`, { token: bob.token })).json().name).toBe('Hidden courtyard');
    expect((await req(t.app, 'POST', '/api/like/create', { token: bob.token, body: { placeId: hidden } })).statusCode).toBe(200);
  });
});

describe('a public link: works without an account until it expires or is revoked', () => {
  it('logged out: the list, its items with distances, no way to change anything', async () => {
    const listId = await addList(t.app, alice.token, 'Weekend tips');
    await addItem(t.app, alice.token, listId, placeId, 'Saturday morning');
    const res = await share(alice.token, { listId, public: true });
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(s).toMatchObject({ public: true, url: `https://spotlist.example/s/${s.token}`, recipients: [] });

    const open = await req(t.app, 'GET', `/api/share/${s.token}`, { location: SPOTS.marienplatz, language: 'de' });
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).toBe('no-store');
    expect(open.json()).toMatchObject({
      id: listId,
      name: 'Weekend tips',
      editable: false,
      owner: { id: alice.user.id },
      share: { expiresAt: null },
      items: { total: 1, list: [{ note: 'Saturday morning', place: { name: 'Viktualienmarkt', editable: false, liked: false } }] },
    });
    expect(open.json().items.list[0].place.distance).toBe(Math.round(haversineMeters(SPOTS.marienplatz, SPOTS.viktualienmarkt)));
    // the link is no login: the list API stays closed, the token opens nothing else
    expect((await req(t.app, 'GET', `/api/list/${listId}`)).statusCode).toBe(401);
    expect((await req(t.app, 'GET', `/api/list/${listId}`, { token: carol.token })).statusCode).toBe(404);
    // only its owner revokes it
    const notMine = await req(t.app, 'DELETE', `/api/share/${s.token}`, { token: bob.token });
    expect(notMine.statusCode).toBe(404);
    expect((await req(t.app, 'GET', `/api/share/${s.token}`)).statusCode).toBe(200);
    expect((await req(t.app, 'DELETE', `/api/share/${s.token}`, { token: alice.token })).json()).toEqual({ ok: true });
    const gone = await req(t.app, 'GET', `/api/share/${s.token}`);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toEqual({ key: 'error.share.revoked' });
  });

  it('stops at its expiry (410 error.share.expired), also for a reader whose answer was kept', async () => {
    const listId = await addList(t.app, alice.token, 'Short-lived');
    const ends = Date.now() + 1_500;
    const s = (await share(alice.token, { listId, public: true, expiresAt: new Date(ends).toISOString() })).json();
    for (const token of [undefined, bob.token]) {
      const open = await req(t.app, 'GET', `/api/share/${s.token}`, { token });
      expect(open.statusCode).toBe(200);
      expect(open.json().share.expiresAt).toBe(s.expiresAt);
    }
    await new Promise((r) => setTimeout(r, ends - Date.now() + 50));
    for (const token of [undefined, bob.token]) {
      const res = await req(t.app, 'GET', `/api/share/${s.token}`, { token });
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual({ key: 'error.share.expired' });
    }
  });

  it('a link whose end was set in the database answers 410 when nothing of it is kept', async () => {
    const listId = await addList(t.app, alice.token, 'Ended elsewhere');
    const s = (await share(alice.token, { listId, public: true })).json();
    await expire(s.id);
    const res = await req(t.app, 'GET', `/api/share/${s.token}`);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ key: 'error.share.expired' });
  });

  it('follows the list: later changes show, a deleted list is 404', async () => {
    const listId = await addList(t.app, alice.token, 'Living list');
    const s = (await share(alice.token, { listId, public: true })).json();
    expect((await req(t.app, 'GET', `/api/share/${s.token}`)).json().items.total).toBe(0);
    await addItem(t.app, alice.token, listId, placeId);
    expect((await req(t.app, 'GET', `/api/share/${s.token}`)).json().items.total).toBe(1);
    await req(t.app, 'DELETE', `/api/list/delete/${listId}`, { token: alice.token });
    expect((await req(t.app, 'GET', `/api/share/${s.token}`)).json()).toEqual({ key: 'error.share.notfound' });
  });

  it('users and a link in one share; the token is shown only once', async () => {
    const listId = await addList(t.app, alice.token, 'Both');
    const s = (await share(alice.token, { listId, public: true, userIds: [carol.user.id] })).json();
    expect(s).toMatchObject({ public: true, recipients: [{ id: carol.user.id }] });
    expect((await req(t.app, 'GET', `/api/list/${listId}`, { token: carol.token })).statusCode).toBe(200);
    expect((await req(t.app, 'GET', `/api/share/${s.token}`)).statusCode).toBe(200);
    const listed = (await req(t.app, 'GET', `/api/list/${listId}/shares`, { token: alice.token })).json();
    expect(listed.list[0]).toMatchObject({ id: s.id, public: true, token: null, url: null });
  });
});
