import { describe, expect, it } from 'vitest';
import { openPglite } from '../db/client.ts';
import { accountDataRegistry } from './account-data.ts';

describe('account data registry', () => {
  it('refuses a section registered twice, and an export with a section nobody fills', async () => {
    const database = await openPglite();
    try {
      const reg = accountDataRegistry(database.db);
      reg.register({ owner: 'a', sections: ['settings'], export: async () => ({ settings: [] }) });
      expect(() => reg.register({ owner: 'b', sections: ['settings'], export: async () => ({ settings: [] }) })).toThrow(/settings \(a\)/);
      await expect(reg.export(1, 'en')).rejects.toThrow(/without a part: .*languages/);
    } finally {
      await database.close();
    }
  });

  it("runs every part's deletion step in the account's transaction, and the after-steps only once it committed", async () => {
    const database = await openPglite();
    try {
      const reg = accountDataRegistry(database.db);
      const seen: string[] = [];
      reg.register({
        owner: 'files',
        sections: ['documents'],
        export: async () => ({ documents: [] }),
        afterDelete: async () => async () => void seen.push('files removed'),
      });
      reg.register({ owner: 'rows', sections: ['places'], export: async () => ({ places: [] }), beforeDelete: async () => void seen.push('rows') });
      await expect(
        reg.remove(7, async () => {
          throw new Error('the account row could not go');
        }),
      ).rejects.toThrow(/could not go/);
      expect(seen).toEqual(['rows']); // nothing after a rolled-back deletion
      await reg.remove(7, async () => void seen.push('account'));
      expect(seen).toEqual(['rows', 'rows', 'account', 'files removed']);
    } finally {
      await database.close();
    }
  });
});
