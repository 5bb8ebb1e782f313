import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { users } from './accounts.ts';
import { documents } from './documents.ts';
import { places } from './places.ts';
import { lists } from './lists.ts';
import { guestUsers } from './widgets.ts';

/** SPEC §3 /api/messagecategory/: seeded 1 personal, 2 enquiry, 3 guest, 4 booking, 5 support; admins add more. */
export const messageCategories = pgTable('message_categories', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  ...timestamps,
});

/**
 * A conversation (contracts messaging-constants ConversationKind: 1 direct, 2 group, 3 guest).
 * `last_seq` numbers messages without gaps; `last_rev` counts every change (new, edited, deleted
 * message), so a client catches up with "changes after rev N". Both are taken under the row's lock.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: smallint('kind').notNull(),
    title: text('title'),
    categoryId: integer('category_id')
      .notNull()
      .references(() => messageCategories.id),
    /** 1 open, 2 done (a business's inbox). */
    status: smallint('status').notNull().default(1),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** A direct conversation's pair, `<lower id>:<higher id>`: one conversation per pair. */
    directKey: text('direct_key').unique(),
    /** A guest conversation's guest, and the business it writes to (one conversation per guest and business). */
    guestId: integer('guest_id').references(() => guestUsers.id, { onDelete: 'cascade' }),
    guestBusinessId: integer('guest_business_id').references(() => users.id, { onDelete: 'cascade' }),
    guestReadSeq: bigint('guest_read_seq', { mode: 'number' }).notNull().default(0),
    /** The business blocked the guest: it reads, but cannot write any more. */
    guestBlockedAt: timestamp('guest_blocked_at', { withTimezone: true }),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
    lastRev: bigint('last_rev', { mode: 'number' }).notNull().default(0),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('conversations_guest_idx').on(t.guestId, t.guestBusinessId),
    check('conversations_kind_check', sql`${t.kind} between 1 and 3`),
    check('conversations_status_check', sql`${t.status} between 1 and 2`),
  ],
);

export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    admin: boolean('admin').notNull().default(false),
    readSeq: bigint('read_seq', { mode: 'number' }).notNull().default(0),
    /** Denormalized for the overview's order: the conversation's last activity. */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index('conversation_members_user_idx').on(t.userId, t.lastActivityAt)],
);

export const meetings = pgTable('meetings', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  conversationId: integer('conversation_id')
    .notNull()
    .references(() => conversations.id, { onDelete: 'cascade' }),
  /** Unguessable, lowercase (the Jitsi room name). */
  room: text('room').notNull().unique(),
  title: text('title'),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  createdBy: integer('created_by')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const messages = pgTable(
  'messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    rev: bigint('rev', { mode: 'number' }).notNull(),
    /** The writing user; null for the guest (and for a user whose account is gone). */
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    fromGuest: boolean('from_guest').notNull().default(false),
    text: text('text').notNull().default(''),
    placeId: integer('place_id').references(() => places.id, { onDelete: 'set null' }),
    listId: integer('list_id').references(() => lists.id, { onDelete: 'set null' }),
    documentId: integer('document_id').references(() => documents.id, { onDelete: 'set null' }),
    meetingId: integer('meeting_id').references(() => meetings.id, { onDelete: 'set null' }),
    replyToId: integer('reply_to_id'),
    /** The sender's retry key: the same one answers the stored message. */
    clientId: text('client_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('messages_seq_idx').on(t.conversationId, t.seq),
    index('messages_rev_idx').on(t.conversationId, t.rev),
    uniqueIndex('messages_client_idx').on(t.conversationId, t.senderId, t.clientId),
    index('messages_document_idx').on(t.documentId),
  ],
);
