import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  ErrorKey,
  OkSchema,
  TranslationKeyParamSchema,
  TranslationLangParamSchema,
  TranslationMapSchema,
  TranslationOverrideInputSchema,
  TranslationOverrideSchema,
  type TranslationMap,
  Permission,
} from '@spotlist/contracts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Db } from '../../platform/db/client.ts';
import { translationOverrides } from '../../platform/db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

/** How long clients may keep a language's overrides (an instance keeps them until an admin changes one). */
export const TRANSLATION_CACHE_SECONDS = 60;

/**
 * Remote translations (SPEC §7, §8): GET /api/translation/{lang} answers the overrides of one app
 * language as a flat object (key → text), with an ETag; the web app merges it over its own files.
 * An admin sets (POST) and removes (DELETE) single keys.
 */
export const translationRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ['translations'];

  app.get(
    '/api/translation/:lang',
    {
      schema: { params: TranslationLangParamSchema, response: { 200: TranslationMapSchema, 304: z.null() }, tags },
      config: {
        auth: 'public',
        cache: {
          scope: 'public',
          tags: (req) => [`t${(req.params as { lang: string }).lang}`],
          invalidatedBy: ['translation.changed', 'everything.changed'],
          maxBytes: 16 * 1024 * 1024,
          cacheControl: `public, max-age=${TRANSLATION_CACHE_SECONDS}`,
        },
      },
    },
    async (req) => {
      const rows = await db
        .select({ key: translationOverrides.key, value: translationOverrides.value })
        .from(translationOverrides)
        .where(eq(translationOverrides.languageKey, req.params.lang))
        .orderBy(asc(translationOverrides.key));
      const map: TranslationMap = {};
      for (const r of rows) map[r.key] = r.value; // keys are checked: no __proto__ / constructor segments
      return map;
    },
  );

  app.post(
    '/api/translation/:lang',
    {
      schema: {
        params: TranslationLangParamSchema,
        body: TranslationOverrideInputSchema,
        response: { 200: TranslationOverrideSchema },
        tags,
      },
      config: { permission: Permission.translationsEdit },
    },
    async (req) => {
      const row = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const [before] = await tx
          .select({ value: translationOverrides.value })
          .from(translationOverrides)
          .where(and(eq(translationOverrides.languageKey, req.params.lang), eq(translationOverrides.key, req.body.key)));
        const [after] = await tx
          .insert(translationOverrides)
          .values({ languageKey: req.params.lang, key: req.body.key, value: req.body.value })
          .onConflictDoUpdate({
            target: [translationOverrides.languageKey, translationOverrides.key],
            set: { value: sql`excluded.value`, updatedAt: new Date() },
          })
          .returning();
        await recordAudit(tx, req.user, {
          action: 'translation.set',
          targetType: 'translation',
          targetId: `${req.params.lang}:${req.body.key}`,
          before: before ?? null,
          after: { value: after.value },
        });
        return after;
      });
      await app.events.emit('translation.changed', { language: req.params.lang });
      return { language: row.languageKey, key: row.key, value: row.value };
    },
  );

  app.delete(
    '/api/translation/:lang/:key',
    {
      schema: { params: TranslationKeyParamSchema, response: { 200: OkSchema }, tags },
      config: { permission: Permission.translationsEdit },
    },
    async (req) => {
      const rows = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const gone = await tx
          .delete(translationOverrides)
          .where(and(eq(translationOverrides.languageKey, req.params.lang), eq(translationOverrides.key, req.params.key)))
          .returning({ id: translationOverrides.id, value: translationOverrides.value });
        if (gone[0]) {
          await recordAudit(tx, req.user, {
            action: 'translation.remove',
            targetType: 'translation',
            targetId: `${req.params.lang}:${req.params.key}`,
            before: { value: gone[0].value },
          });
        }
        return gone;
      });
      await app.events.emit('translation.changed', { language: req.params.lang });
      if (!rows[0]) throw new AppError(ErrorKey.notFound, 404);
      return { ok: true as const };
    },
  );
};
