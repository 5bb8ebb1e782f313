import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { ClientMessageSchema, REALTIME_PATH, RealtimeClose, type ClientMessage, type ServerMessage } from '@spotlist/contracts';
import type { Db } from '../db/client.ts';
import { conversationRoom, createRooms, guestRoom, userRoom, type Member, type Room, type Rooms } from './rooms.ts';
import { realtimeSessions, type Principal } from './sessions.ts';
import { memoryPresence, newSocketId, type Presence } from './presence.ts';

export interface RealtimeOptions {
  db: Db;
  /** Server ping interval; a socket that missed MISSED_PONGS pongs is dropped at the next one. */
  heartbeatMs: number;
  /** How long a new socket may take to send its auth message. */
  authTimeoutMs: number;
  /** Bytes queued for one socket beyond which it is cut instead of buffered. */
  maxBufferedBytes: number;
  /** Client messages per second per socket (the burst allowed is the same number). */
  messagesPerSecond: number;
  /** Who views which conversation (push asks); in memory when absent. Closed with the app. */
  presence?: Presence;
}

/** The rooms a socket joins once authenticated, besides its own (`user:` or `guest:`): a module's answer for the principal. */
export type RoomSource = (principal: Principal) => Promise<readonly Room[]>;

/** A view token's rooms and end (ms), or null when it is not valid (any more). */
export type ViewAuthenticator = (token: string) => Promise<{ rooms: readonly Room[]; endsAt: number } | null>;

/** The gateway as other parts of the server see it. */
export interface Realtime {
  /** Sends to a room's sockets on this instance; an event from the bus reaches every instance. */
  publish: Rooms['publish'];
  /** Adds rooms every socket joins at authentication (the conversations of its user, say). */
  addRoomSource(source: RoomSource): void;
  /** Who accepts `{type:'auth', view}` (modules/fleet's live views); without one, a view is refused. */
  setViewAuthenticator(auth: ViewAuthenticator): void;
  /** Whether a socket of this instance is in the room (a module can skip work nobody here would hear). */
  listening(room: Room): boolean;
  /** Every socket of this instance in room `of` (a user's, a guest's) joins `room` too. */
  joinAll(of: Room, room: Room): void;
  /** Every socket of this instance in room `of` leaves `room`. */
  leaveAll(of: Room, room: Room): void;
  /** Whether a socket of the user, on any instance, shows the conversation now (`{type:'viewing'}`). */
  isViewing(userId: number, conversationId: number): Promise<boolean>;
  /** Open sockets on this instance. */
  readonly connections: number;
  /** Resolves once the session rechecks under way (after a revocation or a write) are done. */
  rechecked(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/** Client messages are a few dozen bytes (the longest is an auth message); `ws` closes with 1009 beyond. */
const MAX_MESSAGE_BYTES = 4096;
const MISSED_PONGS = 2;
/** A socket the server closed that has not answered the close frame by then is cut. */
const CLOSE_GRACE_MS = 2000;
/** Rechecking every socket (after 'everything.changed': an account deleted, an admin's change) at most this often. */
const RECHECK_ALL_SPACING_MS = 2000;

interface Connection extends Member {
  readonly ws: WebSocket;
  /** Names the socket in the presence store. */
  readonly id: string;
  /** The conversation it shows (its `viewing` message), or null. */
  viewing: number | null;
  principal: Principal | null;
  awaitingPongs: number;
  allowance: number;
  lastMessageAt: number;
  /** Messages are handled one after the other (an auth answer before the next message). */
  queue: Promise<void>;
  closed: boolean;
  authTimer: NodeJS.Timeout | null;
  close(code: number, reason: string): void;
}

interface Recheck {
  again: boolean;
  done: Promise<void>;
}

const text = (msg: ServerMessage) => JSON.stringify(msg);

/**
 * GET /api/ws (see README.md): sockets authenticated by their first message, rooms, the bus's
 * events fanned out to the rooms of this instance's sockets, heartbeats, back-pressure, a rate
 * limit, and sockets closed when their session ends.
 */
export const realtimeGateway = fp<RealtimeOptions>(
  async (app, opts) => {
    const rooms = createRooms<Connection>();
    const sessions = realtimeSessions(opts.db);
    const connections = new Set<Connection>();
    const log: FastifyBaseLogger = app.log.child({ module: 'realtime' });
    const sources: RoomSource[] = [];
    let viewAuth: ViewAuthenticator | null = null;
    // a viewer's entry outlives 3 missed heartbeats at most
    const presence = opts.presence ?? memoryPresence(opts.heartbeatMs * 3);
    app.addHook('onClose', () => presence.close());
    const setViewing = (c: Connection, conversationId: number | null) => {
      if (c.viewing === conversationId) return;
      c.viewing = conversationId;
      const userId = c.principal?.kind === 'user' ? c.principal.userId : null;
      if (userId === null && conversationId !== null) return;
      void presence.set(c.id, userId ?? 0, conversationId).catch((err: unknown) => log.warn({ err }, 'presence not stored'));
    };
    let closing = false;

    app.decorate('realtime', {
      publish: rooms.publish,
      addRoomSource: (source) => void sources.push(source),
      setViewAuthenticator(auth) {
        viewAuth = auth;
      },
      listening: (room) => rooms.members(room).size > 0,
      joinAll(of, room) {
        for (const c of [...rooms.members(of)]) rooms.join(c, room);
      },
      leaveAll(of, room) {
        for (const c of [...rooms.members(of)]) rooms.leave(c, room);
      },
      isViewing: (userId, conversationId) => presence.isViewing(userId, conversationId),
      get connections() {
        return connections.size;
      },
      async rechecked() {
        while (rechecks.size > 0) await Promise.all([...rechecks.values()].map((r) => r.done));
      },
    } satisfies Realtime);

    function open(ws: WebSocket): Connection {
      const c: Connection = {
        ws,
        id: newSocketId(),
        viewing: null,
        rooms: new Set<Room>(),
        principal: null,
        awaitingPongs: 0,
        allowance: opts.messagesPerSecond,
        lastMessageAt: Date.now(),
        queue: Promise.resolve(),
        closed: false,
        authTimer: null,
        send(data) {
          if (c.closed || ws.readyState !== ws.OPEN) return;
          // back-pressure: what the client has not read stays queued here; past the bound the
          // client is cut (it reconnects and reads again over HTTP) rather than held in memory
          if (ws.bufferedAmount > opts.maxBufferedBytes) return c.close(RealtimeClose.tooSlow, 'too slow');
          ws.send(data);
        },
        close(code, reason) {
          if (c.closed) return;
          c.closed = true;
          forget(c);
          ws.close(code, reason);
          // the close frame waits behind whatever is queued; a client that does not answer is cut
          setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref();
        },
      };
      connections.add(c);
      c.authTimer = setTimeout(() => {
        if (!c.principal) c.close(RealtimeClose.unauthorized, 'auth timeout');
      }, opts.authTimeoutMs);
      c.authTimer.unref();
      return c;
    }

    function forget(c: Connection) {
      setViewing(c, null);
      connections.delete(c);
      rooms.leaveAll(c);
      if (c.authTimer) clearTimeout(c.authTimer);
      c.authTimer = null;
    }

    /** Token bucket: `messagesPerSecond` per second, bursts up to as many. */
    function allowed(c: Connection): boolean {
      const now = Date.now();
      const rate = opts.messagesPerSecond;
      c.allowance = Math.min(rate, c.allowance + ((now - c.lastMessageAt) / 1000) * rate);
      c.lastMessageAt = now;
      if (c.allowance < 1) return false;
      c.allowance -= 1;
      return true;
    }

    async function handle(c: Connection, msg: ClientMessage): Promise<void> {
      if (msg.type === 'ping') {
        if (!c.principal) return c.close(RealtimeClose.unauthorized, 'auth first');
        return c.send(text({ type: 'pong' }));
      }
      if (msg.type === 'typing') {
        if (!c.principal) return c.close(RealtimeClose.unauthorized, 'auth first');
        // heard only from a member: the socket is in the conversation's room (joined at auth or
        // when added); anything else is ignored rather than answered (a left conversation, a race)
        if (!c.rooms.has(conversationRoom(msg.conversationId))) return;
        const userId = c.principal.kind === 'user' ? c.principal.userId : null;
        return void app.events.emit('conversation.typed', { conversationId: msg.conversationId, userId });
      }
      if (msg.type === 'viewing') {
        if (!c.principal) return c.close(RealtimeClose.unauthorized, 'auth first');
        // a conversation the socket is not in is ignored, as typing is
        if (msg.conversationId !== null && !c.rooms.has(conversationRoom(msg.conversationId))) return;
        return setViewing(c, msg.conversationId);
      }
      const principal = await authenticate(msg);
      if (c.closed) return;
      if (!principal) return c.close(RealtimeClose.unauthorized, 'invalid credentials');
      // a view hears its own rooms, nothing of a user's or a guest's
      const extra = principal.kind === 'viewer' ? principal.rooms : (await Promise.all(sources.map((source) => source(principal)))).flat();
      if (c.closed) return;
      // a later auth message (a refreshed token, another user in this tab) replaces the identity
      if (c.principal?.kind !== 'user' || principal.kind !== 'user' || c.principal.userId !== principal.userId) setViewing(c, null);
      rooms.leaveAll(c);
      c.principal = principal;
      if (principal.kind !== 'viewer') rooms.join(c, principal.kind === 'user' ? userRoom(principal.userId) : guestRoom(principal.guestId));
      for (const room of extra) rooms.join(c, room);
      if (c.authTimer) clearTimeout(c.authTimer);
      c.authTimer = null;
      c.send(text({ type: 'ready' }));
    }

    async function authenticate(msg: Extract<ClientMessage, { type: 'auth' }>): Promise<Principal | null> {
      if ('token' in msg) return sessions.user(msg.token);
      if ('guestKey' in msg) return sessions.guest(msg.guestKey);
      const view = viewAuth ? await viewAuth(msg.view) : null;
      return view && view.endsAt > Date.now() ? { kind: 'viewer', rooms: view.rooms, endsAt: view.endsAt } : null;
    }

    function onMessage(c: Connection, data: RawData, isBinary: boolean) {
      if (c.closed) return;
      if (!allowed(c)) return c.close(RealtimeClose.rateLimited, 'too many messages');
      let parsed: ReturnType<typeof ClientMessageSchema.safeParse>;
      try {
        parsed = isBinary ? ClientMessageSchema.safeParse(null) : ClientMessageSchema.safeParse(JSON.parse(String(data)));
      } catch {
        return c.close(RealtimeClose.badMessage, 'not json');
      }
      if (!parsed.success) return c.close(RealtimeClose.badMessage, 'unknown message');
      const msg = parsed.data;
      c.queue = c.queue
        .then(() => handle(c, msg))
        .catch((err: unknown) => {
          log.warn({ err }, 'realtime message failed');
          c.close(1011, 'server error');
        });
    }

    /**
     * Closes the sockets whose session ended. A socket's token hash is read before the query and
     * compared after it: a socket that authenticated again meanwhile is not judged by its old token.
     */
    async function recheck(members: Iterable<Connection>) {
      const checked: [Connection, string][] = [];
      for (const c of members) if (c.principal?.kind === 'user') checked.push([c, c.principal.tokenHash]);
      if (checked.length === 0) return;
      const live = await sessions.alive([...new Set(checked.map(([, h]) => h))]);
      for (const [c, hash] of checked) {
        if (c.principal?.kind === 'user' && c.principal.tokenHash === hash && !live.has(hash)) {
          c.close(RealtimeClose.unauthorized, 'session ended');
        }
      }
    }

    /**
     * Runs the task now, or once more after the running one when asked meanwhile: an event raised
     * while a recheck reads may come from a change that read did not see.
     */
    function coalesced<K>(running: Map<K, Recheck>, key: K, task: () => Promise<void>, spacingMs = 0) {
      const state = running.get(key);
      if (state) return void (state.again = true);
      const s: Recheck = { again: false, done: Promise.resolve() };
      running.set(key, s);
      s.done = (async () => {
        try {
          do {
            s.again = false;
            await task();
            if (s.again && spacingMs > 0) await new Promise((r) => setTimeout(r, spacingMs).unref());
          } while (s.again && !closing);
        } catch (err) {
          log.warn({ err }, 'realtime session recheck failed');
        } finally {
          running.delete(key);
        }
      })();
    }
    const rechecks = new Map<number | 'all', Recheck>();
    const recheckUser = (userId: number) => {
      if (rooms.members(userRoom(userId)).size === 0) return;
      coalesced(rechecks, userId, () => recheck(rooms.members(userRoom(userId))));
    };
    const recheckAll = () => coalesced(rechecks, 'all', () => recheck(connections), RECHECK_ALL_SPACING_MS);

    // The one real use (the platform issue): the session user's own changes refresh their other
    // tabs and devices. Every instance hears every event (the bus), and tells its own sockets.
    // The writing tab hears it too: it has no id the HTTP request could carry to the bus, and one
    // extra refetch there is cheaper than the bookkeeping.
    const events = app.events;
    events.on('user.wrote', ({ userId }) => {
      rooms.publish(userRoom(userId), 'user.changed', { scope: 'all' });
      // logout and password change arrive as the user's writes
      recheckUser(userId);
    });
    events.on('like.changed', ({ userId }) => void rooms.publish(userRoom(userId), 'user.changed', { scope: 'likes' }));
    events.on('list.changed', ({ ownerId }) => void rooms.publish(userRoom(ownerId), 'user.changed', { scope: 'lists' }));
    events.on('profile.changed', ({ userId }) => void rooms.publish(userRoom(userId), 'user.changed', { scope: 'profile' }));
    // No client event here: a refresh rotates tokens and says 'session.revoked' too, and a tab
    // told to re-read at that moment could present the refresh cookie before the rotating tab
    // has stored the new one (a reuse, which ends the session). Only sessions that ended close.
    events.on('session.revoked', ({ userId }) => recheckUser(userId));
    events.on(
      'conversation.typed',
      ({ conversationId, userId }) =>
        void rooms.publish(conversationRoom(conversationId), 'conversation.typing', { conversationId, userId }),
    );
    events.on('everything.changed', () => {
      if (connections.size > 0) recheckAll();
    });
    // messages may have been lost while this instance's Redis subscriber was away
    events.onResync(() => {
      for (const c of connections) if (c.principal) c.send(text({ type: 'ready' }));
    });

    const heartbeat = setInterval(() => {
      const now = Date.now();
      const viewers: { socketId: string; userId: number; conversationId: number }[] = [];
      for (const c of connections) {
        if (c.viewing !== null && c.principal?.kind === 'user')
          viewers.push({ socketId: c.id, userId: c.principal.userId, conversationId: c.viewing });
      }
      if (viewers.length > 0) void presence.renew(viewers).catch(() => {});
      for (const c of connections) {
        if (c.awaitingPongs >= MISSED_PONGS) {
          forget(c);
          c.closed = true;
          c.ws.terminate();
          continue;
        }
        if (c.principal?.kind === 'user' && c.principal.familyEndsAt <= now) {
          c.close(RealtimeClose.unauthorized, 'session ended');
          continue;
        }
        if (c.principal?.kind === 'viewer' && c.principal.endsAt <= now) {
          c.close(RealtimeClose.unauthorized, 'view ended');
          continue;
        }
        c.awaitingPongs += 1;
        c.ws.ping();
      }
    }, opts.heartbeatMs);
    heartbeat.unref();
    app.addHook('preClose', async () => {
      closing = true;
      clearInterval(heartbeat);
      // 1001: the client reconnects (to another instance) at once; one that does not answer is cut
      // after CLOSE_GRACE_MS rather than holding the shutdown
      for (const c of [...connections]) c.close(1001, 'server going away');
    });

    // @fastify/websocket wraps the handler of every route registered after it: it lives in its own
    // scope, so only /api/ws pays for it
    await app.register(async (scope) => {
      await scope.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });
      scope.get(REALTIME_PATH, { websocket: true, config: { auth: 'public' } }, (ws) => {
        const c = open(ws);
        ws.on('pong', () => {
          c.awaitingPongs = 0;
        });
        ws.on('message', (data, isBinary) => onMessage(c, data, isBinary));
        ws.on('close', () => {
          c.closed = true;
          forget(c);
        });
      });
    });
  },
  { name: 'realtime', dependencies: ['write-events'] },
);
