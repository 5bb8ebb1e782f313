import fp from 'fastify-plugin';
import { ProfileExportSchema, type AppLanguage, type ProfileExport } from '@spotlist/contracts';
import type { Db } from '../db/client.ts';

/** The sections of the GDPR export (SPEC §7 GET /api/myprofile/export) that modules fill. */
export type ExportSections = Omit<ProfileExport, 'format' | 'version' | 'exportedAt'>;

/**
 * What one module keeps of an account, for the two aggregations that need all of it: the export
 * and the deletion. Each module registers its own part, so no module reads another's tables.
 */
export interface AccountDataPart<K extends keyof ExportSections = keyof ExportSections> {
  /** The registering module, for errors and the logs. */
  owner: string;
  sections: readonly K[];
  export(userId: number, language: AppLanguage): Promise<Pick<ExportSections, K>>;
  /** Inside the deletion's transaction, before the account's row goes (rows that do not cascade with it). */
  beforeDelete?(tx: Db, userId: number): Promise<void>;
  /** Before the transaction: what to do after it committed (files in the storage). */
  afterDelete?(userId: number): Promise<() => Promise<void>>;
}

export interface AccountData {
  register<K extends keyof ExportSections>(part: AccountDataPart<K>): void;
  /** Every section, from every module's part; throws when a section has no part (a wiring mistake). */
  export(userId: number, language: AppLanguage): Promise<ExportSections>;
  /** Deletes the account: the parts' `beforeDelete` and `deleteAccount` in one transaction, then their `afterDelete`. */
  remove(userId: number, deleteAccount: (tx: Db) => Promise<void>): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    accountData: AccountData;
  }
}

const SECTIONS = Object.keys(ProfileExportSchema.shape).filter((k) => !['format', 'version', 'exportedAt'].includes(k));

export function accountDataRegistry(db: Db): AccountData {
  const parts: AccountDataPart[] = [];
  return {
    register(part) {
      const taken = parts.flatMap((p) => p.sections.filter((s) => (part.sections as readonly string[]).includes(s)).map((s) => `${s} (${p.owner})`));
      if (taken.length > 0) throw new Error(`${part.owner}: export sections already registered: ${taken.join(', ')}`);
      parts.push(part as unknown as AccountDataPart);
    },
    async export(userId, language) {
      const pieces = await Promise.all(parts.map((p) => p.export(userId, language)));
      const all = Object.assign({}, ...pieces) as ExportSections;
      const missing = SECTIONS.filter((s) => !(s in all));
      if (missing.length > 0) throw new Error(`export sections without a part: ${missing.join(', ')}`);
      return all;
    },
    async remove(userId, deleteAccount) {
      const after = await Promise.all(parts.map((p) => p.afterDelete?.(userId)));
      await db.transaction(async (tx) => {
        for (const p of parts) await p.beforeDelete?.(tx as unknown as Db, userId);
        await deleteAccount(tx as unknown as Db);
      });
      for (const run of after) await run?.();
    },
  };
}

/** Decorates the app with the registry; modules register their part when their routes are registered. */
export const accountDataPlugin = fp<{ db: Db }>(async (app, { db }) => void app.decorate('accountData', accountDataRegistry(db)), {
  name: 'account-data',
});
