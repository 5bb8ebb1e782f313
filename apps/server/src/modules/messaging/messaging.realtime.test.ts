import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import WebSocket from 'ws';
import { REALTIME_PATH, RealtimeClose, type Message, type ServerMessage } from '@spotlist/contracts';
import { buildTestApp, req, signup, type LoggedIn, type TestApp } from '../../../test/helpers.ts';
import { authed, connect, until, within, type Client } from '../../../test/socket-client.ts';
import { business } from '../../../test/widget-helpers.ts';
import { memoryPubSub, redisPubSub, type PubSub } from '../../platform/events/pubsub.ts';

/**
 * Messaging over real sockets (the gateway's conversation rooms): one instance, then two on one
 * database with the bus in process or on TEST_REDIS_URL's Redis.
 */
const REDIS = process.env.TEST_REDIS_URL;

type Instance = TestApp & { url: string };
async function start(pubsub?: PubSub, database?: TestApp['database']): Promise<Instance> {
  const t = await buildTestApp({ pubsub, database });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { ...t, url: `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${REALTIME_PATH}` };
}

const sockets: { sockets: WebSocket[] } = { sockets: [] };
afterEach(() => {
  for (const s of sockets.sockets.splice(0)) s.terminate();
});

const posted = (conversationId: number) => (m: ServerMessage) =>
  m.type === 'event' && m.name === 'message.posted' && m.payload.conversationId === conversationId;
const eventsNamed = (c: Client, name: string) => c.messages.filter((m) => m.type === 'event' && m.name === name);

function api(t: TestApp) {
  const post = (u: LoggedIn, url: string, body: unknown = {}) => req(t.app, 'POST', url, { token: u.token, body });
  return {
    post,
    async friends(a: LoggedIn, b: LoggedIn) {
      await post(a, `/api/userrelation/match/private/${b.user.id}`);
      expect((await post(b, `/api/userrelation/match/private/${a.user.id}`)).json().matched).toBe(true);
    },
    async open(a: LoggedIn, b: LoggedIn): Promise<number> {
      const res = await post(a, '/api/conversation/add', { memberIds: [b.user.id] });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().id as number;
    },
    async say(u: LoggedIn, id: number, text: string): Promise<Message> {
      const res = await post(u, `/api/conversation/${id}/messages`, { text });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Message;
    },
  };
}

describe('messaging on the realtime gateway, one instance', () => {
  let t: Instance;
  let x: ReturnType<typeof api>;
  beforeAll(async () => {
    t = await start();
    x = api(t);
  });
  afterAll(() => t.close());

  it('a message reaches both members’ sockets (every tab), carrying the message; a stranger hears nothing', async () => {
    const [a, b, c] = [await signup(t.app), await signup(t.app), await signup(t.app)];
    await x.friends(a, b);
    const id = await x.open(a, b);
    const [aTab, bPhone, bLaptop, cTab] = await Promise.all([a, b, b, c].map((u) => authed(t.url, sockets, u.token)));
    const sent = await x.say(a, id, 'Hallo!');
    for (const s of [aTab, bPhone, bLaptop]) {
      expect(await s.next(posted(id))).toEqual({ type: 'event', name: 'message.posted', payload: { conversationId: id, message: sent } });
    }
    await cTab.drain();
    expect(eventsNamed(cTab, 'message.posted')).toHaveLength(0);
    // messaging's writes are told by its own events: the writer's tabs are not told to read everything again
    await aTab.drain();
    expect(eventsNamed(aTab, 'user.changed')).toEqual([]);
  });

  it('a conversation made after the socket opened is joined at once; a removed member stops hearing it', async () => {
    const [a, b, c] = [await signup(t.app), await signup(t.app), await signup(t.app)];
    await x.friends(a, b);
    await x.friends(a, c);
    const [bTab, cTab] = await Promise.all([b, c].map((u) => authed(t.url, sockets, u.token)));
    const made = await x.post(a, '/api/conversation/add', { memberIds: [b.user.id, c.user.id], title: 'Picnic' });
    const id = made.json().id as number;
    expect(await cTab.next((m) => m.type === 'event' && m.name === 'conversation.changed')).toMatchObject({
      payload: { conversationId: id },
    });
    await x.say(a, id, 'Saturday?');
    await cTab.next(posted(id));
    expect((await req(t.app, 'DELETE', `/api/conversation/${id}/members/${c.user.id}`, { token: a.token })).statusCode).toBe(200);
    await x.say(a, id, 'Without c now');
    await bTab.next(
      (m) => posted(id)(m) && m.type === 'event' && m.name === 'message.posted' && m.payload.message.text === 'Without c now',
    );
    await cTab.drain();
    expect(eventsNamed(cTab, 'message.posted')).toHaveLength(1);
  });

  it('edits, deletes, read positions and typing travel to the members; typing from a non-member is ignored', async () => {
    const [a, b, c] = [await signup(t.app), await signup(t.app), await signup(t.app)];
    await x.friends(a, b);
    const id = await x.open(a, b);
    const [aTab, bTab, cTab] = await Promise.all([a, b, c].map((u) => authed(t.url, sockets, u.token)));
    const m = await x.say(a, id, 'typo');
    await x.post(a, `/api/message/update/${m.id}`, { text: 'fixed' });
    const edited = await bTab.next((e) => e.type === 'event' && e.name === 'message.changed');
    expect(edited).toMatchObject({ payload: { conversationId: id, message: { id: m.id, text: 'fixed', rev: 2 } } });
    await x.post(b, `/api/conversation/${id}/read`, { seq: 1 });
    expect(await aTab.next((e) => e.type === 'event' && e.name === 'conversation.read')).toMatchObject({
      payload: { conversationId: id, userId: b.user.id, seq: 1 },
    });
    // reading again changes nothing and says nothing
    await x.post(b, `/api/conversation/${id}/read`, { seq: 1 });
    bTab.send({ type: 'typing', conversationId: id });
    expect(await aTab.next((e) => e.type === 'event' && e.name === 'conversation.typing')).toEqual({
      type: 'event',
      name: 'conversation.typing',
      payload: { conversationId: id, userId: b.user.id },
    });
    cTab.send({ type: 'typing', conversationId: id });
    await cTab.drain();
    await aTab.drain();
    expect(eventsNamed(aTab, 'conversation.typing')).toHaveLength(1);
    expect(eventsNamed(aTab, 'conversation.read')).toHaveLength(1);
    // a typing frame that is not one closes the socket as any bad frame does
    cTab.send({ type: 'typing', conversationId: 'x' });
    expect((await within(cTab.closed, 'close')).code).toBe(RealtimeClose.badMessage);
  });

  it('a guest writes from the guest app: the business hears it live and answers; the guest hears the answer', async () => {
    const biz = await business(t.app, { hasGuest: true });
    const app = (await req(t.app, 'GET', '/api/guestapp', { token: biz.token })).json();
    expect(app.publicId).toBeTruthy();
    const guestKey = (await req(t.app, 'POST', '/api/public/guest', { body: { guestApp: app.publicId } })).json().guestKey as string;
    const headers = { 'x-guest-key': guestKey };
    const bizTab = await authed(t.url, sockets, biz.token);
    const guestTab = await connect(t.url, sockets);
    guestTab.send({ type: 'auth', guestKey });
    expect(await guestTab.next()).toEqual({ type: 'ready' });
    const chat = `/api/public/guest/conversation?app=${app.publicId}`;
    expect((await req(t.app, 'GET', chat, { headers })).json()).toMatchObject({ conversation: null, business: { id: biz.user.id } });
    const first = await req(t.app, 'POST', '/api/public/guest/conversation/messages', {
      headers,
      body: { app: app.publicId, text: 'Late check-in please', clientId: 'guest-try-0001' },
    });
    expect(first.statusCode, first.body).toBe(200);
    const id = (first.json() as Message).conversationId;
    expect(await bizTab.next(posted(id))).toMatchObject({
      payload: { message: { senderId: null, text: 'Late check-in please', clientId: 'guest-try-0001' } },
    });
    expect(await guestTab.next(posted(id))).toMatchObject({ payload: { message: { senderId: null } } });
    const answer = await x.say(biz, id, 'Of course, the night desk is open.');
    expect(
      await guestTab.next((m) => posted(id)(m) && m.type === 'event' && m.name === 'message.posted' && m.payload.message.id === answer.id),
    ).toBeTruthy();
    // the business blocks the guest: the guest reads but cannot write; unblocked, it can again
    const blocked = await req(t.app, 'POST', `/api/conversation/${id}/guest/block`, { token: biz.token });
    expect(blocked.json()).toMatchObject({ guest: { blocked: true } });
    const refused = await req(t.app, 'POST', '/api/public/guest/conversation/messages', {
      headers,
      body: { app: app.publicId, text: 'hello?' },
    });
    expect([refused.statusCode, refused.json().key]).toEqual([403, 'error.message.blocked']);
    expect((await req(t.app, 'GET', chat, { headers })).json().conversation).toMatchObject({ canWrite: false, guest: { blocked: true } });
    expect((await req(t.app, 'POST', `/api/conversation/${id}/guest/block`, { token: (await signup(t.app)).token })).statusCode).toBe(404);
    expect((await req(t.app, 'POST', `/api/conversation/${id}/guest/unblock`, { token: biz.token })).json().guest.blocked).toBe(false);
    // no video call with a guest: it has no account a meeting could let in
    const call = await req(t.app, 'POST', `/api/conversation/${id}/meeting`, { token: biz.token, body: {} });
    expect([call.statusCode, call.json().key]).toEqual([400, 'error.conversation.notallowed']);
    const inbox = (await req(t.app, 'GET', '/api/messageoverview/list?f.kind=guest', { token: biz.token })).json();
    expect(inbox.list.map((c: { id: number }) => c.id)).toEqual([id]);
    expect(inbox.list[0]).toMatchObject({ guest: true, category: { key: 'guest' } });
    // the guest reads; the business sees it
    expect(
      (await req(t.app, 'POST', '/api/public/guest/conversation/read', { headers, body: { app: app.publicId, seq: 2 } })).statusCode,
    ).toBe(200);
    expect(await bizTab.next((m) => m.type === 'event' && m.name === 'conversation.read')).toMatchObject({
      payload: { userId: null, seq: 2 },
    });
    // a guest cannot write cards, nor without a key, nor to an app that does not exist
    const guestSend = (body: unknown, h: Record<string, string> = headers) =>
      req(t.app, 'POST', '/api/public/guest/conversation/messages', { headers: h, body });
    expect((await guestSend({ app: app.publicId, text: 'x', placeId: 1 })).statusCode).toBe(400);
    expect((await guestSend({ app: app.publicId, text: 'x' }, {})).json().key).toBe('error.guest.key');
    expect((await guestSend({ app: 'nosuchapp123', text: 'x' })).json().key).toBe('error.guestapp.notfound');
    // the same guest at another hotel's guest app writes to that hotel: a conversation of its own
    const other = await business(t.app, { hasGuest: true });
    const otherApp = (await req(t.app, 'GET', '/api/guestapp', { token: other.token })).json();
    const there = (await guestSend({ app: otherApp.publicId, text: 'Hello other hotel' })).json() as Message;
    expect(there.conversationId).not.toBe(id);
    expect((await req(t.app, 'GET', `/api/conversation/${there.conversationId}`, { token: biz.token })).statusCode).toBe(404);

    // the guest signs up and claims the key: the conversation is theirs now, with its history
    const now = await signup(t.app);
    expect((await req(t.app, 'POST', '/api/guest/claim', { token: now.token, body: { guestKey } })).statusCode).toBe(200);
    const moved = (await req(t.app, 'GET', `/api/conversation/${id}`, { token: now.token })).json();
    expect(moved).toMatchObject({ kind: 'direct', guest: null, myReadSeq: 2, category: { key: 'guest' } });
    expect((await req(t.app, 'GET', `/api/conversation/${there.conversationId}`, { token: now.token })).statusCode).toBe(200);
    const history = (await req(t.app, 'GET', `/api/conversation/${id}/messages`, { token: now.token })).json();
    expect(history.list.map((m: Message) => m.senderId)).toEqual([biz.user.id, now.user.id]);
    expect((await req(t.app, 'GET', chat, { headers })).json().conversation).toBeNull();
  });
});

describe('catch-up without gaps or duplicates', () => {
  let t: Instance;
  beforeAll(async () => {
    t = await start();
  });
  afterAll(() => t.close());

  it('a client that drops its socket at random moments and catches up with ?after=rev ends with every message once', async () => {
    const x = api(t);
    await fc.assert(
      fc.asyncProperty(
        // per step: who writes, whether the reader's socket is down meanwhile, and an edit or delete now and then
        fc.array(fc.record({ byA: fc.boolean(), drop: fc.boolean(), change: fc.constantFrom('none', 'none', 'edit', 'delete') }), {
          minLength: 5,
          maxLength: 25,
        }),
        async (steps) => {
          const [a, b] = [await signup(t.app), await signup(t.app)];
          await x.friends(a, b);
          const id = await x.open(a, b);
          // the reader's state: messages by id, and the highest revision seen
          const seen = new Map<number, Message>();
          let rev = 0;
          const apply = (m: Message) => {
            // an older version (an event read again after a catch-up) never replaces a newer one
            if ((seen.get(m.id)?.rev ?? 0) < m.rev) seen.set(m.id, m);
            rev = Math.max(rev, m.rev);
          };
          let tab: Client | null = await authed(t.url, sockets, b.token);
          let consumed = 0;
          const takeEvents = () => {
            for (const e of tab!.messages.slice(consumed)) {
              if (e.type === 'event' && (e.name === 'message.posted' || e.name === 'message.changed')) {
                // a jump in rev means something was missed: the client catches up over HTTP
                if (e.payload.message.rev > rev + 1) return false;
                apply(e.payload.message);
              }
            }
            consumed = tab!.messages.length;
            return true;
          };
          const catchUp = async () => {
            for (;;) {
              const page = (await req(t.app, 'GET', `/api/conversation/${id}/messages?after=${rev}`, { token: b.token })).json();
              for (const m of page.list as Message[]) apply(m);
              rev = Math.max(rev, page.rev);
              if (!page.more) break;
            }
          };
          for (const step of steps) {
            if (step.drop && tab) {
              tab.ws.terminate();
              tab = null;
            }
            const last = await x.say(step.byA ? a : b, id, `m${Math.random().toString(36).slice(2, 8)}`);
            if (step.change !== 'none' && last.senderId === a.user.id) {
              if (step.change === 'edit') await x.post(a, `/api/message/update/${last.id}`, { text: 'edited' });
              else await req(t.app, 'DELETE', `/api/message/delete/${last.id}`, { token: a.token });
            }
            if (!tab) {
              tab = await authed(t.url, sockets, b.token);
              consumed = 0;
              await catchUp();
            } else {
              await tab.drain();
              if (!takeEvents()) await catchUp();
            }
          }
          if (tab) {
            await tab.drain();
            if (!takeEvents()) await catchUp();
          }
          const truth = (await req(t.app, 'GET', `/api/conversation/${id}/messages?after=0`, { token: b.token })).json().list as Message[];
          expect([...seen.values()].sort((p, q) => p.seq - q.seq)).toEqual([...truth].sort((p, q) => p.seq - q.seq));
          expect(new Set(truth.map((m) => m.seq)).size).toBe(truth.length);
          expect(truth.map((m) => m.seq).sort((p, q) => p - q)).toEqual(truth.map((_, i) => i + 1));
        },
      ),
      { numRuns: 12 },
    );
  });
});

const buses = [
  {
    name: 'in process',
    make: () => {
      // one in-process bus shared by both instances (as one Redis would be)
      const bus = memoryPubSub();
      return [bus, bus] as const;
    },
    run: true,
  },
  {
    name: 'redis',
    make: () => {
      const prefix = `spotlist-test-msg-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}:`;
      return [redisPubSub(REDIS!, prefix), redisPubSub(REDIS!, prefix)] as const;
    },
    run: !!REDIS,
  },
];

describe.each(buses.filter((b) => b.run))('two instances, bus $name', ({ make }) => {
  it('a message sent through instance A reaches the member connected to B before A answers; typing crosses too', async () => {
    const [busA, busB] = make();
    const a = await start(busA);
    const b = await start(busB, a.database);
    try {
      await until(() => busA.live && busB.live, 'both subscribers live');
      const x = api(a);
      const [ute, vera] = [await signup(a.app), await signup(a.app)];
      await x.friends(ute, vera);
      const id = await x.open(ute, vera);
      const veraOnB = await authed(b.url, sockets, vera.token);
      const uteOnA = await authed(a.url, sockets, ute.token);
      const sent = await x.say(ute, id, 'über zwei Instanzen');
      // the answer left A after B applied the event: it is on its way to Vera's socket already
      expect(await veraOnB.next(posted(id))).toMatchObject({ payload: { message: { id: sent.id, text: 'über zwei Instanzen' } } });
      veraOnB.send({ type: 'typing', conversationId: id });
      expect(await uteOnA.next((m) => m.type === 'event' && m.name === 'conversation.typing')).toMatchObject({
        payload: { userId: vera.user.id },
      });
      // a conversation made on A is joined by the socket on B
      const x2 = await signup(a.app);
      await x.friends(vera, x2);
      const second = await x.open(x2, vera);
      await veraOnB.next((m) => m.type === 'event' && m.name === 'conversation.changed' && m.payload.conversationId === second);
      await x.say(x2, second, 'neu');
      await veraOnB.next(posted(second));
    } finally {
      await b.close();
      await a.close();
      for (const bus of new Set([busA, busB])) await bus.close();
    }
  });
});
