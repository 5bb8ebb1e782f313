import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { iso } from '../../platform/db/place-sql.ts';
import { authSessions, passwordResetTokens } from '../../platform/db/schema/index.ts';
import type { AccountDataPart } from '../../platform/account-data/account-data.ts';

const isoOrNull = (d: Date | null) => (d ? iso(d) : null);

/** Sessions and mailed tokens in the export, without any token or hash; they go with the account (cascade). */
export const authAccountPart = (db: Db): AccountDataPart<'sessions' | 'mailTokens'> => ({
  owner: 'auth',
  sections: ['sessions', 'mailTokens'],
  async export(userId) {
    const [sessions, tokens] = await Promise.all([
      db
        .select({
          createdAt: authSessions.createdAt,
          accessExpiresAt: authSessions.accessExpiresAt,
          refreshExpiresAt: authSessions.refreshExpiresAt,
          rotatedAt: authSessions.rotatedAt,
          revokedAt: authSessions.revokedAt,
        })
        .from(authSessions)
        .where(eq(authSessions.userId, userId))
        .orderBy(authSessions.id),
      db
        .select({
          purpose: passwordResetTokens.purpose,
          createdAt: passwordResetTokens.createdAt,
          expiresAt: passwordResetTokens.expiresAt,
          usedAt: passwordResetTokens.usedAt,
        })
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userId, userId))
        .orderBy(passwordResetTokens.id),
    ]);
    return {
      sessions: sessions.map((s) => ({
        createdAt: iso(s.createdAt),
        accessExpiresAt: iso(s.accessExpiresAt),
        refreshExpiresAt: iso(s.refreshExpiresAt),
        rotatedAt: isoOrNull(s.rotatedAt),
        revokedAt: isoOrNull(s.revokedAt),
      })),
      mailTokens: tokens.map((t) => ({
        purpose: t.purpose,
        createdAt: iso(t.createdAt),
        expiresAt: iso(t.expiresAt),
        usedAt: isoOrNull(t.usedAt),
      })),
    };
  },
});
