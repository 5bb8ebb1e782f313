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
