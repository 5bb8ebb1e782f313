import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc } from 'drizzle-orm';
import {
  CountryInputSchema,
  CountrySchema,
  IndustrySchema,
  LanguageSchema,
  listResponseSchema,
  LOCALES,
  ReferenceItemInputSchema,
  ReferenceItemSchema,
  TimeZoneInputSchema,
  Permission,
} from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import {
  academicTitles,
  contacts,
  countries,
  documentTemplateCategories,
  industries,
  languages,
  salutations,
  timeZones,
} from '../../platform/db/schema/index.ts';
import { resource } from '../../platform/http/resource.ts';
import { countryView } from './country-names.ts';

/** Reference lists change rarely; clients and proxies may keep them for an hour. */
const REFERENCE_CACHE = 'public, max-age=3600';

/**
 * Reference data (SPEC §3, §7): public to read, written by an admin through the generic resource
 * calls. Country names follow the request's app-language.
 */
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

  /** SPEC §7 GET /api/country/list2: every country, sorted by its name in the app-language. */
  app.get(
    '/api/country/list2',
    { schema: { response: { 200: listResponseSchema(CountrySchema) }, tags: ['reference'] }, config: { auth: 'public' } },
    async (req, reply) => {
      const lang = req.ctx.language;
      const rows = await db.select().from(countries);
      const collator = new Intl.Collator(LOCALES[lang]);
      const list = rows.map((r) => countryView(r, lang)).sort((a, b) => collator.compare(a.name, b.name));
      reply.header('cache-control', REFERENCE_CACHE).header('vary', 'app-language');
      return { list, total: list.length, pageIndex: 0, pageSize: list.length };
    },
  );

  resource(app, db, {
    path: '/api/country/',
    name: 'country',
    table: countries,
    item: CountrySchema,
    input: CountryInputSchema,
    policy: { read: 'public', write: Permission.referenceEdit, report: false },
    toApi: (r, req) => countryView(r as typeof countries.$inferSelect, req.ctx.language),
    toRow: (i) => ({ id: i.id, key: i.key, countrykey: i.countrykey, name: i.name }),
    defaults: () => ({ key: '', countrykey: '', name: '' }),
    list: {
      filters: { key: countries.key, countrykey: countries.countrykey },
      sorts: { id: countries.id, key: countries.key, countrykey: countries.countrykey },
    },
    tags: ['reference'],
  });

  const plain = [
    { path: '/api/salutation/', name: 'salutation', table: salutations },
    { path: '/api/academictitle/', name: 'academictitle', table: academicTitles },
    { path: '/api/contact/', name: 'contact', table: contacts },
    { path: '/api/documenttemplatecategory/', name: 'documenttemplatecategory', table: documentTemplateCategories },
    { path: '/api/timezone/', name: 'timezone', table: timeZones, input: TimeZoneInputSchema },
  ];
  for (const p of plain) {
    resource(app, db, {
      path: p.path,
      name: p.name,
      table: p.table,
      item: ReferenceItemSchema,
      input: p.input ?? ReferenceItemInputSchema,
      policy: { read: 'public', write: Permission.referenceEdit, report: false },
      toApi: (r) => ({ id: r.id as number, key: r.key as string, name: r.name as string }),
      toRow: (i) => ({ key: i.key, name: i.name }),
      defaults: () => ({ key: '', name: '' }),
      list: { filters: { key: p.table.key }, sorts: { id: p.table.id, key: p.table.key, name: p.table.name } },
      tags: ['reference'],
    });
  }
};
