import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { users } from './accounts.ts';
import { conversations } from './messaging.ts';

/**
 * SPEC §3 push device: one install's registration for one user. `device_id` names the install and
 * `token_hash` (SHA-256 of the token) the subscription: each is unique, so the same install
 * logging in as another user moves its one row (modules/push README).
 */
export const pushDevices = pgTable(
  'push_devices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The Web Push subscription as JSON (web) or the FCM registration token (ios, android). */
    token: text('token').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** 1 web, 2 ios, 3 android (contracts PUSH_PLATFORMS, 1-based). */
    platform: smallint('platform').notNull(),
    deviceId: text('device_id').notNull().unique(),
    label: text('label'),
    /** The last delivery the push service accepted. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** The last delivery that failed for good, and why (`fcm.notconfigured`, `http.400`, …). */
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('push_devices_user_idx').on(t.userId), check('push_devices_platform_check', sql`${t.platform} between 1 and 3`)],
);

/** A user's push settings; no row: the defaults (contracts DEFAULT_PUSH_SETTINGS). */
export const pushSettings = pgTable('push_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Kinds switched off (contracts PUSH_KINDS); every other kind is on. */
  kindsOff: jsonb('kinds_off').$type<string[]>().notNull().default([]),
  hideMessageText: boolean('hide_message_text').notNull().default(false),
  /** "HH:MM" in time_zone; both null: no quiet hours. */
  quietStart: text('quiet_start'),
  quietEnd: text('quiet_end'),
  quietMode: text('quiet_mode'),
  timeZone: text('time_zone').notNull().default('Europe/Berlin'),
  ...timestamps,
});

/**
 * How far a member's message notices of a conversation got: the conversation's seq the last
 * notice covered. A notice job sends only when newer messages exist, so a burst folds into one.
 */
export const pushConversationMarks = pgTable(
  'push_conversation_marks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    notifiedSeq: bigint('notified_seq', { mode: 'number' }).notNull().default(0),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.userId, t.conversationId] })],
);

/** The server's VAPID key pair when the environment gives none: one row, shared by every instance (private key sealed). */
export const pushVapidKeys = pgTable(
  'push_vapid_keys',
  {
    id: smallint('id').primaryKey(),
    publicKey: text('public_key').notNull(),
    privateKeySealed: text('private_key_sealed').notNull(),
    ...timestamps,
  },
  (t) => [check('push_vapid_keys_one_row', sql`${t.id} = 1`)],
);
