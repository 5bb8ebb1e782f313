import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

/** SPEC §3 language (id, isocode, key, name); ids 1 English and 2 German are fixed. */
export const languages = pgTable('languages', {
  id: integer('id').primaryKey(),
  isocode: text('isocode').notNull(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  ...timestamps,
});

/** SPEC §3 industry; ids 1-10 fixed, only hospitality has rooms. */
export const industries = pgTable('industries', {
  id: integer('id').primaryKey(),
  key: text('key').notNull().unique(),
  hasrooms: boolean('hasrooms').notNull().default(false),
  ...timestamps,
});

/**
 * What a start's seeding last wrote, by seed (e.g. 'reference'): the fingerprint of its rows, so a
 * start whose rows are unchanged skips the upserts (docs/decisions/0025).
 */
export const seedStates = pgTable('seed_states', {
  name: text('name').primaryKey(),
  fingerprint: text('fingerprint').notNull(),
  ...timestamps,
});
