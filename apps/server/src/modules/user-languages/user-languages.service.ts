import { and, asc, eq, sql } from 'drizzle-orm';
import { ErrorKey, FormError, type UserLanguage } from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { languages, userLanguages, users } from '../../platform/db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

/** The content languages a user offers, by language id; the default is flagged. */
export async function listUserLanguages(db: Db, userId: number): Promise<UserLanguage[]> {
  return db
    .select({ id: languages.id, isocode: languages.isocode, key: languages.key, name: languages.name, isDefault: userLanguages.isDefault })
    .from(userLanguages)
    .innerJoin(languages, eq(languages.id, userLanguages.languageId))
    .where(eq(userLanguages.userId, userId))
    .orderBy(asc(languages.id));
}

/**
 * SPEC §7 POST /api/language/add, /remove, /assignDefault. Rules: a user offers each language at
 * most once; the first one offered becomes the default; the default is always one of the offered;
 * the default can be removed only when it is the last one; any account type may offer languages.
 * Each change runs in a transaction that locks the user's row, so concurrent calls serialize.
 */
export function userLanguagesService(db: Db) {
  /** The user's rows, after locking the user (a row that always exists, unlike the first language). */
  const locked = async (tx: Db, userId: number) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    return tx
      .select({ languageId: userLanguages.languageId, isDefault: userLanguages.isDefault })
      .from(userLanguages)
      .where(eq(userLanguages.userId, userId));
  };

  return {
    list: (userId: number) => listUserLanguages(db, userId),

    async add(userId: number, languageId: number): Promise<UserLanguage[]> {
      await db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const known = await tx.select({ id: languages.id }).from(languages).where(eq(languages.id, languageId));
        if (!known[0]) throw new AppError(ErrorKey.validation, 400, [{ path: 'body.id', key: FormError.hasId }]);
        const rows = await locked(tx, userId);
        if (rows.some((r) => r.languageId === languageId)) return; // already offered: nothing to do
        await tx.insert(userLanguages).values({ userId, languageId, isDefault: !rows.some((r) => r.isDefault) });
      });
      return listUserLanguages(db, userId);
    },

    async remove(userId: number, languageId: number): Promise<UserLanguage[]> {
      await db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const rows = await locked(tx, userId);
        const row = rows.find((r) => r.languageId === languageId);
        if (!row) throw new AppError(ErrorKey.notFound, 404);
        if (row.isDefault && rows.length > 1) throw new AppError(ErrorKey.languageDefaultRemove, 409);
        await tx.delete(userLanguages).where(and(eq(userLanguages.userId, userId), eq(userLanguages.languageId, languageId)));
      });
      return listUserLanguages(db, userId);
    },

    async assignDefault(userId: number, languageId: number): Promise<UserLanguage[]> {
      await db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const rows = await locked(tx, userId);
        if (!rows.some((r) => r.languageId === languageId)) throw new AppError(ErrorKey.languageNotOffered, 400);
        // two statements: the partial unique index allows one default at any moment
        await tx
          .update(userLanguages)
          .set({ isDefault: false })
          .where(and(eq(userLanguages.userId, userId), sql`${userLanguages.isDefault}`));
        await tx
          .update(userLanguages)
          .set({ isDefault: true })
          .where(and(eq(userLanguages.userId, userId), eq(userLanguages.languageId, languageId)));
      });
      return listUserLanguages(db, userId);
    },
  };
}
