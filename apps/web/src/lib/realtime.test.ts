import { RealtimeClose, type ServerMessage } from '@spotlist/contracts';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, storeLoggedInUser } from '../test/fixtures';
import { server } from '../test/server';
import { authStore } from './auth-store';
import { PLACE_SEARCH_KEY } from './place-search';
import { queryClient } from './query-client';
import {
  BACKOFF_CAP_MS,
  CLIENT_PING_MS,
  createRealtimeClient,
  createRefresher,
  onRealtimeEvent,
  onRealtimeResync,
  realtimeUrl,
  refreshScopes,
  sendTyping,
  startRealtime,
  type RealtimeDeps,
  type SocketLike,
} from './realtime';
import { unreadMessages } from './unread-messages';

/** A WebSocket the test drives: it opens, answers and closes when told to. */
class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  sent: unknown[] = [];
  closedByClient = false;
  onopen: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closedByClient = true;
  }
  open() {
    this.onopen?.(new Event('open'));
  }
  receive(msg: ServerMessage) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(msg) }));
  }
  serverClose(code: number) {
    this.onclose?.({ code } as CloseEvent);
  }
}
const last = () => FakeSocket.all[FakeSocket.all.length - 1];

/** Timers the test runs by hand: what is due, and with which delay it was asked. */
function manualTimers() {
  const due: { fn: () => void; ms: number; id: number }[] = [];
  let next = 1;
  return {
    due,
    setTimeout: (fn: () => void, ms: number) => {
      due.push({ fn, ms, id: next });
      return next++;
    },
    clearTimeout: (id: unknown) => {
      const i = due.findIndex((t) => t.id === id);
      if (i >= 0) due.splice(i, 1);
    },
    /** Runs the timer asked with `ms` (the oldest one). */
    run(ms: number) {
      const i = due.findIndex((t) => t.ms === ms);
      if (i < 0) throw new Error(`no timer of ${ms} ms; due: ${due.map((t) => t.ms).join(', ')}`);
      const [t] = due.splice(i, 1);
      t.fn();
    },
  };
}

function client(overrides: Partial<RealtimeDeps> = {}) {
  const timers = manualTimers();
  let token: string | null = 'token-1';
  const events: unknown[] = [];
  const deps: RealtimeDeps = {
    url: 'ws://app.example/api/ws',
    createSocket: (url) => new FakeSocket(url),
    getToken: () => token,
    onEvent: (name, payload) => events.push([name, payload]),
    onResync: vi.fn(),
    onUnauthorized: vi.fn(async () => undefined),
    random: () => 1,
    setTimeout: timers.setTimeout,
    clearTimeout: timers.clearTimeout,
    ...overrides,
  };
  const c = createRealtimeClient(deps);
  return { c, deps, timers, events, setToken: (t: string | null) => (token = t) };
}

afterEach(() => {
  FakeSocket.all = [];
});

describe('realtime client', () => {
  it('authenticates with its first message, never in the URL, and passes events on', () => {
    const { c, deps, events } = client();
    c.start();
    expect(FakeSocket.all).toHaveLength(1);
    expect(last().url).toBe('ws://app.example/api/ws');
    last().open();
    expect(last().sent).toEqual([{ type: 'auth', token: 'token-1' }]);
    last().receive({ type: 'ready' });
    expect(deps.onResync).not.toHaveBeenCalled(); // the first ready starts the tab: nothing was missed
    last().receive({ type: 'event', name: 'user.changed', payload: { scope: 'likes' } });
    expect(events).toEqual([['user.changed', { scope: 'likes' }]]);
  });

  it('does not connect without a token, and stops for good on stop()', () => {
    const { c, setToken, timers } = client();
    setToken(null);
    c.start();
    expect(FakeSocket.all).toHaveLength(0);
    setToken('token-1');
    c.tokenChanged();
    expect(FakeSocket.all).toHaveLength(1);
    c.stop();
    expect(last().closedByClient).toBe(true);
    last().serverClose(1006);
    expect(timers.due).toHaveLength(0);
  });

  it('reconnects with exponential backoff up to 30 s, with jitter, and reads everything again after the gap', () => {
    const { c, deps, timers } = client();
    c.start();
    const delays: number[] = [];
    for (let i = 0; i < 8; i++) {
      last().serverClose(1006);
      const t = timers.due.at(-1)!;
      delays.push(t.ms);
      timers.run(t.ms);
    }
    // random() = 1: the top of each window
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, BACKOFF_CAP_MS, BACKOFF_CAP_MS, BACKOFF_CAP_MS]);
    expect(FakeSocket.all).toHaveLength(9);
    last().open();
    last().receive({ type: 'ready' });
    expect(deps.onResync).not.toHaveBeenCalled();
    // a connection that was ready, lost and back: events may have been missed
    last().serverClose(1001);
    expect(timers.due.at(-1)!.ms).toBe(1000); // a ready resets the backoff
    timers.run(1000);
    last().open();
    last().receive({ type: 'ready' });
    expect(deps.onResync).toHaveBeenCalledTimes(1);

    // jitter: a random point in the window, so tabs that lost one server do not return together
    const jittered = client({ random: () => 0.25 });
    jittered.c.start();
    last().serverClose(1006);
    expect(jittered.timers.due.at(-1)!.ms).toBe(250);
  });

  it('on 4401 with the same token asks the app to check the session, then tries again', async () => {
    const { c, deps, timers } = client();
    c.start();
    last().open();
    last().serverClose(RealtimeClose.unauthorized);
    expect(deps.onUnauthorized).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(timers.due).toHaveLength(1));
    timers.run(timers.due[0].ms);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('on 4401 after the token changed (a refresh in another tab) reconnects at once with the new one', () => {
    const { c, deps, timers, setToken } = client();
    c.start();
    last().open();
    setToken('token-2');
    last().serverClose(RealtimeClose.unauthorized);
    expect(deps.onUnauthorized).not.toHaveBeenCalled();
    timers.run(0);
    last().open();
    expect(last().sent).toEqual([{ type: 'auth', token: 'token-2' }]);
  });

  it('a new token while waiting to retry connects at once', () => {
    const { c, timers, setToken } = client();
    c.start();
    last().serverClose(1006);
    expect(timers.due).toHaveLength(1);
    setToken('token-2');
    c.tokenChanged();
    expect(timers.due).toHaveLength(0);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('pings, and replaces a socket that stays silent until the next ping', () => {
    const { c, timers } = client();
    c.start();
    last().open();
    last().receive({ type: 'ready' });
    timers.run(CLIENT_PING_MS);
    expect(last().sent.at(-1)).toEqual({ type: 'ping' });
    last().receive({ type: 'pong' });
    timers.run(CLIENT_PING_MS);
    expect(FakeSocket.all).toHaveLength(1); // it answered: kept
    // no answer to this ping: at the next tick the socket is dropped and a new one is due
    timers.run(CLIENT_PING_MS);
    expect(FakeSocket.all[0].closedByClient).toBe(true);
    timers.run(timers.due.at(-1)!.ms);
    expect(FakeSocket.all).toHaveLength(2);
  });
});

describe('what an event reads again', () => {
  const seed = () => {
    for (const key of [
      ['likes', 'default'],
      ['place', 3],
      [PLACE_SEARCH_KEY, 'x'],
      ['lists', 'mine'],
      ['user-languages'],
      ['countries', 'en'],
    ]) {
      queryClient.setQueryData(key, { seeded: true });
    }
  };
  const stale = () =>
    queryClient
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) => q.queryKey[0])
      .sort();

  it('a like marks liked places, places, searches and lists; reference data stays', async () => {
    seed();
    await refreshScopes(new Set(['likes']));
    // PLACE_SEARCH_KEY is the search's own key: realtime.ts names it without importing it
    expect(stale()).toEqual(['likes', 'lists', 'place', PLACE_SEARCH_KEY]);
  });

  it("'all' marks every query and reads the session user again", async () => {
    storeLoggedInUser();
    let sessionReads = 0;
    server.use(
      http.get('/api/session/user', () => {
        sessionReads += 1;
        return HttpResponse.json(makeUser({ nickname: { value: 'Changed elsewhere' } }));
      }),
    );
    seed();
    await refreshScopes(new Set(['all']));
    expect(stale()).toEqual(['countries', 'likes', 'lists', 'place', 'place-search', 'user-languages']);
    await vi.waitFor(() => expect(authStore.getState().user?.nickname.value).toBe('Changed elsewhere'));
    expect(sessionReads).toBe(1);
  });

  it('events arriving together are applied once', async () => {
    const applied: string[][] = [];
    const refresh = createRefresher((s) => applied.push([...s].sort()), 10);
    refresh('all');
    refresh('likes');
    refresh('likes');
    await vi.waitFor(() => expect(applied).toEqual([['all', 'likes']]));
  });
});

describe('the tab connection', () => {
  it('connects to ws:// or wss:// beside the API', () => {
    expect(realtimeUrl('/api', 'http://localhost:3000/places')).toBe('ws://localhost:3000/api/ws');
    expect(realtimeUrl('/api', 'https://spotlist.example/x?y=1')).toBe('wss://spotlist.example/api/ws');
    expect(realtimeUrl('https://api.spotlist.example/api', 'capacitor://localhost/')).toBe('wss://api.spotlist.example/api/ws');
  });

  it('is open while someone is logged in, with their token; a like elsewhere refreshes the likes here', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const stop = startRealtime();
    try {
      expect(FakeSocket.all).toHaveLength(0);
      storeLoggedInUser({ authtoken: 'anna-token' });
      expect(FakeSocket.all).toHaveLength(1);
      const socket = last();
      expect(socket.url).toBe(`ws://${location.host}/api/ws`);
      socket.open();
      expect(socket.sent).toEqual([{ type: 'auth', token: 'anna-token' }]);
      socket.receive({ type: 'ready' });

      queryClient.setQueryData(['likes', 'default'], []);
      socket.receive({ type: 'event', name: 'user.changed', payload: { scope: 'likes' } });
      await vi.waitFor(() => expect(queryClient.getQueryState(['likes', 'default'])?.isInvalidated).toBe(true));

      // a logout (here or in another tab) ends the connection without a retry
      authStore.clear('logout');
      expect(socket.closedByClient).toBe(true);
      expect(FakeSocket.all).toHaveLength(1);
    } finally {
      stop();
      vi.unstubAllGlobals();
    }
  });

  it('closed as logged out (4401): the session check clears the user, and the connection ends', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    server.use(
      http.get('/api/session/user', () => HttpResponse.json({ key: 'error.auth.token.invalid' }, { status: 401 })),
      http.post('/api/login', () => HttpResponse.json({ key: 'error.auth.refresh.invalid' }, { status: 401 })),
    );
    const stop = startRealtime();
    try {
      storeLoggedInUser();
      last().open();
      last().receive({ type: 'ready' });
      last().serverClose(RealtimeClose.unauthorized);
      await vi.waitFor(() => expect(authStore.getState().stored).toBeNull());
      expect(FakeSocket.all).toHaveLength(1);
    } finally {
      stop();
      vi.unstubAllGlobals();
    }
  });
});

describe('what features hear and say', () => {
  const posted = {
    conversationId: 3,
    message: {
      id: 10,
      conversationId: 3,
      seq: 4,
      rev: 4,
      senderId: 5,
      text: 'Hi',
      placeId: null,
      listId: null,
      file: null,
      meeting: null,
      replyTo: null,
      clientId: null,
      createdAt: '2026-03-14T12:00:00Z',
      editedAt: null,
      deletedAt: null,
    },
  };

  it('sends only on a socket that is ready (nothing is queued)', () => {
    const { c } = client();
    c.start();
    expect(c.send({ type: 'typing', conversationId: 3 })).toBe(false);
    last().open();
    expect(c.send({ type: 'typing', conversationId: 3 })).toBe(false);
    last().receive({ type: 'ready' });
    expect(c.send({ type: 'typing', conversationId: 3 })).toBe(true);
    expect(last().sent.at(-1)).toEqual({ type: 'typing', conversationId: 3 });
    last().serverClose(1006);
    expect(c.send({ type: 'typing', conversationId: 3 })).toBe(false);
  });

  it('hands events to the handlers that listen, says typing, catches up after a reconnect and keeps the badge', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    let unread = 2;
    server.use(http.get('/api/messageoverview/unread', () => HttpResponse.json({ unread, conversations: 1 })));
    const heard: unknown[] = [];
    const resyncs = vi.fn();
    const offs = [onRealtimeEvent('message.posted', (p) => heard.push(p)), onRealtimeResync(resyncs)];
    const stop = startRealtime();
    try {
      storeLoggedInUser({ authtoken: 'anna-token' });
      // the badge is read at login
      await vi.waitFor(() => expect(unreadMessages.get()).toBe(2));
      const socket = last();
      expect(sendTyping(3)).toBe(false);
      socket.open();
      socket.receive({ type: 'ready' });
      expect(sendTyping(3)).toBe(true);
      expect(socket.sent.at(-1)).toEqual({ type: 'typing', conversationId: 3 });

      unread = 3;
      socket.receive({ type: 'event', name: 'message.posted', payload: posted });
      expect(heard).toEqual([posted]);
      // a new message reads the badge again
      await vi.waitFor(() => expect(unreadMessages.get()).toBe(3));

      // one that stopped listening hears nothing more
      offs[0]!();
      socket.receive({ type: 'event', name: 'message.posted', payload: posted });
      expect(heard).toHaveLength(1);

      // lost and back: the features catch up
      socket.serverClose(1006);
      await vi.waitFor(() => expect(FakeSocket.all).toHaveLength(2), { timeout: 3000 });
      last().open();
      last().receive({ type: 'ready' });
      expect(resyncs).toHaveBeenCalledTimes(1);

      // a logout empties the badge
      authStore.clear('logout');
      expect(unreadMessages.get()).toBe(0);
      expect(sendTyping(3)).toBe(false);
    } finally {
      offs.forEach((off) => off());
      stop();
      vi.unstubAllGlobals();
    }
  });
});
