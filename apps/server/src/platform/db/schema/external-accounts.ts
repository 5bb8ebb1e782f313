import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { timestamps } from './columns.ts';

/**
 * SPEC §3 external account: a provider account linked to a user (modules/external-accounts). The
 * provider's tokens are sealed (platform/crypto, context `external-account:<id>:<kind>`); the
 * subject is the provider's stable id of the person (`sub`, Facebook's app-scoped user id).
 */
export const externalAccounts = pgTable(
  'external_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** apple, facebook, linkedin, instagram, bookingsuite, apaleo. */
    provider: text('provider').notNull(),
    categoryId: integer('category_id').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    displayName: text('display_name'),
    scopes: text('scopes').array().notNull().default([]),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    /** When the access token ends (null: the provider does not say). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** When the refresh job next renews the tokens (null: nothing to renew). */
    refreshAt: timestamp('refresh_at', { withTimezone: true }),
    /** ok; broken: a refresh was refused (reconnect). */
    status: text('status').notNull().default('ok'),
    lastRefreshAt: timestamp('last_refresh_at', { withTimezone: true }),
    lastErrorKey: text('last_error_key'),
    /** Refreshes that failed in a row for a passing reason (the provider away). */
    failures: integer('failures').notNull().default(0),
    /** Booking suite: the hotels the provider says the account manages. */
    hotelIds: text('hotel_ids').array().notNull().default([]),
    /** apaleo: `{syncProperties, syncInventory}` (SPEC §3). */
    additionalInfo: jsonb('additional_info').notNull().default({}),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('external_accounts_provider_subject_idx').on(t.provider, t.subject),
    uniqueIndex('external_accounts_user_provider_idx').on(t.userId, t.provider),
    index('external_accounts_refresh_idx')
      .on(t.refreshAt)
      .where(sql`${t.refreshAt} is not null`),
  ],
);

/**
 * A sign-in started at a provider (POST /api/externalaccount/authorize): its state and nonce are
 * single use and expire (EXTERNAL_STATE_TTL_SECONDS). A web sign-in is bound to the browser that
 * started it (the hash of its cookie). While the client is asked for a password or the terms, the
 * provider's verified answer waits here, sealed.
 */
export const externalAuthStates = pgTable('external_auth_states', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  stateHash: text('state_hash').notNull().unique(),
  provider: text('provider').notNull(),
  /** login, connect. */
  intent: text('intent').notNull(),
  /** connect: who connects. */
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  /** SHA-256 of the browser's binding cookie; null for a native app. */
  bindingHash: text('binding_hash'),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  accountType: integer('account_type'),
  termsaccepted: boolean('termsaccepted').notNull().default(false),
  /** The provider's verified answer, sealed, while the client is asked for a password or the terms. */
  identity: text('identity'),
  usedAt: timestamp('used_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
