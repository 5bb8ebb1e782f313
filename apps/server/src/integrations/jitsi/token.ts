import crypto from 'node:crypto';
import { SignJWT } from 'jose';
import type { JitsiConfig } from './config.ts';

/** An unguessable lowercase room name (Jitsi room names are case-insensitive; 128 random bits). */
export const newRoomName = (): string => `spotlist-${crypto.randomBytes(16).toString('hex')}`;

/** The room name the IFrame API takes: JaaS wants `<appId>/<room>`. */
export const roomNameFor = (cfg: JitsiConfig, room: string): string => (cfg.jaas && cfg.jwt ? `${cfg.jwt.appId}/${room}` : room);

export interface MeetingUser {
  id: number;
  name: string;
  avatar?: string;
  moderator: boolean;
}

/** How long a meeting token is good for after it is issued (a call in progress is not cut when it expires). */
export const MEETING_TOKEN_TTL_SECONDS = 4 * 3600;

/**
 * A token for one room and one user (Prosody's token plugin, jitsi-meet-tokens; JaaS takes the
 * same claims): `iss` the app id, `aud` "jitsi", `sub` the host (the tenant), `room` the room name
 * (not the MUC JID), `exp`, `context.user` (strings only) and `moderator`. HS256 with the app secret.
 */
export async function meetingToken(
  cfg: Required<Pick<JitsiConfig, 'jwt'>> & JitsiConfig,
  room: string,
  user: MeetingUser,
  now = Date.now(),
): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT({
    room,
    moderator: user.moderator,
    context: {
      user: {
        id: String(user.id),
        name: user.name,
        ...(user.avatar ? { avatar: user.avatar } : {}),
        moderator: String(user.moderator),
      },
    },
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(cfg.jwt.appId)
    .setAudience('jitsi')
    .setSubject(cfg.host)
    .setIssuedAt(iat)
    .setNotBefore(iat - 10)
    .setExpirationTime(iat + MEETING_TOKEN_TTL_SECONDS)
    .sign(new TextEncoder().encode(cfg.jwt.secret));
}
