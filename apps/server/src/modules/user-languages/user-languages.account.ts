import type { Db } from '../../platform/db/client.ts';
import type { AccountDataPart } from '../../platform/account-data/account-data.ts';
import { listUserLanguages } from './user-languages.service.ts';

/** The user's content languages in the export; they go with the account (cascade). */
export const userLanguagesAccountPart = (db: Db): AccountDataPart<'languages'> => ({
  owner: 'user-languages',
  sections: ['languages'],
  export: async (userId) => ({ languages: await listUserLanguages(db, userId) }),
});
