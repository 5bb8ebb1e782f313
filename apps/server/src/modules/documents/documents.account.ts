import type { Db } from '../../platform/db/client.ts';
import type { AccountDataPart } from '../../platform/account-data/account-data.ts';
import { documentKeysOf, documentsOf } from './documents.service.ts';
import { deleteKeys, type FileStorage } from './storage.ts';

/** The user's documents in the export; their rows cascade with the account, their files go after the commit. */
export const documentsAccountPart = (db: Db, storage: FileStorage): AccountDataPart<'documents'> => ({
  owner: 'documents',
  sections: ['documents'],
  export: async (userId) => ({ documents: await documentsOf(db, userId) }),
  async afterDelete(userId) {
    const keys = await documentKeysOf(db, userId);
    return () => deleteKeys(storage, keys);
  },
});
