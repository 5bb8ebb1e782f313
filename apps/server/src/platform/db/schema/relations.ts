import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { users } from './accounts.ts';

/** SPEC §3 /api/userrelationcategory/: 1 private, 2 business (seeded by the migration). */
export const userRelationCategories = pgTable('user_relation_categories', {
  id: integer('id').primaryKey(),
  key: text('key').notNull().unique(),
});

/**
 * SPEC §3 /api/userrelation/: one user's row about another (contracts relations.ts RelationType:
 * 1 match, 2 nomatch, 3 friend, 4 follow, 5 block). Friend rows come in pairs, made together by
 * the second yes; every other row is its user's alone. A row never names a third person.
 */
export const userRelations = pgTable(
  'user_relations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    relatedUserId: integer('related_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    /** The category of a match, a no or a friendship; null for follow and block. */
    categoryId: integer('category_id').references(() => userRelationCategories.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_relations_row_idx').on(t.userId, t.relatedUserId, t.type, sql`coalesce(${t.categoryId}, 0)`),
    index('user_relations_related_idx').on(t.relatedUserId, t.type, t.userId),
    index('user_relations_user_type_idx').on(t.userId, t.type, t.relatedUserId),
    check('user_relations_not_self', sql`${t.userId} <> ${t.relatedUserId}`),
    check('user_relations_type_check', sql`${t.type} between 1 and 5`),
  ],
);

/** /api/usergroup/: a named set of the owner's friends (visibility 32 reads for its members). */
export const userGroups = pgTable(
  'user_groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('user_groups_owner_name_idx').on(t.ownerId, sql`lower(${t.name})`)],
);

export const userGroupMembers = pgTable(
  'user_group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => userGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('user_group_members_user_idx').on(t.userId)],
);

