import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

/**
 * SPEC §3 country (id, key, name, countrykey). id = ISO 3166-1 numeric code (Germany 276),
 * key = lower-case alpha-2, countrykey = upper-case alpha-2. `name` is the English name, used
 * only when no localized name is known for the code (answers localize by app-language).
 */
export const countries = pgTable('countries', {
  id: integer('id').primaryKey(),
  key: text('key').notNull().unique(),
  countrykey: text('countrykey').notNull().unique(),
  name: text('name').notNull(),
  ...timestamps,
});

/** Plain reference lists: a stable key the web app translates and an English fallback name. */
const referenceList = (name: string) =>
  pgTable(name, {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    key: text('key').notNull().unique(),
    name: text('name').notNull(),
    ...timestamps,
  });

export const salutations = referenceList('salutations');
export const academicTitles = referenceList('academic_titles');
/** IANA time zones (key and name are the IANA name). */
export const timeZones = referenceList('time_zones');
/** Contact categories: what a contact request is about (SPEC §3 contact, /api/contact/). */
export const contacts = referenceList('contacts');
export const documentTemplateCategories = referenceList('document_template_categories');
