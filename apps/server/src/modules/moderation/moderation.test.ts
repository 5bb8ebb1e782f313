import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorKey } from '@spotlist/contracts';
import { buildTestApp, loginAdmin, req, signup, waitForMail, type LoggedIn, type TestApp } from '../../../test/helpers.ts';
import { addItem, addList, addPlace, SPOTS } from '../../../test/place-helpers.ts';
import { ALL_FLAGS, business } from '../../../test/widget-helpers.ts';

let t: TestApp;
let admin: string;
let moderator: LoggedIn;
let alice: LoggedIn;
let bob: LoggedIn;
let carol: LoggedIn;

const report = (token: string, resource: 'list' | 'place', id: number, reason: string) =>
  req(t.app, 'POST', `/api/${resource}/objectionable/${id}`, { token, body: { reason } });
const queue = async (filter = '') => (await req(t.app, 'GET', `/api/admin/report/list${filter}`, { token: moderator.token })).json();
const decide = (id: number, body: unknown) => req(t.app, 'POST', `/api/admin/report/${id}/decide`, { token: moderator.token, body });
const notices = async (u: LoggedIn) => (await req(t.app, 'GET', '/api/notice/list', { token: u.token })).json();
const reportOf = async (resource: string, resourceId: number) =>
  (await queue('?f.status=open,appealed,closed&p.s=100')).list.filter(
    (r: { resource: string; resourceId: number }) => r.resource === resource && r.resourceId === resourceId,
  );

beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAdmin(t.app);
  moderator = await signup(t.app, 1, { nickname: { value: 'Mod' } });
  const roles = (await req(t.app, 'GET', '/api/admin/role/list', { token: admin })).json().list;
  const id = roles.find((r: { key: string }) => r.key === 'moderator').id;
  expect(
    (await req(t.app, 'POST', `/api/admin/user/${moderator.user.id}/roles`, { token: admin, body: { roleIds: [id] } })).statusCode,
  ).toBe(200);
  alice = await signup(t.app, 1, { nickname: { value: 'Alice' } });
  bob = await signup(t.app, 1, { nickname: { value: 'Bob' } });
  carol = await signup(t.app);
});
afterAll(() => t.close());

describe('a reported list: hidden, noticed, appealed, shown again', () => {
  it('goes the whole way, each step audited', async () => {
    const place = await addPlace(t.app, alice.token, 'Englischer Garten', SPOTS.marienplatz);
    const listId = await addList(t.app, alice.token, 'Shady spots', 255);
    await addItem(t.app, alice.token, listId, place);
    const link = (await req(t.app, 'POST', '/api/share', { token: alice.token, body: { listId, public: true } })).json();
    expect(link.token).toBeTruthy();

    expect((await report(bob.token, 'list', listId, 'Insults in the description')).statusCode).toBe(200);
    expect((await report(carol.token, 'list', listId, 'Spam')).statusCode).toBe(200);
    const [first, second] = await reportOf('list', listId);
    expect(first).toMatchObject({
      reason: 'Insults in the description',
      reporter: { id: bob.user.id, nickname: 'Bob' },
      reportedUser: { id: alice.user.id, nickname: 'Alice' },
      snapshot: { name: 'Shady spots', places: ['Englischer Garten'] },
      content: 'shown',
      status: 'open',
      sameContentOpen: 1,
    });

    // the owner changes the list after the report: the moderator still sees it as reported
    await req(t.app, 'POST', `/api/list/update/${listId}`, { token: alice.token, body: { name: 'Renamed' } });
    expect((await req(t.app, 'GET', `/api/admin/report/${first.id}`, { token: moderator.token })).json().snapshot.name).toBe('Shady spots');

    // a reason is needed to hide
    const noReason = await decide(first.id, { action: 'hide' });
    expect(noReason.statusCode).toBe(400);
    const hidden = await decide(first.id, { action: 'hide', reason: 'Insulting language' });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ status: 'closed', action: 'hide', content: 'hidden', decidedBy: { id: moderator.user.id } });
    // the same content's other report is closed with it
    expect((await req(t.app, 'GET', `/api/admin/report/${second.id}`, { token: moderator.token })).json()).toMatchObject({
      status: 'closed',
      action: 'hide',
    });
    // decided already: 409, nothing changes
    expect((await decide(first.id, { action: 'dismiss' })).json()).toEqual({ key: ErrorKey.moderationDecided });

    // others no longer read it, by id, in the public lists or by its link; its owner does
    expect((await req(t.app, 'GET', `/api/list/${listId}`, { token: bob.token })).statusCode).toBe(404);
    expect((await req(t.app, 'GET', `/api/share/${link.token}`)).statusCode).toBe(404);
    const pub = (await req(t.app, 'GET', '/api/list/public?p.s=100', { token: bob.token })).json();
    expect(pub.list.map((l: { id: number }) => l.id)).not.toContain(listId);
    expect((await req(t.app, 'GET', `/api/list/${listId}`, { token: alice.token })).statusCode).toBe(200);

    // the owner's notice: counted in the session (the app's menu shows it), the reason, and an appeal once
    expect((await req(t.app, 'GET', '/api/session/user', { token: alice.token })).json().notices).toEqual({ total: 1, unread: 1 });
    const mine = await notices(alice);
    expect(mine.unread).toBe(1);
    expect(mine.list[0]).toMatchObject({
      kind: 'hidden',
      reason: 'Insulting language',
      resource: 'list',
      title: 'Shady spots',
      appealable: true,
      appeal: null,
    });
    // and by mail (a job): the decision, the reason, the page to appeal on
    const mail = await waitForMail(t.dataDir, alice.email, /notices/);
    expect(mail).toContain('The moderators hid “Shady spots” after a report');
    expect(mail).toContain('Reason: Insulting language');
    expect(mail).toMatch(/you can appeal it once on this page:\s+http:\/\/localhost:\d+\/notices/);
    expect(
      (await req(t.app, 'POST', `/api/notice/${mine.list[0].id}/appeal`, { token: bob.token, body: { text: 'not mine' } })).statusCode,
    ).toBe(404);
    const appealed = await req(t.app, 'POST', `/api/notice/${mine.list[0].id}/appeal`, {
      token: alice.token,
      body: { text: 'It was a quote from a film.' },
    });
    expect(appealed.statusCode).toBe(200);
    expect(appealed.json().list[0]).toMatchObject({ appealable: false, appeal: { text: 'It was a quote from a film.', outcome: null } });
    const again = await req(t.app, 'POST', `/api/notice/${mine.list[0].id}/appeal`, { token: alice.token, body: { text: 'again' } });
    expect(again.json()).toEqual({ key: ErrorKey.appealNotOpen });
    expect((await req(t.app, 'POST', '/api/notice/read', { token: alice.token })).statusCode).toBe(200);
    expect((await notices(alice)).unread).toBe(0);

    // the appeal is back in the queue (default view: open and appealed)
    const waiting = (await queue()).list.find((r: { id: number }) => r.id === first.id);
    expect(waiting).toMatchObject({ status: 'appealed', appeal: { text: 'It was a quote from a film.' } });
    const noNote = await req(t.app, 'POST', `/api/admin/report/${first.id}/appeal`, {
      token: moderator.token,
      body: { outcome: 'reverted' },
    });
    expect(noNote.statusCode).toBe(400);
    const reverted = await req(t.app, 'POST', `/api/admin/report/${first.id}/appeal`, {
      token: moderator.token,
      body: { outcome: 'reverted', note: 'Context makes it fine.' },
    });
    expect(reverted.json()).toMatchObject({
      status: 'closed',
      content: 'shown',
      appeal: { outcome: 'reverted', note: 'Context makes it fine.' },
    });
    expect((await req(t.app, 'GET', `/api/list/${listId}`, { token: bob.token })).statusCode).toBe(200);
    expect((await req(t.app, 'GET', `/api/share/${link.token}`)).statusCode).toBe(200);
    expect((await notices(alice)).list[0]).toMatchObject({ kind: 'appeal.reverted', reason: 'Context makes it fine.', appealable: false });

    const audit = (
      await req(t.app, 'GET', `/api/admin/audit/list?f.action=report.&f.targetType=list&f.targetId=${listId}`, { token: admin })
    ).json().list;
    expect(audit.map((e: { action: string }) => e.action)).toEqual(['report.appeal', 'report.decide']);
    expect(audit[1].after).toMatchObject({ action: 'hide', alsoClosed: [second.id] });
  });
});

describe('decisions that do not fit', () => {
  it('a place deleted since its report cannot be hidden; a dismissal sends no notice', async () => {
    const place = await addPlace(t.app, carol.token, 'Closed kiosk', SPOTS.marienplatz);
    await report(bob.token, 'place', place, 'does not exist');
    const [r] = await reportOf('place', place);
    expect(r.snapshot).toMatchObject({ name: 'Closed kiosk' });
    expect((await req(t.app, 'DELETE', `/api/place/delete/${place}`, { token: carol.token })).statusCode).toBe(200);
    expect((await queue()).list.find((x: { id: number }) => x.id === r.id).content).toBe('deleted');
    const gone = await decide(r.id, { action: 'hide', reason: 'gone' });
    expect(gone.statusCode).toBe(409);
    expect(gone.json()).toEqual({ key: ErrorKey.moderationContentGone });
    expect((await req(t.app, 'GET', `/api/admin/report/${r.id}`, { token: moderator.token })).json().status).toBe('open');
    expect((await decide(r.id, { action: 'dismiss' })).statusCode).toBe(200);
    expect((await notices(carol)).list).toEqual([]);
  });

  it('bad decisions are refused with a key and change nothing', async () => {
    const place = await addPlace(t.app, carol.token, 'Odd bench', SPOTS.marienplatz);
    await report(bob.token, 'place', place, 'odd');
    const [r] = await reportOf('place', place);
    for (const body of [
      { action: 'ban', reason: 'x' },
      { action: 'suspend', reason: 'x' },
      { action: 'warn', reason: 'x', days: 3 },
      { action: 'hide', reason: '' },
    ]) {
      const res = await decide(r.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await req(t.app, 'POST', '/api/admin/report/999999/decide', { token: moderator.token, body: { action: 'dismiss' } })).statusCode,
    ).toBe(404);
    expect((await req(t.app, 'GET', `/api/admin/report/${r.id}`, { token: moderator.token })).json().status).toBe('open');
    expect((await req(t.app, 'GET', '/api/admin/report/list?f.status=lost', { token: moderator.token })).statusCode).toBe(400);
  });
});

describe('a hidden place', () => {
  it('leaves the catalogue of others; its creator still reads it', async () => {
    const place = await addPlace(t.app, carol.token, 'Graffiti wall Zebrastreifen', SPOTS.marienplatz);
    await report(bob.token, 'place', place, 'offensive');
    const [r] = await reportOf('place', place);
    expect((await decide(r.id, { action: 'hide', reason: 'Offensive picture' })).statusCode).toBe(200);
    const search = (await req(t.app, 'GET', '/api/place/list?f.q=zebrastreifen', { token: bob.token })).json();
    expect(search.total).toBe(0);
    expect((await req(t.app, 'GET', `/api/place/${place}`, { token: bob.token })).statusCode).toBe(404);
    expect((await req(t.app, 'GET', `/api/place/${place}`, { token: carol.token })).statusCode).toBe(200);
  });
});

describe('a reported account', () => {
  it('is reported with its profile as it was; the owner is warned; oneself and nobody are not reported', async () => {
    const eve = await signup(t.app, 1, { nickname: { value: 'Eve spam' } });
    expect(
      (await req(t.app, 'POST', `/api/user/objectionable/${eve.user.id}`, { token: bob.token, body: { reason: 'Spam account' } }))
        .statusCode,
    ).toBe(200);
    const self = await req(t.app, 'POST', `/api/user/objectionable/${bob.user.id}`, { token: bob.token, body: {} });
    expect(self.statusCode).toBe(400);
    expect((await req(t.app, 'POST', '/api/user/objectionable/999999', { token: bob.token, body: {} })).statusCode).toBe(404);
    expect((await req(t.app, 'POST', `/api/user/objectionable/${eve.user.id}`, { body: {} })).statusCode).toBe(401);
    const [r] = await reportOf('user', eve.user.id);
    expect(r).toMatchObject({
      reason: 'Spam account',
      reportedUser: { id: eve.user.id },
      snapshot: { nickname: 'Eve spam' },
      content: 'shown',
    });
    // an account is not hidden: warned or suspended
    expect((await decide(r.id, { action: 'hide', reason: 'x' })).json()).toEqual({ key: ErrorKey.moderationAction });
    expect((await decide(r.id, { action: 'warn', reason: 'No advertising, please.' })).statusCode).toBe(200);
    expect((await notices(eve)).list[0]).toMatchObject({ kind: 'warned', title: 'Eve spam', reason: 'No advertising, please.' });
  });
});

describe('a reported widget', () => {
  it('hidden: no visitor gets it; the appeal reverted: back', async () => {
    const biz = await business(t.app, ALL_FLAGS);
    const made = (await req(t.app, 'POST', '/api/widget/add', { token: biz.token, body: { name: 'Night tips' } })).json();
    expect((await req(t.app, 'GET', `/api/public/widget/${made.publicId}`)).statusCode).toBe(200);
    expect(
      (await req(t.app, 'POST', `/api/widget/objectionable/${made.id}`, { token: bob.token, body: { reason: 'Fake offers' } })).statusCode,
    ).toBe(200);
    expect((await req(t.app, 'POST', '/api/widget/objectionable/999999', { token: bob.token, body: {} })).statusCode).toBe(404);
    const [r] = await reportOf('widget', made.id);
    expect(r).toMatchObject({ reportedUser: { id: biz.user.id }, snapshot: { name: 'Night tips' }, content: 'shown' });
    expect((await decide(r.id, { action: 'hide', reason: 'Misleading offers' })).json()).toMatchObject({ content: 'hidden' });
    expect((await req(t.app, 'GET', `/api/public/widget/${made.publicId}`)).statusCode).toBe(404);
    // its owner still has it
    expect((await req(t.app, 'GET', `/api/widget/${made.id}`, { token: biz.token })).statusCode).toBe(200);
    const notice = (await notices(biz)).list[0];
    expect(notice).toMatchObject({ kind: 'hidden', resource: 'widget', title: 'Night tips' });
    await req(t.app, 'POST', `/api/notice/${notice.id}/appeal`, { token: biz.token, body: { text: 'Offers are real.' } });
    await req(t.app, 'POST', `/api/admin/report/${r.id}/appeal`, {
      token: moderator.token,
      body: { outcome: 'reverted', note: 'Checked.' },
    });
    expect((await req(t.app, 'GET', `/api/public/widget/${made.publicId}`)).statusCode).toBe(200);
  });
});

describe('warn and suspend', () => {
  it('a suspended account reads its notices and appeals, nothing else, until the appeal is decided', async () => {
    const dave = await signup(t.app, 1, { nickname: { value: 'Dave' } });
    const listId = await addList(t.app, dave.token, 'Scam offers', 255);
    await report(bob.token, 'list', listId, 'scam');
    await report(carol.token, 'list', listId, 'scam again');
    const [warnMe, suspendMe] = await reportOf('list', listId);
    expect((await decide(warnMe.id, { action: 'warn', reason: 'First warning' })).statusCode).toBe(200);
    const suspended = await decide(suspendMe.id, { action: 'suspend', reason: 'Repeated scams', days: 7 });
    expect(suspended.statusCode).toBe(200);
    const until = Date.parse(suspended.json().suspendedUntil);
    expect(until - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    const blocked = await req(t.app, 'GET', '/api/list/mine', { token: dave.token });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({ key: ErrorKey.accountSuspended });
    const me = (await req(t.app, 'GET', '/api/session/user', { token: dave.token })).json();
    expect(Date.parse(me.suspendedUntil)).toBe(until);
    const box = await notices(dave);
    expect(box.list.map((n: { kind: string }) => n.kind)).toEqual(['suspended', 'warned']);
    expect(Date.parse(box.list[0].suspendedUntil)).toBe(until);
    expect(
      (await req(t.app, 'POST', `/api/notice/${box.list[0].id}/appeal`, { token: dave.token, body: { text: 'Hacked account' } }))
        .statusCode,
    ).toBe(200);
    const upheld = await req(t.app, 'POST', `/api/admin/report/${suspendMe.id}/appeal`, {
      token: moderator.token,
      body: { outcome: 'upheld', note: 'Logins from your own device.' },
    });
    expect(upheld.statusCode).toBe(200);
    expect((await req(t.app, 'GET', '/api/list/mine', { token: dave.token })).statusCode).toBe(403);
    expect((await notices(dave)).list[0]).toMatchObject({ kind: 'appeal.upheld', reason: 'Logins from your own device.' });
    // an upheld appeal is final
    expect(
      (
        await req(t.app, 'POST', `/api/admin/report/${suspendMe.id}/appeal`, {
          token: moderator.token,
          body: { outcome: 'reverted', note: 'x' },
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (await req(t.app, 'GET', `/api/admin/user/list?f.state=suspended&f.q=${encodeURIComponent(dave.email)}`, { token: admin })).json()
        .total,
    ).toBe(1);
  });
});
