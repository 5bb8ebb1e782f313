import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Room } from './rooms.ts';
import { authSessions, guestUsers } from '../db/schema/index.ts';
import { hashToken } from '../../lib/tokens.ts';

/** Who a socket speaks for, once authenticated. */
export type Principal =
  | { kind: 'user'; userId: number; tokenHash: string; /** ms; the session family ends then unless refreshed */ familyEndsAt: number }
  | { kind: 'guest'; guestId: number }
  /** A live view without an account (a fleet view's token): it joins the rooms its token names, until `endsAt` (ms). */
  | { kind: 'viewer'; rooms: readonly Room[]; endsAt: number };

/** The guest key format of the guests module (a random token the browser keeps). */
const GUEST_KEY = /^[A-Za-z0-9_-]{16,128}$/;
/** Hashes per recheck query (a bound on the statement's parameters). */
const CHUNK = 500;

/**
 * The session queries of the gateway, apart from platform/http/auth.ts's cached finder: a socket
 * needs the session's family end, and its recheck must read the database (a revocation just
 * happened). A socket lives as long as its session: it opens with a valid access token, and is
 * closed when the session is revoked (logout, password change or reset, a reused refresh token,
 * the account deleted) or its refresh window ends — not when the access token is merely rotated
 * by a refresh (the tab's next token belongs to the same session).
 */
export function realtimeSessions(db: Db) {
  return {
    async user(token: string): Promise<Principal | null> {
      if (token.length > 200) return null;
      const tokenHash = hashToken(token);
      const [row] = await db
        .select({ userId: authSessions.userId, familyEndsAt: authSessions.refreshExpiresAt })
        .from(authSessions)
        .where(
          and(
            eq(authSessions.accessHash, tokenHash),
            gt(authSessions.accessExpiresAt, sql`now()`),
            isNull(authSessions.revokedAt),
            isNull(authSessions.rotatedAt),
          ),
        )
        .limit(1);
      return row ? { kind: 'user', userId: row.userId, tokenHash, familyEndsAt: row.familyEndsAt.getTime() } : null;
    },

    /** A guest of the guest app (apps/embed), by the key of POST /api/public/guest. */
    async guest(key: string): Promise<Principal | null> {
      if (!GUEST_KEY.test(key)) return null;
      const [row] = await db
        .select({ id: guestUsers.id })
        .from(guestUsers)
        .where(eq(guestUsers.keyHash, hashToken(key)))
        .limit(1);
      return row ? { kind: 'guest', guestId: row.id } : null;
    },

    /** Of these access-token hashes, the ones whose session still lives. */
    async alive(hashes: readonly string[]): Promise<Set<string>> {
      const live = new Set<string>();
      for (let i = 0; i < hashes.length; i += CHUNK) {
        const rows = await db
          .select({ hash: authSessions.accessHash })
          .from(authSessions)
          .where(
            and(
              inArray(authSessions.accessHash, hashes.slice(i, i + CHUNK)),
              isNull(authSessions.revokedAt),
              gt(authSessions.refreshExpiresAt, sql`now()`),
            ),
          );
        for (const r of rows) live.add(r.hash);
      }
      return live;
    },
  };
}
export type RealtimeSessions = ReturnType<typeof realtimeSessions>;
