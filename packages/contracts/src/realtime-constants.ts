/**
 * The realtime gateway's constants and message types (re-exported by realtime.ts). No zod here:
 * the web app's realtime client takes these without pulling the schemas into its chunk.
 *
 * The gateway is GET /api/ws, a WebSocket. The client authenticates in its first message, never
 * in the URL (URLs end up in logs and proxies): `{ type: 'auth', token }` with the access token,
 * or `{ type: 'auth', guestKey }` for a guest of the guest app, or `{ type: 'auth', view }` with the
 * token of a live fleet view ("where is my shuttle?", contracts fleet.ts). The server answers
 * `{ type: 'ready' }`, then sends `{ type: 'event', name, payload }` typed by ClientEventMap.
 * Events say what changed, and the client reads it again over HTTP; message events are the one
 * exception (they carry the message: a chat's latency is the point). The type-only import below
 * brings no zod into the client's chunk.
 */
import type { Message } from './messaging.ts';
import type { FleetLiveVehicle } from './fleet-constants.ts';

export const REALTIME_PATH = '/api/ws';

/** What the session user's other tabs and devices should read again. */
export const USER_CHANGE_SCOPES = ['all', 'likes', 'lists', 'profile'] as const;
export type UserChangeScope = (typeof USER_CHANGE_SCOPES)[number];

/** Every event the server sends to clients. A name is `<noun>.<past verb>`, a payload carries ids (and a message). */
export interface ClientEventMap {
  /**
   * The session user changed something (in this tab, another tab or device): `all` after any write
   * of theirs, a narrower scope when a module says what (a like, a list, the profile).
   */
  'user.changed': { scope: UserChangeScope };
  /**
   * A new message in a conversation of mine. Message events carry the message itself (the same for
   * every member): the latency of a chat is the point. A client that sees `rev` jump reads the
   * changes after the `rev` it knows over HTTP.
   */
  'message.posted': { conversationId: number; message: Message };
  /** A message was edited or deleted (`deletedAt` set, text empty). */
  'message.changed': { conversationId: number; message: Message };
  /** A member (null: the guest) has read up to `seq`. */
  'conversation.read': { conversationId: number; userId: number | null; seq: number };
  /** The conversation itself changed (title, members, category, status, assignee): read it again. */
  'conversation.changed': { conversationId: number };
  /** A member (null: the guest) is typing. */
  'conversation.typing': { conversationId: number; userId: number | null };
  /**
   * Fleet positions came in (or what a view shows changed): every vehicle the socket may see, as
   * a whole (a vehicle missing is one no longer shown). The business's own sockets get all of its
   * vehicles; a view's socket (`auth` with `view`) those its app client shows. Positions are the
   * point of a live map, so they travel in the event.
   */
  'fleet.moved': { vehicles: FleetLiveVehicle[]; /** The provider's last successful answer (ISO). */ polledAt: string | null };
}
export type ClientEventName = keyof ClientEventMap;

/** Server → client. */
export type ServerMessage =
  /** Authenticated. A later one (the server's pub/sub was away) means events may have been missed. */
  | { type: 'ready' }
  | { type: 'pong' }
  | { [K in ClientEventName]: { type: 'event'; name: K; payload: ClientEventMap[K] } }[ClientEventName];

/** Close codes the server uses (4000–4999 are the application's; 1001 is a server going away). */
export const RealtimeClose = {
  /** Not (or no longer) authenticated: no auth in time, an invalid token or guest key, the session ended. */
  unauthorized: 4401,
  /** A message that is not JSON or not a ClientMessage. */
  badMessage: 4400,
  /** More client messages than the per-connection limit allows. */
  rateLimited: 4429,
  /** The client did not read what was sent fast enough (back-pressure): reconnect and catch up over HTTP. */
  tooSlow: 4008,
} as const;
