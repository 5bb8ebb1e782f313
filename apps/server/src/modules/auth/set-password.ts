import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { authSessions, users } from '../../platform/db/schema/index.ts';
import { assertPasswordPolicy, hashPassword } from '../../lib/password.ts';

/**
 * Sets a user's password without the old one, under the signup rules (length, not common, not
 * the e-mail address: AppError with the key otherwise; argon2id), and ends every session of the
 * account, as a reset by mailed token does. For operators (`npm run admin:password`): nothing is
 * emitted, so instances that cache sessions (CACHE_MAX_AGE_MS) may serve one for that long.
 */
export async function setPasswordEndingSessions(db: Db, user: { id: number; email: string }, password: string): Promise<void> {
  assertPasswordPolicy(password, user.email);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await tx
      .update(authSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(authSessions.userId, user.id), isNull(authSessions.revokedAt)));
  });
}
