import { z } from 'zod';

// The constants and message types live in a module without zod (the web client imports them).
export {
  REALTIME_PATH,
  RealtimeClose,
  USER_CHANGE_SCOPES,
  type ClientEventMap,
  type ClientEventName,
  type ServerMessage,
  type UserChangeScope,
} from './realtime-constants.ts';

/** Client → server: the first message must be `auth` (again later to switch token); `ping` is answered with `pong`. */
export const ClientMessageSchema = z.union([
  z.strictObject({ type: z.literal('auth'), token: z.string().min(1).max(200) }),
  z.strictObject({ type: z.literal('auth'), guestKey: z.string().min(1).max(200) }),
  /** A live fleet view's token (PublicFleetSchema `view`): the vehicles one app client shows, until it ends. */
  z.strictObject({ type: z.literal('auth'), view: z.string().min(1).max(400) }),
  z.strictObject({ type: z.literal('ping') }),
  /** I am typing in this conversation (at most every few seconds); only a member's socket is heard. */
  z.strictObject({ type: z.literal('typing'), conversationId: z.number().int().positive().max(2_147_483_647) }),
  /**
   * The conversation this socket shows now, visible on screen (null: none, or the tab is hidden).
   * No push notice is sent for a conversation its member views (modules/push); only a member's socket is heard.
   */
  z.strictObject({ type: z.literal('viewing'), conversationId: z.number().int().positive().max(2_147_483_647).nullable() }),
]);
export type ClientMessage = z.infer<typeof ClientMessageSchema>;
