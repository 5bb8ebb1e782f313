import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { AccountType, ErrorKey, MESSAGE_TEXT_MAX, type Conversation, type Message, type MessageOverview } from '@spotlist/contracts';
import { buildTestApp, PASSWORD, req, signup, type LoggedIn, type TestApp } from '../../../test/helpers.ts';
import { addList, addPlace, SPOTS } from '../../../test/place-helpers.ts';
import { pngOf, upload } from '../../../test/document-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const post = (u: LoggedIn | null, url: string, body?: unknown) => req(t.app, 'POST', url, { token: u?.token, body: body ?? {} });
const get = (u: LoggedIn | null, url: string) => req(t.app, 'GET', url, { token: u?.token });
const del = (u: LoggedIn, url: string) => req(t.app, 'DELETE', url, { token: u.token });
const befriend = async (a: LoggedIn, b: LoggedIn) => {
  expect((await post(a, `/api/userrelation/match/private/${b.user.id}`)).statusCode).toBe(200);
  expect((await post(b, `/api/userrelation/match/private/${a.user.id}`)).json().matched).toBe(true);
};
const open = async (a: LoggedIn, b: LoggedIn): Promise<Conversation> => {
  const res = await post(a, '/api/conversation/add', { memberIds: [b.user.id] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const say = async (u: LoggedIn, id: number, body: Record<string, unknown>) => {
  const res = await post(u, `/api/conversation/${id}/messages`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Message;
};
const count = async (table: string) =>
  Number(((await t.database.db.execute(sql.raw(`select count(*) as n from ${table}`))) as unknown as { rows: { n: string }[] }).rows[0]!.n);
const overview = async (u: LoggedIn, query = '') => (await get(u, `/api/messageoverview/list${query}`)).json() as MessageOverview;

describe('messaging: access and bad input', () => {
  it('answers 401 without a login on every user route', async () => {
    for (const [method, url] of [
      ['GET', '/api/messageoverview/list'],
      ['GET', '/api/messageoverview/unread'],
      ['GET', '/api/messagecategory/list'],
      ['GET', '/api/messaging/features'],
      ['POST', '/api/conversation/add'],
      ['GET', '/api/conversation/1'],
      ['POST', '/api/conversation/update/1'],
      ['POST', '/api/conversation/1/members'],
      ['DELETE', '/api/conversation/1/members/2'],
      ['POST', '/api/conversation/1/leave'],
      ['POST', '/api/conversation/1/guest/block'],
      ['POST', '/api/conversation/1/guest/unblock'],
      ['GET', '/api/conversation/1/messages'],
      ['POST', '/api/conversation/1/messages'],
      ['POST', '/api/conversation/1/read'],
      ['POST', '/api/message/update/1'],
      ['DELETE', '/api/message/delete/1'],
      ['POST', '/api/message/objectionable/1'],
      ['POST', '/api/message/1/translate'],
      ['POST', '/api/conversation/1/meeting'],
      ['GET', '/api/meeting/1/join'],
      ['GET', '/api/meeting/1/ics'],
    ] as const) {
      const res = await req(t.app, method, url, { body: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('a direct conversation needs a friend or a business; a stranger, myself and someone who blocked me are refused', async () => {
    const [a, stranger, blocker, mine] = [await signup(t.app), await signup(t.app), await signup(t.app), await signup(t.app)];
    const before = await count('conversations');
    expect((await post(a, '/api/conversation/add', { memberIds: [stranger.user.id] })).json().key).toBe(ErrorKey.conversationNotAllowed);
    expect((await post(a, '/api/conversation/add', { memberIds: [a.user.id] })).json().key).toBe(ErrorKey.relationSelf);
    expect((await post(a, '/api/conversation/add', { memberIds: [999_999] })).json().key).toBe(ErrorKey.userNotFound);
    await befriend(a, blocker);
    await post(blocker, `/api/userrelation/block/${a.user.id}`);
    const blocked = await post(a, '/api/conversation/add', { memberIds: [blocker.user.id] });
    expect([blocked.statusCode, blocked.json().key]).toEqual([404, ErrorKey.userNotFound]);
    await befriend(a, mine);
    await post(a, `/api/userrelation/block/${mine.user.id}`);
    const mineBlocked = await post(a, '/api/conversation/add', { memberIds: [mine.user.id] });
    expect([mineBlocked.statusCode, mineBlocked.json().key]).toEqual([409, ErrorKey.relationBlocked]);
    for (const body of [
      {},
      { memberIds: [] },
      { memberIds: ['x'] },
      { memberIds: [a.user.id], extra: 1 },
      { memberIds: [1], categoryId: 0 },
    ]) {
      const res = await post(a, '/api/conversation/add', body);
      expect([res.statusCode, res.json().key], JSON.stringify(body)).toEqual([400, ErrorKey.validation]);
    }
    expect(await count('conversations')).toBe(before);
  });

  it('refuses empty, too long, two cards, others’ files, unreadable places and unknown replies, storing nothing', async () => {
    const [a, b, c] = [await signup(t.app), await signup(t.app), await signup(t.app)];
    await befriend(a, b);
    const conv = await open(a, b);
    const before = await count('messages');
    const url = `/api/conversation/${conv.id}/messages`;
    const secret = await addPlace(t.app, c.token, 'Private spot', SPOTS.olympiapark, { visibility: { id: 1 } } as never);
    const list = await addList(t.app, c.token, 'Hidden list', 1);
    const upC = await upload(t.app, c.token, { value: await pngOf(20, 20), filename: 'c.png', contentType: 'image/png' });
    const cases: [unknown, number, string][] = [
      [{ text: '' }, 400, ErrorKey.messageEmpty],
      [{ text: '   ' }, 400, ErrorKey.messageEmpty],
      [{ text: 'x'.repeat(MESSAGE_TEXT_MAX + 1) }, 400, ErrorKey.validation],
      [{ text: 'hi', extra: true }, 400, ErrorKey.validation],
      [{ text: 'hi', placeId: secret, listId: list }, 400, ErrorKey.messageOneCard],
      [{ placeId: secret }, 404, ErrorKey.placeNotFound],
      [{ listId: list }, 404, ErrorKey.listNotFound],
      [{ documentId: upC.json().id }, 404, ErrorKey.documentNotFound],
      [{ text: 're', replyToId: 999_999 }, 404, ErrorKey.messageNotFound],
      [{ text: 'hi', clientId: 'bad id!' }, 400, ErrorKey.validation],
    ];
    for (const [body, status, key] of cases) {
      const res = await post(a, url, body);
      expect([res.statusCode, res.json().key], JSON.stringify(body).slice(0, 80)).toEqual([status, key]);
    }
    // not a member: 404, as a conversation that does not exist
    const outsider = await post(c, url, { text: 'let me in' });
    expect([outsider.statusCode, outsider.json().key]).toEqual([404, ErrorKey.conversationNotFound]);
    expect((await get(c, `/api/conversation/${conv.id}`)).statusCode).toBe(404);
    expect((await get(c, `${url}`)).statusCode).toBe(404);
    expect((await post(a, '/api/conversation/999999/messages', { text: 'x' })).statusCode).toBe(404);
    expect(await count('messages')).toBe(before);
    // exactly the limit is fine
    await say(a, conv.id, { text: 'y'.repeat(MESSAGE_TEXT_MAX) });
  });
});

describe('messaging: conversations and messages', () => {
  it('two friends talk: one conversation per pair, gapless seq, exact unread, read receipts, edits and deletes', async () => {
    const [a, b] = [await signup(t.app), await signup(t.app)];
    await befriend(a, b);
    const conv = await open(a, b);
    expect(conv).toMatchObject({ kind: 'direct', category: { key: 'personal' }, canWrite: true, lastSeq: 0, unread: 0 });
    expect((await open(b, a)).id).toBe(conv.id);
    const m1 = await say(a, conv.id, { text: 'Hi <b>there</b> https://example.com' });
    const m2 = await say(a, conv.id, { text: 'Coffee at Viktualienmarkt?' });
    const m3 = await say(b, conv.id, { text: 'Yes!', replyToId: m2.id });
    expect([m1.seq, m2.seq, m3.seq]).toEqual([1, 2, 3]);
    expect(m1.text).toBe('Hi <b>there</b> https://example.com'); // stored as the plain text it is
    expect(m3.replyTo).toMatchObject({ id: m2.id, seq: 2, senderId: a.user.id, text: 'Coffee at Viktualienmarkt?' });
    // b wrote after reading: b's own message moves b's read position; a has one unread
    expect((await get(b, `/api/conversation/${conv.id}`)).json()).toMatchObject({ myReadSeq: 3, unread: 0 });
    expect((await get(a, `/api/conversation/${conv.id}`)).json()).toMatchObject({ myReadSeq: 2, unread: 1 });
    expect((await get(a, '/api/messageoverview/unread')).json()).toEqual({ unread: 1, conversations: 1 });
    expect((await post(a, `/api/conversation/${conv.id}/read`, { seq: 99 })).statusCode).toBe(200);
    const seen = (await get(b, `/api/conversation/${conv.id}`)).json() as Conversation;
    expect(seen.members.find((m) => m.id === a.user.id)?.readSeq).toBe(3); // clamped to the last message
    expect((await get(a, '/api/messageoverview/unread')).json()).toEqual({ unread: 0, conversations: 0 });
    // edit and delete my own; not someone else's
    const edited = await post(a, `/api/message/update/${m1.id}`, { text: 'Hi there' });
    expect(edited.json()).toMatchObject({ text: 'Hi there', seq: 1, rev: 4 });
    expect(edited.json().editedAt).not.toBeNull();
    expect((await post(b, `/api/message/update/${m1.id}`, { text: 'mine now' })).json().key).toBe(ErrorKey.messageNotFound);
    expect((await del(b, `/api/message/delete/${m1.id}`)).statusCode).toBe(404);
    const gone = (await del(a, `/api/message/delete/${m2.id}`)).json() as Message;
    expect(gone).toMatchObject({ text: '', rev: 5 });
    expect(gone.deletedAt).not.toBeNull();
    expect((await post(a, `/api/message/update/${m2.id}`, { text: 'back' })).statusCode).toBe(404);
    // the reply shows the quote as deleted
    const page = (await get(b, `/api/conversation/${conv.id}/messages`)).json();
    expect(page.list.map((m: Message) => m.seq)).toEqual([3, 2, 1]);
    expect(page.list[0].replyTo).toMatchObject({ deleted: true, text: '' });
    expect(page.rev).toBe(5);
    // catch-up: the changes after rev 3 are the edit (rev 4) and the delete (rev 5), oldest first
    const changes = (await get(b, `/api/conversation/${conv.id}/messages?after=3`)).json();
    expect(changes.list.map((m: Message) => [m.id, m.rev])).toEqual([
      [m1.id, 4],
      [m2.id, 5],
    ]);
    expect(changes.more).toBe(false);
    expect((await get(b, `/api/conversation/${conv.id}/messages?after=1&before=2`)).statusCode).toBe(400);
  });

  it('a retry with the same clientId stores one message', async () => {
    const [a, b] = [await signup(t.app), await signup(t.app)];
    await befriend(a, b);
    const conv = await open(a, b);
    const first = await say(a, conv.id, { text: 'once', clientId: 'retry-key-0001' });
    const again = await say(a, conv.id, { text: 'once', clientId: 'retry-key-0001' });
    expect(again.id).toBe(first.id);
    expect((await get(a, `/api/conversation/${conv.id}`)).json().lastSeq).toBe(1);
  });

  it('pages newest first, 50 at a time, with `more`', async () => {
    const [a, b] = [await signup(t.app), await signup(t.app)];
    await befriend(a, b);
    const conv = await open(a, b);
    for (let i = 1; i <= 53; i++) await say(i % 2 ? a : b, conv.id, { text: `message ${i}` });
    const first = (await get(a, `/api/conversation/${conv.id}/messages`)).json();
    expect(first.list).toHaveLength(50);
    expect([first.list[0].seq, first.list[49].seq, first.more]).toEqual([53, 4, true]);
    const rest = (await get(a, `/api/conversation/${conv.id}/messages?before=4`)).json();
    expect([rest.list.map((m: Message) => m.seq), rest.more]).toEqual([[3, 2, 1], false]);
  });

  it('place, list and file cards respect what the writer may see; members read the file, others do not', async () => {
    const [a, b, c] = [await signup(t.app), await signup(t.app), await signup(t.app)];
    await befriend(a, b);
    const conv = await open(a, b);
    const place = await addPlace(t.app, a.token, 'Viktualienmarkt', SPOTS.viktualienmarkt);
    const list = await addList(t.app, a.token, 'Best coffee', 255);
    const up = await upload(t.app, a.token, { value: await pngOf(64, 48), filename: 'map.png', contentType: 'image/png' });
    expect(up.statusCode, up.body).toBe(200);
    const card = await say(a, conv.id, { text: 'Look', placeId: place });
    expect(card).toMatchObject({ placeId: place, listId: null, file: null });
    expect((await say(a, conv.id, { listId: list })).listId).toBe(list);
    const file = await say(a, conv.id, { documentId: up.json().id });
    expect(file.file).toMatchObject({ id: up.json().id, name: 'map.png', mimeType: 'image/png' });
    expect(file.file!.urlThumb240).toMatch(/\/thumb\?v=/);
    const read = (u: LoggedIn) => req(t.app, 'GET', file.file!.url, { token: u.token });
    expect((await read(b)).statusCode).toBe(200);
    expect((await read(c)).statusCode).toBe(404);
    // once the message is deleted, the file is the owner's alone again
    await del(a, `/api/message/delete/${file.id}`);
    expect((await read(b)).statusCode).toBe(404);
    expect((await read(a)).statusCode).toBe(200);
  });

  it('groups: friends only, admin renames and adds, members leave, the last admin hands over, 404 after leaving', async () => {
    const [a, b, c, d, stranger] = [
      await signup(t.app),
      await signup(t.app),
      await signup(t.app),
      await signup(t.app),
      await signup(t.app),
    ];
    for (const x of [b, c, d]) await befriend(a, x);
    const made = await post(a, '/api/conversation/add', { memberIds: [b.user.id, c.user.id], title: 'Munich trip' });
    expect(made.statusCode, made.body).toBe(200);
    const g = made.json() as Conversation;
    expect(g).toMatchObject({ kind: 'group', title: 'Munich trip' });
    expect(g.members.map((m) => [m.id, m.admin])).toEqual([
      [a.user.id, true],
      [b.user.id, false],
      [c.user.id, false],
    ]);
    expect((await post(a, '/api/conversation/add', { memberIds: [b.user.id, stranger.user.id], title: 'x' })).json().key).toBe(
      ErrorKey.conversationNotAllowed,
    );
    await say(a, g.id, { text: 'before d came' });
    expect((await post(b, `/api/conversation/update/${g.id}`, { title: 'Mine' })).json().key).toBe(ErrorKey.conversationAdmin);
    expect((await post(a, `/api/conversation/update/${g.id}`, { title: 'Munich weekend' })).json().title).toBe('Munich weekend');
    expect((await post(b, `/api/conversation/${g.id}/members`, { memberIds: [d.user.id] })).json().key).toBe(ErrorKey.conversationAdmin);
    expect((await post(a, `/api/conversation/${g.id}/members`, { memberIds: [stranger.user.id] })).json().key).toBe(
      ErrorKey.conversationNotAllowed,
    );
    const added = (await post(a, `/api/conversation/${g.id}/members`, { memberIds: [d.user.id] })).json() as Conversation;
    expect(added.members).toHaveLength(4);
    // what was said before d came counts as read for d
    expect((await get(d, `/api/conversation/${g.id}`)).json()).toMatchObject({ unread: 0, myReadSeq: 1 });
    expect((await del(b, `/api/conversation/${g.id}/members/${c.user.id}`)).json().key).toBe(ErrorKey.conversationAdmin);
    expect((await del(a, `/api/conversation/${g.id}/members/${c.user.id}`)).json().members).toHaveLength(3);
    expect((await get(c, `/api/conversation/${g.id}`)).statusCode).toBe(404);
    expect((await post(a, `/api/conversation/${g.id}/leave`)).statusCode).toBe(200);
    const after = (await get(b, `/api/conversation/${g.id}`)).json() as Conversation;
    expect(after.members.find((m) => m.id === b.user.id)?.admin).toBe(true);
    expect((await post(a, `/api/conversation/${g.id}/messages`, { text: 'still here?' })).statusCode).toBe(404);
  });

  it('the data export holds my conversations and my own messages; deleting my account erases my messages as deletes and hands on my groups', async () => {
    const [a, b, c] = [await signup(t.app), await signup(t.app), await signup(t.app)];
    await befriend(a, b);
    await befriend(a, c);
    const conv = await open(a, b);
    const mine = await say(a, conv.id, { text: 'Meet at the Viktualienmarkt?' });
    await say(b, conv.id, { text: 'Yes, at noon' });
    const g = (await post(a, '/api/conversation/add', { memberIds: [b.user.id, c.user.id], title: 'Picnic' })).json() as Conversation;
    await say(a, g.id, { text: 'I bring the bread' });

    const data = (await get(a, '/api/myprofile/export')).json();
    const direct = data.conversations.find((x: { id: number }) => x.id === conv.id);
    expect(direct).toMatchObject({
      kind: 'direct',
      title: null,
      category: 'personal',
      members: [{ userId: b.user.id, nickname: expect.any(String) }],
    });
    // my words only: b's answer is b's data
    expect(direct.messages).toEqual([
      expect.objectContaining({ seq: 1, text: 'Meet at the Viktualienmarkt?', placeId: null, editedAt: null, createdAt: mine.createdAt }),
    ]);
    expect(data.conversations.find((x: { id: number }) => x.id === g.id)).toMatchObject({ kind: 'group', title: 'Picnic' });
    expect(JSON.stringify(data)).not.toContain('Yes, at noon');

    const before = (await get(b, `/api/conversation/${conv.id}/messages`)).json().rev as number;
    expect((await req(t.app, 'DELETE', '/api/myprofile/delete', { body: { password: PASSWORD }, token: a.token })).statusCode).toBe(200);
    // b catching up hears a's message deleted, at the next revision; b's own stays
    const changes = (await get(b, `/api/conversation/${conv.id}/messages?after=${before}`)).json();
    expect(changes.list).toEqual([
      expect.objectContaining({ id: mine.id, rev: before + 1, text: '', senderId: null, deletedAt: expect.any(String) }),
    ]);
    const page = (await get(b, `/api/conversation/${conv.id}/messages`)).json();
    expect(page.list.map((m: Message) => m.text)).toEqual(['Yes, at noon', '']);
    // the group keeps going with b as its administrator
    const group = (await get(c, `/api/conversation/${g.id}`)).json() as Conversation;
    expect(group.members.map((m) => [m.id, m.admin])).toEqual([
      [b.user.id, true],
      [c.user.id, false],
    ]);
    expect((await post(b, `/api/conversation/update/${g.id}`, { title: 'Picnic on Sunday' })).statusCode).toBe(200);
  });

  it('a business: anyone may write to it, it filters its inbox by category, status and unread, takes and closes a conversation', async () => {
    const biz = await signup(t.app, AccountType.business);
    const nick = `Wanderlust${Date.now().toString(36)}`;
    const [u1, u2] = [await signup(t.app), await signup(t.app, AccountType.blogger, { nickname: { value: nick } })];
    const c1 = await open(u1, biz);
    expect(c1.category.key).toBe('enquiry');
    const c2 = (await post(u2, '/api/conversation/add', { memberIds: [biz.user.id], categoryId: 4 })).json() as Conversation;
    expect(c2.category.key).toBe('booking');
    await say(u1, c1.id, { text: 'Do you have a room on Friday?' });
    await say(u2, c2.id, { text: 'Booking for two' });
    // a business cannot start one with a private user it never talked to
    const u3 = await signup(t.app);
    expect((await post(biz, '/api/conversation/add', { memberIds: [u3.user.id] })).json().key).toBe(ErrorKey.conversationNotAllowed);
    let inbox = await overview(biz);
    expect(inbox.list.map((c) => c.id)).toEqual([c2.id, c1.id]);
    expect(inbox.unreadTotal).toBe(2);
    expect(inbox.list[0]).toMatchObject({
      unread: 1,
      lastMessage: { text: 'Booking for two', kind: 'text' },
      others: [{ id: u2.user.id }],
    });
    expect((await overview(biz, '?f.category=4')).list.map((c) => c.id)).toEqual([c2.id]);
    await post(biz, `/api/conversation/${c1.id}/read`, { seq: 1 });
    expect((await overview(biz, '?f.unread=true')).list.map((c) => c.id)).toEqual([c2.id]);
    const taken = await post(biz, `/api/conversation/update/${c2.id}`, { assigneeId: biz.user.id, status: 'done' });
    expect(taken.json()).toMatchObject({ assigneeId: biz.user.id, status: 'done' });
    expect((await post(biz, `/api/conversation/update/${c2.id}`, { assigneeId: u2.user.id })).json().key).toBe(ErrorKey.conversationAdmin);
    expect((await overview(biz, '?f.status=done')).list.map((c) => c.id)).toEqual([c2.id]);
    expect((await overview(biz, '?f.status=open')).list.map((c) => c.id)).toEqual([c1.id]);
    expect((await overview(biz, `?f.q=${encodeURIComponent(nick.slice(2, 12).toLowerCase())}`)).list.map((c) => c.id)).toEqual([c2.id]);
    expect((await overview(biz, '?f.q=%25')).list).toEqual([]); // a LIKE wildcard is a character
    for (const q of ['?f.status=closed', '?f.category=x', '?f.unread=maybe', '?f.kind=x', '?f.color=red', '?o.sort=id', '?p.s=101']) {
      const res = await get(biz, `/api/messageoverview/list${q}`);
      expect([res.statusCode, res.json().key], q).toEqual([400, ErrorKey.validation]);
    }
    inbox = await overview(biz, '?p.s=1');
    expect([inbox.list.length, inbox.total]).toEqual([1, 2]);
  });

  it('a block makes a direct conversation read-only both ways', async () => {
    const [a, b] = [await signup(t.app), await signup(t.app)];
    await befriend(a, b);
    const conv = await open(a, b);
    await say(b, conv.id, { text: 'hello' });
    await post(a, `/api/userrelation/block/${b.user.id}`);
    for (const [u, other] of [
      [b, a],
      [a, b],
    ] as const) {
      const res = await post(u, `/api/conversation/${conv.id}/messages`, { text: `to ${other.user.id}` });
      expect([res.statusCode, res.json().key]).toEqual([403, ErrorKey.messageBlocked]);
      expect((await get(u, `/api/conversation/${conv.id}`)).json().canWrite).toBe(false);
    }
  });

  it('reports another member’s message to the moderators, not my own', async () => {
    const [a, b] = [await signup(t.app), await signup(t.app)];
    await befriend(a, b);
    const conv = await open(a, b);
    const m = await say(b, conv.id, { text: 'buy cheap watches' });
    expect((await post(a, `/api/message/objectionable/${m.id}`, { reason: 'spam' })).statusCode).toBe(200);
    expect((await post(b, `/api/message/objectionable/${m.id}`, { reason: 'spam' })).statusCode).toBe(404);
    expect((await post(a, `/api/message/objectionable/${m.id}`, { reason: 'boring' })).statusCode).toBe(400);
    const rows = (await t.database.db.execute(
      sql`select resource, reason, reported_user_id as "reportedUserId" from objectionable_reports where resource_id = ${m.id} and resource = 'message'`,
    )) as unknown as { rows: unknown[] };
    expect(rows.rows).toEqual([{ resource: 'message', reason: 'spam', reportedUserId: b.user.id }]);
  });

  it('message categories: seeded, readable by users, editable by reference editors only', async () => {
    const a = await signup(t.app);
    const list = (await get(a, '/api/messagecategory/list')).json();
    expect(list.list.map((c: { key: string }) => c.key)).toEqual(['personal', 'enquiry', 'guest', 'booking', 'support']);
    expect((await post(a, '/api/messagecategory/add', { key: 'lost_found', name: 'Lost & found' })).statusCode).toBe(403);
  });

  it('the translate action is absent without a provider: the features say so and the call is 503 with a key', async () => {
    const [a, b] = [await signup(t.app), await signup(t.app)];
    await befriend(a, b);
    const conv = await open(a, b);
    const m = await say(a, conv.id, { text: 'Guten Morgen' });
    expect((await get(b, '/api/messaging/features')).json()).toEqual({ translation: false, meetingHost: 'meet.jit.si', meetingJwt: false });
    const res = await post(b, `/api/message/${m.id}/translate`);
    expect([res.statusCode, res.json().key]).toEqual([503, ErrorKey.translationUnavailable]);
  });
});
