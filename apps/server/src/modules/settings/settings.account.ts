import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { settings } from '../../platform/db/schema/index.ts';
import type { AccountDataPart } from '../../platform/account-data/account-data.ts';

/** The user's settings in the export; they go with the account (cascade). */
export const settingsAccountPart = (db: Db): AccountDataPart<'settings'> => ({
  owner: 'settings',
  sections: ['settings'],
  export: async (userId) => ({
    settings: await db
      .select({ id: settings.id, key: settings.key, value: settings.value })
      .from(settings)
      .where(eq(settings.userId, userId))
      .orderBy(settings.key),
  }),
});
