import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { languages } from './reference.ts';

/** Remote translation overrides (SPEC §7/§8): served per app language, merged over the web app's files. */
export const translationOverrides = pgTable(
  'translation_overrides',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    languageKey: text('language_key')
      .notNull()
      .references(() => languages.key, { onDelete: 'cascade', onUpdate: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('translation_overrides_lang_key_idx').on(t.languageKey, t.key)],
);
