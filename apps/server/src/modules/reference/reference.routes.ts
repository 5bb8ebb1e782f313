import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc } from 'drizzle-orm';
import { z } from 'zod';
import { IndustrySchema, listResponseSchema } from '@spotlist/contracts';
import type { Db } from '../../db/client.ts';
import { industries, languages } from '../../db/schema/index.ts';

export const LanguageSchema = z.object({ id: z.number().int(), isocode: z.string(), key: z.string(), name: z.string() });

/** Reference lists (SPEC §7): public, small, cached by clients. */
export const referenceRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/industry/list',
    { schema: { response: { 200: listResponseSchema(IndustrySchema) }, tags: ['reference'] }, config: { auth: 'public' } },
    async () => {
      const list = await db
        .select({ id: industries.id, key: industries.key, hasrooms: industries.hasrooms })
        .from(industries)
        .orderBy(asc(industries.id));
      return { list, total: list.length, pageIndex: 0, pageSize: list.length };
    },
  );

  app.get(
    '/api/language/list',
    { schema: { response: { 200: listResponseSchema(LanguageSchema) }, tags: ['reference'] }, config: { auth: 'public' } },
    async () => {
      const list = await db
        .select({ id: languages.id, isocode: languages.isocode, key: languages.key, name: languages.name })
        .from(languages)
        .orderBy(asc(languages.id));
      return { list, total: list.length, pageIndex: 0, pageSize: list.length };
    },
  );
};
