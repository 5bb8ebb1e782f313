import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { users } from './accounts.ts';
import { languages } from './reference.ts';

/** SPEC §3 locationList.list of a business: selected places with an optional name, kept in order. */
export const userLocations = pgTable(
  'user_locations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name'),
    city: text('city').notNull(),
    /** ISO alpha-2, upper case. */
    country: text('country').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    placeid: text('placeid').notNull(),
    visibility: integer('visibility').notNull().default(255),
    ...timestamps,
  },
  (t) => [index('user_locations_user_idx').on(t.userId, t.position)],
);

/** SPEC §7 /api/setting/: per-user key/value settings. */
export const settings = pgTable(
  'settings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: jsonb('value').$type<unknown>(),
    ...timestamps,
  },
  (t) => [uniqueIndex('settings_user_key_idx').on(t.userId, t.key)],
);

/** SPEC §7 /api/language/add|remove|assignDefault: the content languages a user offers; at most one default. */
export const userLanguages = pgTable(
  'user_languages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    languageId: integer('language_id')
      .notNull()
      .references(() => languages.id, { onDelete: 'cascade' }),
    isDefault: boolean('is_default').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('user_languages_pair_idx').on(t.userId, t.languageId),
    uniqueIndex('user_languages_default_idx')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);
