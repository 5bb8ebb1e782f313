import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ListKind } from '@spotlist/contracts';
import { timestamps } from './columns.ts';
import { users } from './accounts.ts';
import { places } from './places.ts';

/**
 * A user's lists of places. Likes are lists too: kind `likes`, addressed by name (`default` is
 * the default), so liking is adding an item (ARCHITECTURE: one mechanism for likes and lists).
 */
export const lists = pgTable(
  'lists',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ListKind>().notNull().default('list'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    visibility: integer('visibility').notNull().default(1),
    /** Hidden by a moderator (modules/moderation): only its owner reads it. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('lists_owner_idx').on(t.ownerId, t.kind),
    // GET /api/like/{name}: one like list per owner and name, whatever the case
    uniqueIndex('lists_likes_name_idx')
      .on(t.ownerId, sql`lower(${t.name})`)
      .where(sql`${t.kind} = 'likes'`),
    index('lists_public_idx')
      .on(t.updatedAt)
      .where(sql`${t.visibility} = 255`),
    check('lists_kind_check', sql`${t.kind} in ('list', 'likes')`),
    check('lists_visibility_check', sql`${t.visibility} in (1, 4, 32, 64, 255)`),
  ],
);

/** The places of a list in order, each with the owner's note; a place is in a list at most once. */
export const listItems = pgTable(
  'list_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    listId: integer('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    placeId: integer('place_id')
      .notNull()
      .references(() => places.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    note: text('note').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('list_items_list_place_idx').on(t.listId, t.placeId),
    index('list_items_list_position_idx').on(t.listId, t.position),
    // who saved a place, answered from the index alone (suggestions: modules/relations)
    index('list_items_place_list_idx').on(t.placeId, t.listId),
  ],
);

/**
 * A grant to read a list: to named users (share_recipients), and/or to anyone holding the link's
 * token (stored hashed; the link is shown once). Ends at `expires_at` or when revoked.
 */
export const shares = pgTable(
  'shares',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    listId: integer('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('shares_list_idx').on(t.listId), index('shares_owner_idx').on(t.ownerId)],
);

export const shareRecipients = pgTable(
  'share_recipients',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    shareId: integer('share_id')
      .notNull()
      .references(() => shares.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('share_recipients_pair_idx').on(t.shareId, t.userId), index('share_recipients_user_idx').on(t.userId)],
);
