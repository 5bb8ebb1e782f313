import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { users } from '../../platform/db/schema/index.ts';
import type { AccountDataPart } from '../../platform/account-data/account-data.ts';
import { loadUserView } from '../users/index.ts';

/** The account's dates and the profile as GET /api/myprofile answers it; the account row itself is deleted by the profile service. */
export const profileAccountPart = (db: Db): AccountDataPart<'account' | 'user'> => ({
  owner: 'profile',
  sections: ['account', 'user'],
  async export(userId, language) {
    const [user, [account]] = await Promise.all([
      loadUserView(db, userId, language),
      db.select({ createdAt: users.createdAt, updatedAt: users.updatedAt }).from(users).where(eq(users.id, userId)),
    ]);
    if (!user || !account) throw new Error(`account ${userId} vanished during its export`);
    return { user, account: { createdAt: account.createdAt.toISOString(), updatedAt: account.updatedAt.toISOString() } };
  },
});
