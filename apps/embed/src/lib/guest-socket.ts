/**
 * The guest's realtime connection (server: platform/realtime, `GET /api/ws`). The guest key (or a
 * live fleet view's token) is the first message, never the URL. The server answers `ready`, then sends events of all the guest's
 * conversations (one per business it wrote to; the chat keeps its own). Reconnects with backoff (1 s doubling to 30 s) after anything but 4401 (a key the
 * server refuses: the socket stays closed). A socket that stops answering pings is replaced.
 */
import { REALTIME_PATH, RealtimeClose, type ClientMessage, type ServerMessage } from '@spotlist/contracts';

export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_CAP_MS = 30_000;
/** Our own liveness check: a ping, and when the next one is due without an answer, a new socket. */
export const PING_MS = 25_000;

export type EventMessage = Extract<ServerMessage, { type: 'event' }>;

export interface GuestSocketOptions {
  /** A guest's key (the chat), or else a live fleet view's token (shuttle/). */
  guestKey?: string;
  view?: string;
  onEvent(event: EventMessage): void;
  /** Authenticated; `again` after the first time (a reconnect, or the server's resync): events may have been missed. */
  onReady(again: boolean): void;
  /** The server refused the key or token (4401: for a view, its time is up). */
  onRefused(): void;
}

export interface GuestSocket {
  /** Sends on the authenticated socket; false when there is none (nothing is queued). */
  send(message: ClientMessage): boolean;
  close(): void;
}

const socketUrl = () => `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${REALTIME_PATH}`;

export function connectGuestSocket(o: GuestSocketOptions): GuestSocket {
  let ws: WebSocket | null = null;
  let ready = false;
  let readyBefore = false;
  let stopped = false;
  let attempt = 0;
  let unanswered = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let ping: ReturnType<typeof setInterval> | undefined;

  /** Forgets the socket without waiting for its close event (a dead one may never send it). */
  const drop = () => {
    const s = ws;
    ws = null;
    ready = false;
    clearInterval(ping);
    if (!s) return;
    s.onopen = s.onmessage = s.onclose = s.onerror = null;
    try {
      s.close();
    } catch {
      // closed already
    }
  };

  const schedule = () => {
    if (stopped || retry !== undefined) return;
    const ms = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt);
    attempt += 1;
    retry = setTimeout(() => {
      retry = undefined;
      open();
    }, ms);
  };

  function open() {
    if (stopped || ws) return;
    let s: WebSocket;
    try {
      s = new WebSocket(socketUrl());
    } catch {
      return schedule();
    }
    ws = s;
    unanswered = false;
    const auth: ClientMessage = o.view !== undefined ? { type: 'auth', view: o.view } : { type: 'auth', guestKey: o.guestKey ?? '' };
    s.onopen = () => s.send(JSON.stringify(auth));
    s.onmessage = (ev: MessageEvent) => {
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
        const again = readyBefore;
        readyBefore = true;
        o.onReady(again);
      } else if (msg.type === 'event') o.onEvent(msg);
    };
    s.onclose = (ev: CloseEvent) => {
      drop();
      if (stopped) return;
      if (ev.code === RealtimeClose.unauthorized) {
        stopped = true;
        return o.onRefused();
      }
      schedule();
    };
    s.onerror = () => {}; // a close event follows
    ping = setInterval(() => {
      if (!ready) return;
      if (unanswered) {
        drop();
        return schedule();
      }
      unanswered = true;
      s.send(JSON.stringify({ type: 'ping' } satisfies ClientMessage));
    }, PING_MS);
  }

  // Back online, or back on screen (a phone may have dropped the socket meanwhile): no need to
  // wait out the backoff.
  const now = () => {
    if (stopped || ws || document.visibilityState === 'hidden') return;
    clearTimeout(retry);
    retry = undefined;
    open();
  };
  addEventListener('online', now);
  document.addEventListener('visibilitychange', now);

  open();
  return {
    send(message) {
      if (!ws || !ready) return false;
      ws.send(JSON.stringify(message));
      return true;
    },
    close() {
      stopped = true;
      clearTimeout(retry);
      removeEventListener('online', now);
      document.removeEventListener('visibilitychange', now);
      drop();
    },
  };
}
