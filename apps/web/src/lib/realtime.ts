import {
  REALTIME_PATH,
  RealtimeClose,
  type ClientEventMap,
  type ClientEventName,
  type ClientMessage,
  type ServerMessage,
  type UserChangeScope,
} from '@spotlist/contracts';
import { api } from './api-client';
import { checkSession } from './auth';
import { authStore } from './auth-store';
import { config } from './config';
import { unreadMessages } from './unread-messages';

/**
 * The realtime connection of this tab (server: apps/server/src/platform/realtime). Loaded lazily
 * once someone is logged in (lib/realtime-start.ts). One WebSocket per tab; the access token is
 * its first message (never the URL); reconnects with exponential backoff and jitter; a socket
 * that stops answering is replaced. Events only say what changed: the matching queries are read
 * again over HTTP, and after any gap (a reconnect) everything on screen is.
 */

/** The smallest part of a browser WebSocket the client uses (a fake one in tests). */
export interface SocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: Event) => void) | null;
  onmessage: ((ev: MessageEvent) => void) | null;
  onclose: ((ev: CloseEvent) => void) | null;
  onerror: ((ev: Event) => void) | null;
}

export interface RealtimeDeps {
  url: string;
  createSocket(url: string): SocketLike;
  /** The access token now; null when nobody is logged in. */
  getToken(): string | null;
  onEvent<K extends keyof ClientEventMap>(name: K, payload: ClientEventMap[K]): void;
  /** Connected again after a gap: events may have been missed. */
  onResync(): void;
  /** Every ready socket, the first included: what the server keeps per socket is told again. */
  onReady?(): void;
  /** The server closed 4401 and the token has not changed since: the session may have ended. */
  onUnauthorized(): Promise<unknown>;
  random?: () => number;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_CAP_MS = 30_000;
/** The client's own liveness check: a ping, and the next one finds no answer → a new socket. */
export const CLIENT_PING_MS = 30_000;

export interface RealtimeClient {
  start(): void;
  stop(): void;
  /** The token changed (a refresh, another tab): connect now if waiting to retry. */
  tokenChanged(): void;
  /** Sends a message on the ready socket; false when there is none (nothing is queued). */
  send(message: ClientMessage): boolean;
}

export function createRealtimeClient(deps: RealtimeDeps): RealtimeClient {
  const random = deps.random ?? Math.random;
  const later = deps.setTimeout ?? ((fn, ms) => setTimeout(fn, ms));
  const cancel = deps.clearTimeout ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  let socket: SocketLike | null = null;
  let running = false;
  let attempt = 0;
  let retry: unknown = null;
  let ping: unknown = null;
  let sentToken: string | null = null;
  let readyOnce = false;
  let ready = false;
  let unanswered = false;

  const clearTimers = () => {
    if (retry !== null) cancel(retry);
    if (ping !== null) cancel(ping);
    retry = ping = null;
  };

  /** Forgets the socket without waiting for its close (a dead one may never say so). */
  const drop = () => {
    const s = socket;
    socket = null;
    ready = false;
    if (!s) return;
    s.onopen = s.onmessage = s.onclose = s.onerror = null;
    try {
      s.close();
    } catch {
      // already closed
    }
  };

  const schedule = (delay?: number) => {
    if (!running || retry !== null) return;
    // full jitter: tabs that lost the same server do not come back at the same moment
    const ms = delay ?? Math.round(random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt));
    attempt += 1;
    retry = later(() => {
      retry = null;
      connect();
    }, ms);
  };

  const heartbeat = () => {
    ping = later(() => {
      ping = null;
      if (!socket) return;
      if (unanswered) {
        drop();
        return schedule();
      }
      unanswered = true;
      socket.send(JSON.stringify({ type: 'ping' }));
      heartbeat();
    }, CLIENT_PING_MS);
  };

  const onClose = (code: number) => {
    socket = null;
    ready = false;
    clearTimers();
    if (!running) return;
    if (code !== RealtimeClose.unauthorized) return schedule();
    // a token replaced since the socket was opened (a refresh, possibly in another tab): use it
    if (deps.getToken() !== sentToken) return schedule(0);
    // otherwise the app checks the session (refreshing the token or logging out); retry after
    void deps.onUnauthorized().finally(() => schedule());
  };

  function connect() {
    const token = deps.getToken();
    if (!running || socket || !token) return;
    let s: SocketLike;
    try {
      s = deps.createSocket(deps.url);
    } catch {
      return schedule();
    }
    socket = s;
    s.onopen = () => {
      sentToken = deps.getToken();
      if (!sentToken) return drop();
      s.send(JSON.stringify({ type: 'auth', token: sentToken }));
    };
    s.onmessage = (ev) => {
      unanswered = false;
      let msg: ServerMessage;
      try {
        msg = JSON.parse(String(ev.data)) as ServerMessage;
      } catch {
        return;
      }
      if (msg.type === 'ready') {
        attempt = 0;
        ready = true;
        if (ping === null) heartbeat();
        // the first ready of the tab starts it; any later one follows a gap (or the server's own resync)
        if (readyOnce) deps.onResync();
        readyOnce = true;
        deps.onReady?.();
      } else if (msg.type === 'event') {
        deps.onEvent(msg.name, msg.payload);
      }
    };
    s.onclose = (ev) => onClose(ev.code);
    // an error is followed by a close; the close decides
    s.onerror = () => undefined;
  }

  return {
    start() {
      if (running) return;
      running = true;
      attempt = 0;
      connect();
    },
    stop() {
      running = false;
      clearTimers();
      drop();
      // a later start (another user) is a new beginning, not a gap
      readyOnce = false;
    },
    tokenChanged() {
      if (!running || socket) return;
      if (retry !== null) cancel(retry);
      retry = null;
      attempt = 0;
      connect();
    },
    send(message) {
      if (!socket || !ready) return false;
      try {
        socket.send(JSON.stringify(message));
        return true;
      } catch {
        return false;
      }
    },
  };
}

/**
 * Features listen to the gateway's events here (the conversation page, the inbox): one set of
 * handlers per event name, fed by the tab's connection (`startRealtime`). A handler that throws
 * does not stop the others.
 */
type EventHandler<K extends ClientEventName> = (payload: ClientEventMap[K]) => void;
const handlers = new Map<ClientEventName, Set<EventHandler<never>>>();
const resyncHandlers = new Set<() => void>();
let activeClient: RealtimeClient | null = null;

const safely = (fn: () => void) => {
  try {
    fn();
  } catch (error) {
    console.error('realtime handler failed', error);
  }
};

/** Calls `handler` with every `name` event from now on; returns the unsubscribe. */
export function onRealtimeEvent<K extends ClientEventName>(name: K, handler: EventHandler<K>): () => void {
  let set = handlers.get(name);
  if (!set) handlers.set(name, (set = new Set()));
  set.add(handler as EventHandler<never>);
  return () => {
    set.delete(handler as EventHandler<never>);
  };
}

/** Calls `handler` after every reconnect (events may have been missed: catch up over HTTP); returns the unsubscribe. */
export function onRealtimeResync(handler: () => void): () => void {
  resyncHandlers.add(handler);
  return () => {
    resyncHandlers.delete(handler);
  };
}

/** Hands an event to the features' handlers (the tab's connection calls it; tests may too). */
export function dispatchRealtimeEvent<K extends ClientEventName>(name: K, payload: ClientEventMap[K]): void {
  for (const handler of [...(handlers.get(name) ?? [])]) safely(() => (handler as EventHandler<K>)(payload));
}

function dispatchResync(): void {
  for (const handler of [...resyncHandlers]) safely(handler);
}

/**
 * "I am typing in this conversation" (the server shows it to the other members for
 * TYPING_SHOWN_MS). The caller sends it at most every few seconds; false while not connected.
 */
export const sendTyping = (conversationId: number): boolean => activeClient?.send({ type: 'typing', conversationId }) ?? false;

/** The conversation this tab shows where the user can see it (null: none). */
let viewing: number | null = null;

/**
 * Tells the gateway which conversation the user is looking at, so no push notice is sent for it
 * (the server's push module); again on every new socket, since the server keeps it per socket.
 */
export function setViewingConversation(conversationId: number | null): void {
  if (viewing === conversationId) return;
  viewing = conversationId;
  activeClient?.send({ type: 'viewing', conversationId });
}

/** The conversation `conversationId` is no longer looked at (another one may be by now: then nothing changes). */
export function stopViewingConversation(conversationId: number): void {
  if (viewing === conversationId) setViewingConversation(null);
}

const isUnread = (v: unknown): v is { unread: number } =>
  typeof v === 'object' && v !== null && typeof (v as { unread?: unknown }).unread === 'number';

/** GET /api/messageoverview/unread: the menu badge (lib/unread-messages.ts). Silent: a badge that fails to load stays as it was. */
export async function refreshUnreadMessages(): Promise<void> {
  const userId = authStore.getState().stored?.id;
  if (userId === undefined) return;
  try {
    const answer = await api.get<{ unread: number }>('/messageoverview/unread', { guard: isUnread, silent: true });
    // the answer of a user who has logged out since does not show
    if (authStore.getState().stored?.id === userId) unreadMessages.set(answer.unread);
  } catch {
    // kept
  }
}

/**
 * Which queries an event makes stale: the first part of the features' query keys (lib cannot import
 * features; 'place-search' is lib/place-search.ts's key, not imported: it would bring react-query
 * into this chunk).
 */
export const KEYS_OF: Record<Exclude<UserChangeScope, 'all'>, readonly string[]> = {
  likes: ['likes', 'place', 'place-search', 'lists'],
  lists: ['lists', 'likes'],
  profile: ['user-languages'],
};

/** Coalesces the scopes of events arriving together (a like says 'likes' and, as a write, 'all'). */
export function createRefresher(apply: (scopes: ReadonlySet<UserChangeScope>) => void, windowMs = 50) {
  let pending: Set<UserChangeScope> | null = null;
  return (scope: UserChangeScope) => {
    if (pending) return void pending.add(scope);
    pending = new Set([scope]);
    setTimeout(() => {
      const scopes = pending!;
      pending = null;
      apply(scopes);
    }, windowMs);
  };
}

/** Reads again what the scopes name: 'all' and 'profile' include the session user the shell shows. */
export async function refreshScopes(scopes: ReadonlySet<UserChangeScope>): Promise<void> {
  if (scopes.has('all') || scopes.has('profile')) void checkSession();
  // react-query is a lazy chunk of its own; its cache only has queries once a page loaded it
  const { queryClient } = await import('./query-client');
  if (scopes.has('all')) return void queryClient.invalidateQueries();
  const keys = new Set([...scopes].flatMap((s) => KEYS_OF[s as Exclude<UserChangeScope, 'all'>]));
  await queryClient.invalidateQueries({ predicate: (q) => keys.has(q.queryKey[0] as string) });
}

/** ws:// or wss:// to the gateway, beside the API (absolute when the API lives elsewhere, as in the native app). */
export function realtimeUrl(apiBase: string, href: string): string {
  const url = new URL(REALTIME_PATH.replace(/^\/api/, apiBase), href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/** The tab's connection, following the session: connected while someone is logged in. Returns the stop. */
export function startRealtime(): () => void {
  const refresh = createRefresher((scopes) => void refreshScopes(scopes));
  // new messages and reads change the menu badge; a burst of them is one read
  let badgeTimer: ReturnType<typeof setTimeout> | null = null;
  const refreshBadge = () => {
    if (badgeTimer !== null) return;
    badgeTimer = setTimeout(() => {
      badgeTimer = null;
      void refreshUnreadMessages();
    }, 100);
  };
  const client = createRealtimeClient({
    url: realtimeUrl(config.apiBase, location.href),
    createSocket: (url) => new WebSocket(url),
    getToken: () => authStore.getState().stored?.authtoken ?? null,
    onEvent: (name, payload) => {
      if (name === 'user.changed') refresh((payload as ClientEventMap['user.changed']).scope);
      if (name === 'message.posted' || name === 'conversation.read') refreshBadge();
      dispatchRealtimeEvent(name, payload);
    },
    onReady: () => {
      if (viewing !== null) client.send({ type: 'viewing', conversationId: viewing });
    },
    onResync: () => {
      refresh('all');
      refreshBadge();
      dispatchResync();
    },
    // checkSession refreshes the token (then we reconnect) or clears the user (the app's logout flow)
    onUnauthorized: () => checkSession(),
  });
  activeClient = client;
  let userId: number | null = null;
  let token: string | null = null;
  const follow = () => {
    const stored = authStore.getState().stored;
    if ((stored?.id ?? null) !== userId) {
      client.stop();
      userId = stored?.id ?? null;
      token = stored?.authtoken ?? null;
      unreadMessages.set(0);
      if (stored) {
        client.start();
        void refreshUnreadMessages();
      }
    } else if (stored && stored.authtoken !== token) {
      token = stored.authtoken;
      client.tokenChanged();
    }
  };
  const unsubscribe = authStore.subscribe(follow);
  follow();
  return () => {
    unsubscribe();
    client.stop();
    if (badgeTimer !== null) clearTimeout(badgeTimer);
    if (activeClient === client) activeClient = null;
  };
}
