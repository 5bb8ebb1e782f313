import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { AccountDataPart } from '../../platform/account-data/account-data.ts';
import { objectionableReports, userNotices } from '../../platform/db/schema/index.ts';

/** The moderators' notices to the user and the user's appeals, in the export; they go with the account (cascade). */
export const moderationAccountPart = (db: Db): AccountDataPart<'notices'> => ({
  owner: 'moderation',
  sections: ['notices'],
  async export(userId) {
    const rows = await db
      .select({
        kind: userNotices.kind,
        reason: userNotices.reason,
        createdAt: userNotices.createdAt,
        appeal: objectionableReports.appealText,
      })
      .from(userNotices)
      .innerJoin(objectionableReports, eq(objectionableReports.id, userNotices.reportId))
      .where(eq(userNotices.userId, userId))
      .orderBy(desc(userNotices.createdAt));
    return { notices: rows.map((r) => ({ kind: r.kind, reason: r.reason, createdAt: r.createdAt.toISOString(), appeal: r.appeal })) };
  },
});
