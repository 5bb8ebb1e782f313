import type {
  ClientEventMap,
  ClientEventName,
  Conversation,
  ConversationMember,
  Message,
  MessageOverview,
  MessageOverviewItem,
  MessagePage,
} from '@spotlist/contracts';
import { TYPING_SHOWN_MS } from '@spotlist/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, ws } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api-client';
import { unreadMessages } from '../../lib/unread-messages';
import { makeUser, setXsrfCookie, storeLoggedInUser } from '../../test/fixtures';
import { currentLocation, renderApp } from '../../test/render-app';
import { server } from '../../test/server';

/** The first render of a file loads the lazy page chunk: slow on a busy 2-core machine (as people.test.tsx). */
const SLOW = { timeout: 10_000 };
const ME = 7;
const DAY1 = '2026-03-13T12:00:00Z';
const DAY2 = '2026-03-14T12:00:00Z';

const member = (id: number, nickname: string, extra: Partial<ConversationMember> = {}): ConversationMember => ({
  id,
  nickname,
  accountType: { id: 1 },
  picturedocument: null,
  admin: false,
  readSeq: 0,
  ...extra,
});

const conversation = (extra: Partial<Conversation> = {}): Conversation => ({
  id: 3,
  kind: 'direct',
  title: null,
  category: { id: 1, key: 'personal', name: 'Personal' },
  status: 'open',
  assigneeId: null,
  createdBy: ME,
  members: [member(ME, 'Anna', { readSeq: 2 }), member(5, 'Lena', { readSeq: 2 })],
  guest: null,
  canWrite: true,
  lastSeq: 2,
  lastRev: 2,
  myReadSeq: 2,
  unread: 0,
  createdAt: DAY1,
  ...extra,
});

const message = (id: number, seq: number, extra: Partial<Message> = {}): Message => ({
  id,
  conversationId: 3,
  seq,
  rev: seq,
  senderId: 5,
  text: `Message ${id}`,
  placeId: null,
  listId: null,
  file: null,
  meeting: null,
  replyTo: null,
  clientId: null,
  createdAt: DAY2,
  editedAt: null,
  deletedAt: null,
  ...extra,
});

const overviewItem = (id: number, extra: Partial<MessageOverviewItem> = {}): MessageOverviewItem => ({
  id,
  kind: 'direct',
  title: null,
  category: { id: 1, key: 'personal', name: 'Personal' },
  status: 'open',
  assigneeId: null,
  others: [{ id: 5, nickname: 'Lena', accountType: { id: 1 }, picturedocument: null }],
  memberCount: 2,
  guest: false,
  lastMessage: { seq: 1, senderId: 5, text: 'Hi!', kind: 'text', createdAt: DAY2 },
  lastActivityAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  unread: 0,
  ...extra,
});

const overview = (list: MessageOverviewItem[], unreadTotal = 0): MessageOverview => ({
  list,
  total: list.length,
  pageIndex: 0,
  pageSize: 30,
  unreadTotal,
});

function loggedIn(accountType = 1) {
  storeLoggedInUser();
  setXsrfCookie();
  server.use(
    http.get('/api/session/user', () => HttpResponse.json(makeUser({ accountType: { id: accountType } }))),
    http.get('/api/messageoverview/unread', () => HttpResponse.json({ unread: 0, conversations: 0 })),
    http.get('/api/messaging/features', () => HttpResponse.json({ translation: false, meetingHost: 'meet.example', meetingJwt: false })),
    http.get('/api/messagecategory/list', () =>
      HttpResponse.json({
        list: [
          { id: 1, key: 'personal', name: 'Personal' },
          { id: 2, key: 'enquiry', name: 'Enquiry' },
          { id: 6, key: 'wedding', name: 'Weddings' },
        ],
        total: 3,
        pageIndex: 0,
        pageSize: 30,
      }),
    ),
  );
}

/**
 * The realtime gateway the shell connects to (lib/realtime.ts): it answers the auth with ready,
 * records what the client sends, and sends events when the test says so.
 */
function gateway() {
  const received: { type: string; conversationId?: number }[] = [];
  const clients: { send(data: string): void; close(code?: number): void }[] = [];
  server.use(
    ws.link(/\/api\/ws$/).addEventListener('connection', ({ client }) => {
      clients.push(client);
      client.addEventListener('message', (event) => {
        const msg = JSON.parse(String(event.data)) as { type: string };
        received.push(msg);
        if (msg.type === 'auth') client.send(JSON.stringify({ type: 'ready' }));
      });
    }),
  );
  return {
    received,
    /** Waits for the connection to be ready (the auth answered). */
    ready: (count = 1) => waitFor(() => expect(received.filter((m) => m.type === 'auth')).toHaveLength(count)),
    emit<K extends ClientEventName>(name: K, payload: ClientEventMap[K]) {
      act(() => clients.at(-1)!.send(JSON.stringify({ type: 'event', name, payload })));
    },
    drop: () => act(() => clients.at(-1)!.close(1001)),
  };
}

/** GET /api/conversation/3 and its messages (the first page; `?after=` answered by `changes`). */
function conversationIs(c: Conversation, first: MessagePage, changes?: (after: number) => MessagePage) {
  const asked: string[] = [];
  const reads: number[] = [];
  server.use(
    http.get('/api/conversation/3', () => HttpResponse.json(c)),
    http.get('/api/conversation/3/messages', ({ request }) => {
      const q = new URL(request.url).searchParams;
      asked.push(q.toString());
      const after = q.get('after');
      if (after !== null) return HttpResponse.json(changes ? changes(Number(after)) : { list: [], more: false, rev: first.rev });
      return HttpResponse.json(first);
    }),
    http.post('/api/conversation/3/read', async ({ request }) => {
      reads.push(((await request.json()) as { seq: number }).seq);
      return HttpResponse.json({ ok: true });
    }),
  );
  return { asked, reads };
}

const bubbles = () =>
  within(screen.getByRole('list', { name: 'Messages of this conversation' }))
    .queryAllByRole('listitem')
    .filter((li) => li.classList.contains('messages-entry'));
const bubbleTexts = () => bubbles().map((li) => li.querySelector('.messages-bubble')?.textContent);

beforeEach(() => {
  unreadMessages.set(0);
});

describe('messages: the inbox', () => {
  it('lists the conversations with names, previews, time, unread count and category, and filters them', async () => {
    loggedIn(2);
    const asked: string[] = [];
    server.use(
      http.get('/api/messageoverview/list', ({ request }) => {
        asked.push(new URL(request.url).searchParams.toString());
        return HttpResponse.json(
          overview(
            [
              overviewItem(3, { unread: 2 }),
              overviewItem(4, {
                kind: 'group',
                title: 'Lisbon trip',
                others: [
                  { id: 5, nickname: 'Lena', accountType: { id: 1 }, picturedocument: null },
                  { id: 6, nickname: 'Tom', accountType: { id: 1 }, picturedocument: null },
                ],
                lastMessage: { seq: 4, senderId: ME, text: '', kind: 'place', createdAt: DAY2 },
              }),
              overviewItem(8, {
                kind: 'guest',
                others: [],
                guest: true,
                category: { id: 2, key: 'enquiry', name: 'Enquiry' },
                lastMessage: { seq: 2, senderId: null, text: '', kind: 'deleted', createdAt: DAY2 },
              }),
              overviewItem(9, {
                others: [{ id: 6, nickname: 'Tom', accountType: { id: 1 }, picturedocument: null }],
                lastMessage: { seq: 7, senderId: 6, text: '', kind: 'meeting', createdAt: DAY2 },
                status: 'done',
              }),
            ],
            2,
          ),
        );
      }),
    );
    const user = userEvent.setup();
    renderApp('/messages');
    const list = await screen.findByRole('list', { name: 'Conversations' }, SLOW);
    const rows = within(list).getAllByRole('link');
    expect(rows.map((r) => r.getAttribute('href'))).toEqual(['/messages/3', '/messages/4', '/messages/8', '/messages/9']);
    expect(rows[0]).toHaveTextContent('Lena');
    expect(rows[0]).toHaveTextContent('Hi!');
    expect(rows[0]).toHaveTextContent('5 min. ago');
    expect(within(rows[0]!).getByLabelText('2 unread messages')).toHaveTextContent('2');
    expect(rows[1]).toHaveTextContent('Lisbon trip');
    expect(rows[1]).toHaveTextContent('You: Place');
    expect(rows[2]).toHaveTextContent('Guest');
    expect(rows[2]).toHaveTextContent('Message deleted');
    expect(rows[2]).toHaveTextContent('Enquiry');
    expect(rows[3]).toHaveTextContent('Video call');
    expect(rows[3]).toHaveTextContent('Done');
    // the overview's total is the menu badge
    expect(unreadMessages.get()).toBe(2);
    expect(asked[0]).toBe('p.i=0&p.s=30');

    // a business filters by category, status and unread, and searches a member's name
    await user.selectOptions(screen.getByLabelText('Category'), 'Weddings');
    await waitFor(() => expect(asked.at(-1)).toBe('f.category=6&p.i=0&p.s=30'));
    await user.selectOptions(screen.getByLabelText('Status'), 'Done');
    await waitFor(() => expect(asked.at(-1)).toBe('f.category=6&f.status=done&p.i=0&p.s=30'));
    await user.click(screen.getByRole('checkbox', { name: 'Unread only' }));
    await waitFor(() => expect(asked.at(-1)).toBe('f.category=6&f.status=done&f.unread=true&p.i=0&p.s=30'));
    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'Lena');
    await waitFor(() => expect(asked.at(-1)).toBe('f.category=6&f.status=done&f.unread=true&f.q=Lena&p.i=0&p.s=30'));
    // one request for the whole name (the search waits for a pause)
    expect(asked.filter((q) => q.includes('f.q=')).length).toBe(1);
  });

  it('"New group": a name and friends ticked make the group, which opens', async () => {
    loggedIn(1);
    gateway();
    let asked: unknown = null;
    server.use(
      http.get('/api/messageoverview/list', () => HttpResponse.json(overview([]))),
      http.get('/api/userrelation/list', () =>
        HttpResponse.json({
          list: [5, 6].map((id) => ({
            user: { id, nickname: id === 5 ? 'Lena' : 'Tom', accountType: { id: 1 }, picturedocument: null, city: null },
            type: 'friend',
            category: 1,
            mutual: true,
            createdAt: DAY1,
          })),
          total: 2,
          pageIndex: 0,
          pageSize: 100,
        }),
      ),
      http.post('/api/conversation/add', async ({ request }) => {
        asked = await request.json();
        return HttpResponse.json(conversation({ id: 31, kind: 'group', title: 'Picnic' }));
      }),
      http.get('/api/conversation/31', () => HttpResponse.json(conversation({ id: 31, kind: 'group', title: 'Picnic' }))),
      http.get('/api/conversation/31/messages', () => HttpResponse.json({ list: [], more: false, rev: 0 })),
    );
    renderApp('/messages');
    await userEvent.click(await screen.findByRole('button', { name: 'New group' }, SLOW));
    const create = screen.getByRole('button', { name: 'Create group' });
    expect(create).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Group name'), 'Picnic');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Tom' }));
    await userEvent.click(create);
    await waitFor(() => expect(asked).toEqual({ title: 'Picnic', memberIds: [6] }));
    await waitFor(() => expect(currentLocation()).toBe('/messages/31'));
  });

  it('explains how conversations start when there are none; a private account has no status filter', async () => {
    loggedIn(1);
    server.use(http.get('/api/messageoverview/list', () => HttpResponse.json(overview([]))));
    renderApp('/messages');
    expect(await screen.findByRole('heading', { name: 'No conversations yet' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/write to a friend or a match with “Message” on their profile/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find people' })).toHaveAttribute('href', '/people');
    expect(screen.queryByLabelText('Status')).toBeNull();
  });
});

describe('messages: a conversation', () => {
  it('shows bubbles (mine right, theirs left) under day separators, links in plain text, and no HTML from a message', async () => {
    loggedIn();
    gateway();
    conversationIs(conversation({ lastSeq: 4, lastRev: 4, myReadSeq: 4 }), {
      list: [
        message(4, 4, { senderId: ME, text: '<img src=x onerror=alert(1)>' }),
        message(3, 3, { text: 'Look: https://example.com/cafe?x=1. Or javascript:alert(1)' }),
        message(2, 2, { senderId: ME, text: 'Hello Lena', createdAt: DAY1 }),
        message(1, 1, { text: 'Hi Anna', createdAt: DAY1 }),
      ],
      more: false,
      rev: 4,
    });
    renderApp('/messages/3');
    expect(await screen.findByRole('heading', { name: 'Lena', level: 1 }, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(bubbles()).toHaveLength(4));
    const timeline = screen.getByRole('list', { name: 'Messages of this conversation' });
    const days = [...timeline.querySelectorAll('.messages-day')].map((d) => d.textContent);
    expect(days).toEqual(['Friday, March 13, 2026', 'Saturday, March 14, 2026']);
    expect(bubbleTexts()).toEqual([
      'Hi Anna',
      'Hello Lena',
      'Look: https://example.com/cafe?x=1. Or javascript:alert(1)',
      '<img src=x onerror=alert(1)>',
    ]);
    expect(bubbles().map((li) => li.querySelector('.messages-item')!.classList.contains('messages-item-mine'))).toEqual([
      false,
      true,
      false,
      true,
    ]);
    const link = within(timeline).getByRole('link', { name: 'https://example.com/cafe?x=1' });
    expect(link).toHaveAttribute('href', 'https://example.com/cafe?x=1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(timeline).getAllByRole('link')).toHaveLength(1);
    // the markup is text: no element was made of it
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(timeline.querySelector('img')).toBeNull();
  });

  it('shows a message at once as "Sending…", then the server\'s; its realtime event does not add it twice', async () => {
    loggedIn();
    const socket = gateway();
    conversationIs(conversation(), { list: [message(2, 2, { senderId: ME, text: 'Earlier' }), message(1, 1)], more: false, rev: 2 });
    const gates: (() => void)[] = [];
    const gate = () => new Promise<void>((resolve) => gates.push(resolve));
    const posted: unknown[] = [];
    server.use(
      http.post('/api/conversation/3/messages', async ({ request }) => {
        const body = (await request.json()) as { text: string; clientId: string };
        posted.push(body);
        const stored = message(10, 3, { senderId: ME, text: body.text, clientId: body.clientId });
        // the event is faster than the answer (it often is)
        await gate();
        socket.emit('message.posted', { conversationId: 3, message: stored });
        await gate();
        return HttpResponse.json(stored);
      }),
    );
    const sends = vi.spyOn(api, 'post');
    const user = userEvent.setup();
    renderApp('/messages/3');
    await socket.ready();
    const box = await screen.findByRole('textbox', { name: 'Write a message' }, SLOW);
    await user.type(box, 'Hello there{Enter}');
    expect(box).toHaveValue('');
    // shown at once, as sending
    expect(bubbleTexts()).toEqual(['Message 1', 'Earlier', 'Hello there']);
    expect(within(bubbles()[2]!).getByText('Sending…')).toBeInTheDocument();
    await waitFor(() => expect(gates).toHaveLength(1));
    act(() => gates[0]!());
    // the event: the server's message, once
    await waitFor(() => expect(screen.queryByText('Sending…')).toBeNull());
    expect(bubbleTexts()).toEqual(['Message 1', 'Earlier', 'Hello there']);
    await waitFor(() => expect(gates).toHaveLength(2));
    act(() => gates[1]!());
    // the answer (once the send has settled): still once
    const send = sends.mock.calls.findIndex(([path]) => path === '/conversation/3/messages');
    await act(async () => {
      await sends.mock.results[send]!.value;
    });
    expect(bubbleTexts()).toEqual(['Message 1', 'Earlier', 'Hello there']);
    expect(posted).toEqual([{ text: 'Hello there', clientId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) }]);
    // an event delivered twice is one message
    socket.emit('message.posted', { conversationId: 3, message: message(11, 4, { text: 'From Lena' }) });
    socket.emit('message.posted', { conversationId: 3, message: message(11, 4, { text: 'From Lena' }) });
    await waitFor(() => expect(bubbleTexts()).toEqual(['Message 1', 'Earlier', 'Hello there', 'From Lena']));
  });

  it('replaces the pending message by the answer when no event comes', async () => {
    loggedIn();
    gateway();
    conversationIs(conversation(), { list: [message(1, 1)], more: false, rev: 1 });
    let answer: (() => void) | null = null;
    server.use(
      http.post('/api/conversation/3/messages', async ({ request }) => {
        const body = (await request.json()) as { text: string };
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json(message(10, 2, { senderId: ME, text: body.text }));
      }),
    );
    const user = userEvent.setup();
    renderApp('/messages/3');
    await user.type(await screen.findByRole('textbox', { name: 'Write a message' }, SLOW), 'Hi{Enter}');
    expect(within(bubbles()[1]!).getByText('Sending…')).toBeInTheDocument();
    await waitFor(() => expect(answer).not.toBeNull());
    act(() => answer!());
    await waitFor(() => expect(screen.queryByText('Sending…')).toBeNull());
    expect(bubbleTexts()).toEqual(['Message 1', 'Hi']);
    expect(bubbles()[1]!.querySelector('.messages-item-pending')).toBeNull();
  });

  it('says "Not sent" when the send fails, and Retry sends it again with the same client id', async () => {
    loggedIn();
    gateway();
    conversationIs(conversation(), { list: [], more: false, rev: 0 });
    const ids: string[] = [];
    server.use(
      http.post('/api/conversation/3/messages', async ({ request }) => {
        const body = (await request.json()) as { text: string; clientId: string };
        ids.push(body.clientId);
        if (ids.length === 1) return HttpResponse.json({ key: 'error.unknown' }, { status: 500 });
        return HttpResponse.json(message(10, 1, { senderId: ME, text: body.text, rev: 1 }));
      }),
    );
    const user = userEvent.setup();
    renderApp('/messages/3');
    await user.type(await screen.findByRole('textbox', { name: 'Write a message' }, SLOW), 'Hello{Enter}');
    expect(await screen.findByText('Not sent')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText('Not sent')).toBeNull());
    expect(bubbleTexts()).toEqual(['Hello']);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
    // Shift+Enter is a new line, not a send
    const box = screen.getByRole('textbox', { name: 'Write a message' });
    await user.type(box, 'one{Shift>}{Enter}{/Shift}two');
    expect(box).toHaveValue('one\ntwo');
    expect(ids).toHaveLength(2);
  });

  it('after a gap in the revisions reads the changes after the known rev (while more) and merges them, each once', async () => {
    loggedIn();
    const socket = gateway();
    const { asked } = conversationIs(conversation(), { list: [message(2, 2), message(1, 1)], more: false, rev: 2 }, (after) =>
      after === 2
        ? { list: [message(3, 3), message(2, 2, { rev: 4, text: 'Edited', editedAt: DAY2 })], more: true, rev: 6 }
        : { list: [message(5, 5, { rev: 5 }), message(6, 6)], more: false, rev: 6 },
    );
    renderApp('/messages/3');
    await socket.ready();
    await waitFor(() => expect(bubbles()).toHaveLength(2), SLOW);
    // rev 6 arrives: 3, 4 and 5 were missed
    socket.emit('message.posted', { conversationId: 3, message: message(6, 6) });
    await waitFor(() => expect(bubbleTexts()).toEqual(['Message 1', 'Edited', 'Message 3', 'Message 5', 'Message 6']));
    expect(asked.filter((q) => q.startsWith('after='))).toEqual(['after=2', 'after=4']);
    expect(screen.getByText('edited')).toBeInTheDocument();
    // another conversation's event is not this one's
    socket.emit('message.posted', { conversationId: 4, message: { ...message(40, 1), conversationId: 4, text: 'Elsewhere' } });
    socket.emit('message.changed', { conversationId: 3, message: message(5, 5, { rev: 7, text: '', deletedAt: DAY2 }) });
    await waitFor(() => expect(bubbleTexts()).toEqual(['Message 1', 'Edited', 'Message 3', 'Message deleted', 'Message 6']));
  });

  it('catches up after a reconnect', async () => {
    loggedIn();
    const socket = gateway();
    const { asked } = conversationIs(conversation(), { list: [message(1, 1)], more: false, rev: 1 }, () => ({
      list: [message(2, 2, { text: 'While you were away' })],
      more: false,
      rev: 2,
    }));
    renderApp('/messages/3');
    await socket.ready();
    await waitFor(() => expect(bubbles()).toHaveLength(1), SLOW);
    socket.drop();
    await socket.ready(2);
    await waitFor(() => expect(bubbleTexts()).toEqual(['Message 1', 'While you were away']), SLOW);
    expect(asked).toContain('after=1');
  });

  it('tells the gateway the conversation is looked at (no push notice for it), again after a reconnect, not while hidden', async () => {
    loggedIn();
    const socket = gateway();
    conversationIs(conversation(), { list: [message(1, 1)], more: false, rev: 1 });
    renderApp('/messages/3');
    await socket.ready();
    const viewing = () => socket.received.filter((m) => m.type === 'viewing');
    await waitFor(() => expect(viewing()).toContainEqual({ type: 'viewing', conversationId: 3 }), SLOW);
    // the server keeps it per socket: a new one is told again (a busy machine may reconnect once
    // more, and each socket is told: telling twice is harmless, never telling is the fault)
    const before = viewing().length;
    socket.drop();
    await socket.ready(2);
    await waitFor(() => expect(viewing().length).toBeGreaterThan(before));
    expect(new Set(viewing().map((m) => JSON.stringify(m)))).toEqual(new Set([JSON.stringify({ type: 'viewing', conversationId: 3 })]));
    // the tab hidden: nobody looks at it any more
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    try {
      document.dispatchEvent(new Event('visibilitychange'));
      await waitFor(() => expect(viewing().at(-1)).toEqual({ type: 'viewing', conversationId: null }));
    } finally {
      delete (document as { visibilityState?: unknown }).visibilityState;
    }
  });

  it('marks what arrives as read, and shows "Seen" once the other has read my last message', async () => {
    loggedIn();
    const socket = gateway();
    const { reads } = conversationIs(
      conversation({ members: [member(ME, 'Anna', { readSeq: 1 }), member(5, 'Lena', { readSeq: 1 })], myReadSeq: 1, unread: 1 }),
      { list: [message(2, 2, { senderId: ME, text: 'Mine' }), message(1, 1)], more: false, rev: 2 },
    );
    renderApp('/messages/3');
    await socket.ready();
    await waitFor(() => expect(reads).toEqual([2]), SLOW);
    expect(screen.queryByText('Seen')).toBeNull();
    socket.emit('conversation.read', { conversationId: 3, userId: 5, seq: 2 });
    const mine = bubbles()[1]!;
    await waitFor(() => expect(within(mine).getByText('Seen')).toBeInTheDocument());
  });

  it('shows "Seen by N" in a group, and who is typing for TYPING_SHOWN_MS', async () => {
    loggedIn();
    const socket = gateway();
    conversationIs(
      conversation({
        kind: 'group',
        title: 'Lisbon trip',
        members: [
          member(ME, 'Anna', { admin: true }),
          member(5, 'Lena', { readSeq: 3 }),
          member(6, 'Tom', { readSeq: 3 }),
          member(8, 'Mia', { readSeq: 1 }),
        ],
        lastSeq: 3,
        myReadSeq: 3,
      }),
      {
        list: [message(3, 3, { senderId: ME, text: 'Who comes?' }), message(2, 2, { senderId: 6, text: 'Me' }), message(1, 1)],
        more: false,
        rev: 3,
      },
    );
    const user = userEvent.setup();
    renderApp('/messages/3');
    await socket.ready();
    expect(await screen.findByRole('heading', { name: 'Lisbon trip', level: 1 }, SLOW)).toBeInTheDocument();
    expect(screen.getByText('4 members')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Seen by 2')).toBeInTheDocument());
    // the sender's name above theirs in a group
    expect(within(bubbles()[0]!).getByText('Lena')).toBeInTheDocument();
    expect(within(bubbles()[1]!).getByText('Tom')).toBeInTheDocument();

    // my typing is told to the others (at most every 3 s)
    await user.type(screen.getByRole('textbox', { name: 'Write a message' }), 'abc');
    expect(socket.received.filter((m) => m.type === 'typing')).toEqual([{ type: 'typing', conversationId: 3 }]);

    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    socket.emit('conversation.typing', { conversationId: 3, userId: 5 });
    expect(await screen.findByText('Lena is typing…')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(TYPING_SHOWN_MS - 1000));
    socket.emit('conversation.typing', { conversationId: 3, userId: 6 });
    expect(await screen.findByText('Lena and Tom are typing…')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1500));
    expect(await screen.findByText('Tom is typing…')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(TYPING_SHOWN_MS));
    await waitFor(() => expect(screen.queryByText(/is typing/)).toBeNull());
  });

  it('a business blocks a guest after a Yes, and unblocks it', async () => {
    loggedIn(2);
    gateway();
    let blocked = false;
    const guestConversation = () =>
      conversation({
        id: 12,
        kind: 'guest',
        category: { id: 3, key: 'guest', name: 'Guest request' },
        guest: { id: 4, readSeq: 0, blocked },
      });
    server.use(
      http.get('/api/messageoverview/list', () => HttpResponse.json(overview([]))),
      http.get('/api/conversation/12', () => HttpResponse.json(guestConversation())),
      http.get('/api/conversation/12/messages', () =>
        HttpResponse.json({ list: [message(1, 1, { senderId: null })], more: false, rev: 1 }),
      ),
      http.post('/api/conversation/12/guest/block', () => {
        blocked = true;
        return HttpResponse.json(guestConversation());
      }),
      http.post('/api/conversation/12/guest/unblock', () => {
        blocked = false;
        return HttpResponse.json(guestConversation());
      }),
    );
    renderApp('/messages/12');
    await userEvent.click(await screen.findByRole('button', { name: 'Block this guest' }, SLOW));
    expect(blocked).toBe(false);
    expect(screen.getByText(/can no longer write to you/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('You blocked this guest: they cannot write to you.')).toBeInTheDocument();
    expect(blocked).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Unblock this guest' }));
    await waitFor(() => expect(blocked).toBe(false));
    expect(await screen.findByRole('button', { name: 'Block this guest' })).toBeInTheDocument();
  });

  it('says when the conversation is not there (or not mine: the same 404)', async () => {
    loggedIn();
    gateway();
    server.use(
      http.get('/api/conversation/9', () => HttpResponse.json({ key: 'error.conversation.notfound' }, { status: 404 })),
      http.get('/api/conversation/9/messages', () => HttpResponse.json({ key: 'error.conversation.notfound' }, { status: 404 })),
    );
    renderApp('/messages/9');
    expect(await screen.findByRole('heading', { name: 'Conversation not found' }, SLOW)).toBeInTheDocument();
    expect(document.querySelector('ion-toast')).toBeNull();
  });
});

describe('messages: the menu and the ways in', () => {
  it('shows the unread count on the Messages entry, read again when a message arrives', async () => {
    loggedIn();
    const socket = gateway();
    let unread = 3;
    server.use(
      http.get('/api/messageoverview/unread', () => HttpResponse.json({ unread, conversations: 1 })),
      http.get('/api/messageoverview/list', () =>
        HttpResponse.json({ list: [overviewItem(3, { unread })], total: 1, pageIndex: 0, pageSize: 30, unreadTotal: unread }),
      ),
    );
    renderApp('/messages');
    await socket.ready();
    // the side menu is closed (aria-hidden) on a phone-sized window: its entries are there all the same
    const entry = await screen.findByRole('button', { name: /^Messages/, hidden: true }, SLOW);
    await waitFor(() => expect(within(entry).getByLabelText('Unread messages: 3')).toHaveTextContent('3'));
    unread = 4;
    socket.emit('message.posted', { conversationId: 3, message: message(4, 4) });
    await waitFor(() => expect(within(entry).getByLabelText('Unread messages: 4')).toBeInTheDocument());
    // the inbox follows too
    await waitFor(() => expect(screen.getByLabelText('4 unread messages')).toBeInTheDocument());
  });

  it('"Message" on a friend\'s profile opens the conversation with them (started when there is none)', async () => {
    loggedIn();
    gateway();
    const added: unknown[] = [];
    server.use(
      http.get('/api/user/profile/5', () =>
        HttpResponse.json({
          id: 5,
          nickname: 'Lena',
          accountType: { id: 1 },
          picturedocument: null,
          logodocument: null,
          city: null,
          country: null,
          name: null,
          description: null,
          homepageUrl: null,
          industry: null,
          bloggertype: null,
          friends: 1,
          followers: 0,
          lists: [],
          self: false,
          relation: {
            userId: 5,
            relations: [],
            friend: true,
            friendCategories: [1],
            pendingCategories: [],
            noMatch: false,
            following: false,
            followedBy: false,
            blocked: false,
            businessMatchPossible: false,
          },
        }),
      ),
      http.post('/api/conversation/add', async ({ request }) => {
        added.push(await request.json());
        return HttpResponse.json(conversation());
      }),
    );
    conversationIs(conversation(), { list: [], more: false, rev: 0 });
    const user = userEvent.setup();
    renderApp('/u/5');
    await user.click(await screen.findByRole('button', { name: 'Message' }, SLOW));
    await waitFor(() => expect(currentLocation()).toBe('/messages/3'));
    expect(added).toEqual([{ memberIds: [5] }]);
  });

  it("shows the server's refusal when one may not write to them", async () => {
    loggedIn();
    server.use(
      http.get('/api/userrelation/counts', () =>
        HttpResponse.json({ friends: 1, followers: 0, following: 0, pending: 0, blocked: 0, noMatch: 0, groups: 0 }),
      ),
      http.get('/api/userrelation/list', () =>
        HttpResponse.json({
          list: [
            {
              id: 1,
              type: 'friend',
              category: 1,
              mutual: true,
              user: { id: 5, nickname: 'Lena', accountType: { id: 1 }, picturedocument: null, city: null },
              createdAt: DAY1,
            },
          ],
          total: 1,
          pageIndex: 0,
          pageSize: 50,
        }),
      ),
      http.post('/api/conversation/add', () => HttpResponse.json({ key: 'error.conversation.notallowed' }, { status: 403 })),
    );
    const user = userEvent.setup();
    renderApp('/people/connections');
    await user.click(await screen.findByRole('button', { name: 'Message Lena' }, SLOW));
    await waitFor(() =>
      expect(document.querySelector('ion-toast')?.message).toBe(
        'You can write to friends and to businesses. Become friends first, for example with a match.',
      ),
    );
    expect(currentLocation()).toBe('/people/connections');
  });
});
