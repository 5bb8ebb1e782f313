import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { industries, languages } from './reference.ts';
import { countries } from './reference-lists.ts';
import { documents } from './documents.ts';

/** The spec's "client with a domain": the tenant users belong to. */
export const clients = pgTable('clients', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  domain: text('domain').notNull().unique(),
  ...timestamps,
});

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    email: text('email').notNull(),
    /** Null for an account made by a provider login (modules/external-accounts) until a password is set. */
    passwordHash: text('password_hash'),
    emailVerified: boolean('email_verified').notNull().default(false),
    nickname: text('nickname').notNull().default(''),
    firstname: text('firstname').notNull().default(''),
    lastname: text('lastname').notNull().default(''),
    nameVisibility: integer('name_visibility').notNull().default(1),
    accountType: integer('account_type').notNull(),
    industryId: integer('industry_id').references(() => industries.id),
    languageId: integer('language_id')
      .notNull()
      .default(1)
      .references(() => languages.id),
    profileFilled: boolean('profile_filled').notNull().default(false),
    hasGuest: boolean('has_guest').notNull().default(false),
    widgetv1activated: boolean('widgetv1activated').notNull().default(false),
    widgetv2activated: boolean('widgetv2activated').notNull().default(false),
    aiassistantactivated: boolean('aiassistantactivated').notNull().default(false),
    overlayactivated: boolean('overlayactivated').notNull().default(false),
    gpstrackingactivated: boolean('gpstrackingactivated').notNull().default(false),
    /** Locked by an admin: no login, every session ended, until unlocked. */
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    /** Suspended by a moderator until then: the account reads its notices and appeals, nothing else. */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    /** Others get this user suggested (modules/relations); the user turns it off on the People page. */
    discoverable: boolean('discoverable').notNull().default(true),
    // Profile (SPEC §3, §7 "Profile and settings"); null when empty.
    description: text('description'),
    homepageUrl: text('homepage_url'),
    // business
    street: text('street'),
    streetnumber: text('streetnumber'),
    zip: text('zip'),
    city: text('city'),
    /** The selected place of the city when it was picked from the city search. */
    cityLatitude: doublePrecision('city_latitude'),
    cityLongitude: doublePrecision('city_longitude'),
    cityPlaceid: text('city_placeid'),
    countryId: integer('country_id').references(() => countries.id),
    taxid: text('taxid'),
    numberofrooms: integer('numberofrooms'),
    // blogger
    bloggertype: text('bloggertype'),
    gender: integer('gender'),
    birthday: date('birthday', { mode: 'string' }),
    // SPEC §3 picturedocument / logodocument
    pictureDocumentId: integer('picture_document_id').references((): AnyPgColumn => documents.id, { onDelete: 'set null' }),
    logoDocumentId: integer('logo_document_id').references((): AnyPgColumn => documents.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    check('users_gender_check', sql`${t.gender} in (1, 2)`),
    check('users_numberofrooms_check', sql`${t.numberofrooms} >= 0`),
  ],
);

/**
 * One row per issued access/refresh pair. Refreshing rotates: the old row is marked rotated and a
 * new row joins the same family. Presenting a rotated refresh token revokes the family.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    accessHash: text('access_hash').notNull().unique(),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
    refreshHash: text('refresh_hash').notNull().unique(),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId), index('auth_sessions_family_idx').on(t.familyId)],
);

/** One-time tokens sent by mail: password reset and e-mail verification. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['reset', 'verify'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

export const securityRoles = pgTable('security_roles', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
  ...timestamps,
});

export const userSecurityRoles = pgTable(
  'user_security_roles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    securityRoleId: integer('security_role_id')
      .notNull()
      .references(() => securityRoles.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('user_security_roles_pair_idx').on(t.userId, t.securityRoleId)],
);
