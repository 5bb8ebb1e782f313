import { GUEST_STORAGE_KEY, type Conversation, type Message, type PublicGuestApp } from '@spotlist/contracts';
import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetChats } from '../lib/chat-store.ts';
import { GuestApp } from './guest-app.tsx';

const KEY = 'guestKey_0123456789abcdef';
/** A key the server does not know (any more). */
const GONE_KEY = 'goneKey_0123456789abcdef';
const BUSINESS = { id: 7, nickname: 'Hotel Sonne', picturedocument: { id: 3, urlThumb240: '/api/document/3/thumb?v=abc' } };

const app: PublicGuestApp = {
  publicId: 'GuestApp01',
  language: 'de',
  languages: ['de'],
  businessName: 'Hotel Sonne',
  logoUrl: null,
  title: 'Willkommen',
  text: '',
  contact: { phone: null, email: null, website: null, hours: null },
  widgets: [],
  lists: [],
} as unknown as PublicGuestApp;

/** The server's side of the guest's conversation with the business of guest app GuestApp01. */
interface Server {
  /** The guest app is unknown or off: every chat request answers 404 `error.guestapp.notfound`. */
  appGone: boolean;
  exists: boolean;
  messages: Message[];
  rev: number;
  businessReadSeq: number;
  /** While set, POST messages stores the message but answers only once it resolves. */
  hold: Promise<void> | null;
  /** While set, POST messages stores the message (and answers) only once it resolves. */
  delay: Promise<void> | null;
  /** The status POST messages answers instead of storing. */
  failWith: number | null;
}
let server: Server;
let calls: { url: string; method: string; body: unknown }[];

function message(senderId: number | null, text: string, extra: Partial<Message> = {}): Message {
  const seq = Math.max(0, ...server.messages.map((m) => m.seq)) + 1;
  server.rev += 1;
  const m: Message = {
    id: 100 + seq,
    conversationId: 5,
    seq,
    rev: server.rev,
    senderId,
    text,
    placeId: null,
    listId: null,
    file: null,
    meeting: null,
    replyTo: null,
    clientId: null,
    createdAt: new Date().toISOString(),
    editedAt: null,
    deletedAt: null,
    ...extra,
  };
  server.messages.push(m);
  server.exists = true;
  return m;
}

const conversation = (): Conversation => ({
  id: 5,
  kind: 'guest',
  title: null,
  category: { id: 3, key: 'guest', name: 'Guest' },
  status: 'open',
  assigneeId: null,
  createdBy: null,
  members: [{ ...BUSINESS, accountType: { id: 2 }, picturedocument: null, admin: true, readSeq: server.businessReadSeq }],
  guest: { id: 9, readSeq: 0, blocked: false },
  canWrite: true,
  lastSeq: server.messages.length,
  lastRev: server.rev,
  myReadSeq: 0,
  unread: server.messages.filter((m) => m.senderId !== null).length,
  createdAt: new Date().toISOString(),
});

const ok = (body: unknown) => new Response(JSON.stringify(body));

async function answer(url: string, init: RequestInit = {}): Promise<Response> {
  const method = init.method ?? 'GET';
  calls.push({ url, method, body: init.body ? JSON.parse(init.body as string) : undefined });
  if (url.startsWith('/api/public/guest-app/')) return ok(app);
  if (url === '/api/public/guest' && method === 'POST') return ok({ guestKey: KEY });
  if (url === '/api/public/guest/likes') return ok({ placeIds: [] });
  if (url.startsWith('/api/public/guest/conversation')) {
    const key = new Headers(init.headers).get('x-guest-key');
    if (key === GONE_KEY) return new Response('{"key":"error.guest.key"}', { status: 401 });
    expect(key).toBe(KEY);
    // every request names the guest app the guest writes from
    const app =
      method === 'GET'
        ? new URLSearchParams(url.split('?')[1] ?? '').get('app')
        : (JSON.parse(init.body as string) as { app?: unknown }).app;
    if (typeof app !== 'string') return new Response('{"key":"error.validation"}', { status: 400 });
    if (app !== 'GuestApp01' || server.appGone) return new Response('{"key":"error.guestapp.notfound"}', { status: 404 });
  }
  const path = url.split('?')[0];
  const params = new URLSearchParams(url.split('?')[1] ?? '');
  if (path === '/api/public/guest/conversation') return ok({ conversation: server.exists ? conversation() : null, business: BUSINESS });
  const q = path === '/api/public/guest/conversation/messages';
  if (q && method === 'GET') {
    if (!server.exists) return new Response('{"key":"error.conversation.notfound"}', { status: 404 });
    const after = params.get('after');
    const list =
      after !== null ? server.messages.filter((m) => m.rev > Number(after)).sort((a, b) => a.rev - b.rev) : [...server.messages].reverse();
    return ok({ list, more: false, rev: server.rev });
  }
  if (q && method === 'POST') {
    if (server.failWith) return new Response('{"key":"error.ratelimit"}', { status: server.failWith });
    if (server.delay) await server.delay; // still on its way
    const { text, clientId } = JSON.parse(init.body as string) as { text: string; clientId?: string };
    // a retry (the same clientId) answers the message already stored
    const stored =
      server.messages.find((m) => clientId && m.clientId === clientId) ?? message(null, text.trim(), { clientId: clientId ?? null });
    if (server.hold) await server.hold; // stored, its answer on the way
    return ok(stored);
  }
  if (path === '/api/public/guest/conversation/read') return ok({ ok: true });
  return new Response('{"key":"error.notFound"}', { status: 404 });
}

/** The WebSocket the chat opens, driven by the test. */
class FakeSocket {
  static all: FakeSocket[] = [];
  sent: Record<string, unknown>[] = [];
  onopen: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
    queueMicrotask(() => this.onopen?.(new Event('open')));
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {}
  receive(msg: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(msg) }));
  }
  event(name: string, payload: unknown) {
    this.receive({ type: 'event', name, payload });
  }
  /** The connection is lost (not a close the client asked for). */
  lose() {
    this.onclose?.(new CloseEvent('close', { code: 1006 }));
  }
}
const socket = () => FakeSocket.all[FakeSocket.all.length - 1];

let root: HTMLElement;
const until = async (check: () => void) => {
  for (let i = 0; ; i++) {
    try {
      check();
      return;
    } catch (err) {
      if (i > 200) throw err;
      await new Promise((r) => setTimeout(r, 5));
    }
  }
};
const button = (name: string | RegExp) =>
  [...root.querySelectorAll('button')].find((b) => (typeof name === 'string' ? b.textContent === name : name.test(b.textContent!)));
const bubbles = () => [...root.querySelectorAll('.sl-chat .sl-msg')].map((li) => li.querySelector('.sl-bubble')!.textContent);
/** The chat's URLs for this guest app. */
const CHAT = '/api/public/guest/conversation?app=GuestApp01';
const MESSAGES = '/api/public/guest/conversation/messages?app=GuestApp01';
const posts = (path: string) => calls.filter((c) => c.method === 'POST' && c.url === path);

/** Renders the guest app, opens the chat and waits for its history and its socket. */
const openChat = () => openChatNamed('Hotel Sonne');
async function openChatNamed(name: string) {
  render(<GuestApp path="/g/GuestApp01" search="" />, root);
  const entry = new RegExp(`^Nachricht an ${name}`);
  await until(() => expect(button(entry)).toBeDefined());
  button(entry)!.click();
  await until(() => expect(root.querySelector('.sl-chat h1')?.textContent).toBe('Hotel Sonne'));
  await until(() => expect(socket()?.sent[0]).toEqual({ type: 'auth', guestKey: KEY }));
  socket().receive({ type: 'ready' });
}

function type(text: string) {
  const input = root.querySelector<HTMLTextAreaElement>('.sl-chat textarea')!;
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  return input;
}
const pressEnter = (input: HTMLElement) =>
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(GUEST_STORAGE_KEY, JSON.stringify({ guestKey: KEY }));
  history.replaceState(null, '', '/');
  server = { appGone: false, exists: false, messages: [], rev: 0, businessReadSeq: 0, hold: null, delay: null, failWith: null };
  calls = [];
  FakeSocket.all = [];
  Object.defineProperty(navigator, 'languages', { configurable: true, get: () => ['de-AT'] });
  Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: vi.fn(() => true) });
  vi.stubGlobal('fetch', vi.fn(answer));
  vi.stubGlobal('WebSocket', FakeSocket);
  root = document.createElement('div');
  document.body.append(root);
});
afterEach(async () => {
  render(null, root);
  root.remove();
  resetChats();
  await new Promise((r) => setTimeout(r, 50));
  vi.unstubAllGlobals();
});

describe('guest chat', () => {
  it('opens from "Message <business>" with its history, marks it read and shows links only as safe links', async () => {
    message(null, 'Wann gibt es Frühstück?');
    message(7, 'Ab 7 Uhr, siehe https://sonne.example/fruehstueck. Guten Appetit!');
    render(<GuestApp path="/g/GuestApp01" search="" />, root);
    // the unread dot while closed
    await until(() => expect(button(/^Nachricht an Hotel Sonne/)?.textContent).toBe('Nachricht an Hotel Sonne(Neue Nachrichten)'));
    button(/^Nachricht an Hotel Sonne/)!.click();

    await until(() =>
      expect(bubbles()).toEqual(['Wann gibt es Frühstück?', 'Ab 7 Uhr, siehe https://sonne.example/fruehstueck. Guten Appetit!']),
    );
    expect(location.hash).toBe('#chat');
    expect(root.querySelector('.sl-chat h1')!.textContent).toBe('Hotel Sonne');
    expect(root.querySelector<HTMLImageElement>('.sl-chat img.sl-avatar')!.getAttribute('src')).toBe('/api/document/3/thumb?v=abc');
    expect(root.querySelector('.sl-chat .sl-day')!.textContent).toBe('Heute');
    expect(root.querySelector('.sl-mine .sr-only')!.textContent).toBe('Du: ');
    expect(root.querySelector('.sl-theirs .sr-only')!.textContent).toBe('Hotel Sonne: ');
    const link = root.querySelector<HTMLAnchorElement>('.sl-theirs a')!;
    expect(link.getAttribute('href')).toBe('https://sonne.example/fruehstueck');
    expect(link.textContent).toBe('https://sonne.example/fruehstueck'); // the full stop is the sentence's
    expect(link.target).toBe('_blank');
    expect(link.rel).toBe('noopener noreferrer');
    // the business's message is read now that the guest sees it
    await until(() => expect(posts('/api/public/guest/conversation/read').map((c) => c.body)).toEqual([{ app: 'GuestApp01', seq: 2 }]));
    // the page behind the chat is hidden, and Back returns to it
    expect(root.querySelector<HTMLElement>('.sl-page > div[hidden]')).not.toBeNull();
    button('← Zurück')!.click();
    await until(() => expect(root.querySelector('.sl-chat')).toBeNull());
    expect(button(/^Nachricht an Hotel Sonne/)!.textContent).toBe('Nachricht an Hotel Sonne'); // read: no dot
  });

  it("shows a message at once, then the server's once — matched by its clientId, whether its answer or its event comes first", async () => {
    message(7, 'Willkommen!');
    await openChat();
    await until(() => expect(bubbles()).toEqual(['Willkommen!']));

    // event first
    let release!: () => void;
    server.hold = new Promise((r) => (release = r));
    pressEnter(type('  Haben Sie ein Bügeleisen?  '));
    await until(() => expect(root.querySelector('.sl-pending')?.textContent).toContain('Wird gesendet…'));
    expect(bubbles()).toEqual(['Willkommen!', 'Haben Sie ein Bügeleisen?']);
    expect(root.querySelector<HTMLTextAreaElement>('.sl-chat textarea')!.value).toBe('');
    const [sent] = posts('/api/public/guest/conversation/messages');
    expect(sent.body).toEqual({
      app: 'GuestApp01',
      text: 'Haben Sie ein Bügeleisen?',
      clientId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
    });
    await until(() => expect(server.messages).toHaveLength(2));
    expect(server.messages[1].clientId).toBe((sent.body as { clientId: string }).clientId);
    socket().event('message.posted', { conversationId: 5, message: server.messages[1] });
    await until(() => expect(root.querySelector('.sl-pending')).toBeNull());
    expect(bubbles()).toEqual(['Willkommen!', 'Haben Sie ein Bügeleisen?']);
    server.hold = null;
    release();
    await new Promise((r) => setTimeout(r, 30));
    expect(bubbles()).toEqual(['Willkommen!', 'Haben Sie ein Bügeleisen?']);

    // the same words sent from the guest's other tab are another message: this one is still on its way
    let arrive!: () => void;
    server.delay = new Promise((r) => (arrive = r));
    pressEnter(type('Danke!'));
    await until(() => expect(root.querySelector('.sl-pending')).not.toBeNull());
    const other = message(null, 'Danke!', { clientId: 'otherTab_0001' });
    socket().event('message.posted', { conversationId: 5, message: other });
    await until(() => expect(bubbles()).toEqual(['Willkommen!', 'Haben Sie ein Bügeleisen?', 'Danke!', 'Danke!']));
    expect(root.querySelector('.sl-pending')?.textContent).toContain('Wird gesendet…');

    // answer first
    server.delay = null;
    arrive();
    await until(() => expect(root.querySelector('.sl-pending')).toBeNull());
    expect(bubbles()).toEqual(['Willkommen!', 'Haben Sie ein Bügeleisen?', 'Danke!', 'Danke!']);
    socket().event('message.posted', { conversationId: 5, message: server.messages[server.messages.length - 1] });
    await new Promise((r) => setTimeout(r, 30));
    expect(bubbles()).toEqual(['Willkommen!', 'Haben Sie ein Bügeleisen?', 'Danke!', 'Danke!']);

    // Shift+Enter is a new line, not a send
    const input = type('Zeile 1');
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', shiftKey: true, bubbles: true, cancelable: true }));
    expect(posts('/api/public/guest/conversation/messages')).toHaveLength(2);
  });

  it("hears only this app's conversation: the guest's chat with another hotel stays out, before and after the first message", async () => {
    await openChat();
    await until(() => expect(root.textContent).toContain('Schreib uns hier.'));
    // the guest's conversation with the business of another guest app (its socket is in both)
    const elsewhere = (seq: number): Message => ({
      id: 900 + seq,
      conversationId: 6,
      seq,
      rev: seq,
      senderId: 8,
      text: 'Hier Hotel Mond.',
      placeId: null,
      listId: null,
      file: null,
      meeting: null,
      replyTo: null,
      clientId: null,
      createdAt: new Date().toISOString(),
      editedAt: null,
      deletedAt: null,
    });
    const typing = () => root.querySelector('.sl-typing')!.textContent;
    const hearOtherHotel = async (seq: number) => {
      socket().event('message.posted', { conversationId: 6, message: elsewhere(seq) });
      socket().event('conversation.typing', { conversationId: 6, userId: 8 });
      socket().event('conversation.read', { conversationId: 6, userId: 8, seq });
      await new Promise((r) => setTimeout(r, 30));
    };
    await hearOtherHotel(1);
    expect(bubbles()).toEqual([]);
    expect(typing()).toBe('');
    // a change of another conversation may be this one's making: asked, it is not
    const asked = calls.filter((c) => c.url === CHAT).length;
    socket().event('conversation.changed', { conversationId: 6 });
    await until(() => expect(calls.filter((c) => c.url === CHAT)).toHaveLength(asked + 1));
    await new Promise((r) => setTimeout(r, 30));
    expect(root.textContent).toContain('Schreib uns hier.');

    // the first message: its events come before its answer
    let release!: () => void;
    server.hold = new Promise((r) => (release = r));
    pressEnter(type('Guten Abend'));
    await until(() => expect(server.messages).toHaveLength(1));
    socket().event('conversation.changed', { conversationId: 5 });
    socket().event('message.posted', { conversationId: 5, message: server.messages[0] });
    await until(() => expect(root.querySelector('.sl-pending')).toBeNull());
    expect(bubbles()).toEqual(['Guten Abend']);
    expect(calls.some((c) => c.url === `${MESSAGES}&after=0`)).toBe(true);
    server.hold = null;
    release();
    await new Promise((r) => setTimeout(r, 30));
    expect(bubbles()).toEqual(['Guten Abend']);

    await hearOtherHotel(2);
    expect(bubbles()).toEqual(['Guten Abend']);
    expect(typing()).toBe('');
    expect(root.textContent).not.toContain('Gesehen');
    // every request named this guest app
    const chatCalls = calls.filter((c) => c.url.startsWith('/api/public/guest/conversation'));
    expect(
      chatCalls.every((c) => (c.method === 'GET' ? c.url.includes('?app=GuestApp01') : (c.body as { app: string }).app === 'GuestApp01')),
    ).toBe(true);
  });

  it('says "Not sent" with a retry that sends the same clientId, and a short note when rate-limited', async () => {
    await openChat();
    server.failWith = 429;
    pressEnter(type('Hallo?'));
    await until(() =>
      expect(root.querySelector('.sl-pending .sl-error')?.textContent).toBe(
        'Zu viele Nachrichten. Bitte warte einen Moment. — Erneut versuchen',
      ),
    );
    server.failWith = 500;
    button('Erneut versuchen')!.click();
    await until(() => expect(root.querySelector('.sl-pending .sl-error')?.textContent).toBe('Nicht gesendet — Erneut versuchen'));
    server.failWith = null;
    button('Erneut versuchen')!.click();
    await until(() => expect(root.querySelector('.sl-pending')).toBeNull());
    expect(bubbles()).toEqual(['Hallo?']);
    const ids = posts('/api/public/guest/conversation/messages').map((c) => (c.body as { clientId: string }).clientId);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(1);
  });

  it('appends the business\'s new message and marks it read; shows "Seen" once the business has read the guest\'s', async () => {
    message(null, 'Ist das Zimmer fertig?');
    await openChat();
    await until(() => expect(bubbles()).toEqual(['Ist das Zimmer fertig?']));
    expect(root.textContent).not.toContain('Gesehen');
    socket().event('conversation.read', { conversationId: 5, userId: null, seq: 1 }); // the guest's own read: not "Seen"
    socket().event('conversation.read', { conversationId: 5, userId: 7, seq: 1 });
    await until(() => expect(root.querySelector('.sl-mine .sl-meta')!.textContent).toMatch(/ · Gesehen$/));

    socket().event('message.posted', { conversationId: 5, message: message(7, 'Ja, ab 14 Uhr.') });
    await until(() => expect(bubbles()).toEqual(['Ist das Zimmer fertig?', 'Ja, ab 14 Uhr.']));
    await until(() => expect(posts('/api/public/guest/conversation/read').map((c) => c.body)).toEqual([{ app: 'GuestApp01', seq: 2 }]));
    // edited and deleted
    socket().event('message.changed', {
      conversationId: 5,
      message: { ...server.messages[1], rev: 3, text: 'Ja, ab 13 Uhr.', editedAt: new Date().toISOString() },
    });
    await until(() => expect(root.querySelector('.sl-theirs')!.textContent).toMatch(/Ja, ab 13 Uhr\..* · bearbeitet$/));
    socket().event('message.changed', {
      conversationId: 5,
      message: { ...server.messages[1], rev: 4, text: '', deletedAt: new Date().toISOString() },
    });
    await until(() => expect(bubbles()).toEqual(['Ist das Zimmer fertig?', 'Nachricht gelöscht']));
  });

  it('catches up with ?after= the last revision after a reconnect and after a second ready', async () => {
    message(null, 'Eins');
    await openChat();
    await until(() => expect(calls.some((c) => c.url === `${MESSAGES}&after=1`)).toBe(true));
    // a message while the socket is away
    socket().lose();
    message(7, 'Zwei');
    dispatchEvent(new Event('online')); // back online: connect now rather than after the backoff
    await until(() => expect(FakeSocket.all).toHaveLength(2));
    await until(() => expect(socket().sent[0]).toEqual({ type: 'auth', guestKey: KEY }));
    const before = calls.length;
    socket().receive({ type: 'ready' });
    await until(() => expect(bubbles()).toEqual(['Eins', 'Zwei']));
    expect(calls.slice(before).map((c) => c.url)).toEqual([CHAT, `${MESSAGES}&after=1`, '/api/public/guest/conversation/read']);

    // the server's pub/sub was away: a second ready on the same socket
    message(7, 'Drei');
    socket().receive({ type: 'ready' });
    await until(() => expect(bubbles()).toEqual(['Eins', 'Zwei', 'Drei']));
    expect(calls.some((c) => c.url === `${MESSAGES}&after=2`)).toBe(true);

    // an event whose revision jumps (one was missed) reads the changes in between
    const missed = message(7, 'Vier');
    const next = message(7, 'Fünf');
    socket().event('message.posted', { conversationId: 5, message: next });
    await until(() => expect(bubbles()).toEqual(['Eins', 'Zwei', 'Drei', 'Vier', 'Fünf']));
    expect(calls.some((c) => c.url === `${MESSAGES}&after=${missed.rev - 1}`)).toBe(true);
  });

  it('shows markup in a message as text', async () => {
    message(7, '<img src=x onerror=alert(1)> javascript:alert(1) <a href="https://evil.example">x</a>');
    await openChat();
    await until(() => expect(bubbles()).toHaveLength(1));
    expect(bubbles()[0]).toBe('<img src=x onerror=alert(1)> javascript:alert(1) <a href="https://evil.example">x</a>');
    expect(root.querySelector('.sl-chat-log img')).toBeNull();
    expect([...root.querySelectorAll('.sl-chat-log a')].map((a) => a.getAttribute('href'))).toEqual(['https://evil.example/']);
  });

  it('shows "… is typing" for 5 s after the business\'s last signal, and tells it when the guest types (every 3 s at most)', async () => {
    message(null, 'Hallo');
    await openChat();
    await until(() => expect(bubbles()).toHaveLength(1));
    const typing = () => root.querySelector('.sl-typing')!.textContent;
    // the first signals with real timers: what the page still has in flight (its catch-up after
    // ready) settles on its own, however slow the machine
    socket().event('conversation.typing', { conversationId: 5, userId: null }); // the guest's own, echoed
    await new Promise((r) => setTimeout(r, 20));
    expect(typing()).toBe('');
    socket().event('conversation.typing', { conversationId: 5, userId: 7 });
    await until(() => expect(typing()).toBe('Hotel Sonne schreibt…'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      await vi.advanceTimersByTimeAsync(3000);
      socket().event('conversation.typing', { conversationId: 5, userId: 7 }); // again: 5 s from now
      await vi.advanceTimersByTimeAsync(4000);
      expect(typing()).toBe('Hotel Sonne schreibt…');
      await vi.advanceTimersByTimeAsync(1001);
      expect(typing()).toBe('');

      type('W');
      type('Wo');
      await vi.advanceTimersByTimeAsync(3000);
      type('Wo ist');
      expect(socket().sent.filter((m) => m.type === 'typing')).toEqual([
        { type: 'typing', conversationId: 5 },
        { type: 'typing', conversationId: 5 },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('offers no chat when the guest app is unknown or off (404), and says so when it goes while open', async () => {
    server.appGone = true;
    render(<GuestApp path="/g/GuestApp01" search="" />, root);
    await until(() => expect(root.querySelector('h1')?.textContent).toBe('Willkommen'));
    await until(() => expect(calls.some((c) => c.url === CHAT)).toBe(true));
    await new Promise((r) => setTimeout(r, 30));
    expect(button(/Hotel Sonne/)).toBeUndefined();
    render(null, root);
    resetChats();

    // offered again once the app is on, whatever the guest app calls its business
    server.appGone = false;
    app.businessName = 'Sonne am See';
    try {
      await openChatNamed('Sonne am See');
      server.appGone = true;
      pressEnter(type('Hallo?'));
      await until(() => expect(root.textContent).toContain('Nachrichten sind hier nicht verfügbar.'));
      expect(root.querySelector<HTMLTextAreaElement>('.sl-chat textarea')!.disabled).toBe(true);
      button('← Zurück')!.click();
      await until(() => expect(root.querySelector('.sl-chat')).toBeNull());
      expect(button(/^Nachricht an/)).toBeUndefined();
    } finally {
      app.businessName = 'Hotel Sonne';
    }
  });

  it('makes the guest when a visitor without a key opens the chat; the first message makes the conversation', async () => {
    localStorage.clear();
    render(<GuestApp path="/g/GuestApp01" search="" />, root);
    await until(() => expect(button(/^Nachricht an Hotel Sonne/)).toBeDefined());
    expect(calls.some((c) => c.url.startsWith('/api/public/guest/conversation'))).toBe(false);
    button(/^Nachricht an Hotel Sonne/)!.click();
    await until(() => expect(root.textContent).toContain('Schreib uns hier.'));
    expect(posts('/api/public/guest').map((c) => c.body)).toEqual([{ guestApp: 'GuestApp01' }]);
    await until(() => expect(socket()?.sent[0]).toEqual({ type: 'auth', guestKey: KEY }));
    socket().receive({ type: 'ready' });
    pressEnter(type('Guten Tag'));
    await until(() => expect(bubbles()).toEqual(['Guten Tag']));
    await until(() => expect(root.querySelector('.sl-pending')).toBeNull());
    // the conversation exists now: typing reaches the business
    type('Noch');
    expect(socket().sent.filter((m) => m.type === 'typing')).toEqual([{ type: 'typing', conversationId: 5 }]);
  });

  it('replaces a key the server does not know with a new guest when the chat opens', async () => {
    localStorage.setItem(GUEST_STORAGE_KEY, JSON.stringify({ guestKey: GONE_KEY }));
    render(<GuestApp path="/g/GuestApp01" search="" />, root);
    await until(() => expect(button(/^Nachricht an Hotel Sonne/)).toBeDefined()); // 401: still offered
    button(/^Nachricht an Hotel Sonne/)!.click();
    await until(() => expect(root.textContent).toContain('Schreib uns hier.'));
    expect(posts('/api/public/guest').map((c) => c.body)).toEqual([{ guestApp: 'GuestApp01' }]);
    expect(JSON.parse(localStorage.getItem(GUEST_STORAGE_KEY)!)).toEqual({ guestKey: KEY });
    await until(() => expect(socket()?.sent[0]).toEqual({ type: 'auth', guestKey: KEY }));
  });
});
