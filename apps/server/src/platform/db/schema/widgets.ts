import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { users } from './accounts.ts';
import { places } from './places.ts';
import { documents } from './documents.ts';

/** Per content language: the widget's title and intro shown above its POIs. */
export type WidgetTextsRow = Record<string, { title?: string; intro?: string }>;
/** Colours and the first view a visitor sees. */
export type WidgetStyleRow = { primaryColor?: string; backgroundColor?: string; textColor?: string; firstView?: 'list' | 'map' };
/** Per content language: a POI's name/description as the business words them (over the place's own). */
export type PoiTextsRow = Record<string, { name?: string; description?: string }>;

/**
 * A business's widget of recommended places (SPEC §2 WidgetPage v1, WidgetListPage/DetailPage v2).
 * `version` 1 is the one widget of WidgetPage (at most one per owner); version 2 widgets are many.
 * `public_id` is random and is all a visitor ever sees. `revision` grows on every change of the
 * widget or its POIs: caches and ETags key on it.
 */
export const widgets = pgTable(
  'widgets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    publicId: text('public_id').notNull().unique(),
    version: integer('version').notNull().default(2),
    name: text('name').notNull(),
    texts: jsonb('texts').$type<WidgetTextsRow>().notNull().default({}),
    /** Content languages offered to visitors (app-language keys); empty means the owner's language only. */
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    style: jsonb('style').$type<WidgetStyleRow>().notNull().default({}),
    /** Hosts allowed to frame the widget (CSP frame-ancestors); empty means any. */
    allowedDomains: text('allowed_domains')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    revision: integer('revision').notNull().default(1),
    /** Hidden by a moderator (modules/moderation): no visitor's answer shows it; its owner still edits it. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('widgets_owner_idx').on(t.ownerId, t.version),
    uniqueIndex('widgets_v1_owner_idx')
      .on(t.ownerId)
      .where(sql`${t.version} = 1`),
    check('widgets_version_check', sql`${t.version} in (1, 2)`),
  ],
);

/** The POIs of a widget in order: a catalogue place, the business's own words, a picture. */
export const widgetPois = pgTable(
  'widget_pois',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    widgetId: integer('widget_id')
      .notNull()
      .references(() => widgets.id, { onDelete: 'cascade' }),
    placeId: integer('place_id')
      .notNull()
      .references(() => places.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    texts: jsonb('texts').$type<PoiTextsRow>().notNull().default({}),
    pictureDocumentId: integer('picture_document_id').references(() => documents.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('widget_pois_widget_place_idx').on(t.widgetId, t.placeId),
    index('widget_pois_widget_position_idx').on(t.widgetId, t.position),
    index('widget_pois_place_idx').on(t.placeId),
  ],
);

/** A business's widget settings by name (GET /api/widget/setting/{name}; `default` when none). */
export const widgetSettings = pgTable(
  'widget_settings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: jsonb('value').$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [uniqueIndex('widget_settings_owner_name_idx').on(t.ownerId, sql`lower(${t.name})`)],
);

/** Per content language: the guest app's welcome text. */
export type GuestWelcomeRow = Record<string, { title?: string; text?: string }>;
export type GuestContactRow = { phone?: string; email?: string; website?: string; address?: string; hours?: string };

/**
 * The business's guest-mode app (SPEC §2 GuestModeAppPage, `hasGuest`): one per owner. Guests open
 * `/g/{publicId}` (optionally `?u=<unit>` for a room or table, which only labels analytics).
 */
export const guestApps = pgTable('guest_apps', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  ownerId: integer('owner_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  publicId: text('public_id').notNull().unique(),
  welcome: jsonb('welcome').$type<GuestWelcomeRow>().notNull().default({}),
  widgetIds: integer('widget_ids')
    .array()
    .notNull()
    .default(sql`'{}'::int[]`),
  listIds: integer('list_ids')
    .array()
    .notNull()
    .default(sql`'{}'::int[]`),
  contact: jsonb('contact').$type<GuestContactRow>().notNull().default({}),
  /** Room or table labels, one QR code each. */
  units: text('units')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  enabled: boolean('enabled').notNull().default(true),
  revision: integer('revision').notNull().default(1),
  ...timestamps,
});

/**
 * A visitor without an account (SPEC §3: the guest user, stored apart from users). The browser
 * keeps a random key under its own local key; only its SHA-256 is stored. When the guest signs up
 * or logs in from the guest app, `claimed_by` is set and the likes move to the user's like list.
 */
export const guestUsers = pgTable(
  'guest_users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    keyHash: text('key_hash').notNull().unique(),
    /** Where the guest came from: a widget's owner (the business). */
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    claimedBy: integer('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [index('guest_users_owner_idx').on(t.ownerId)],
);

/** A guest's liked places, apart from users' like lists. */
export const guestLikes = pgTable(
  'guest_likes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    guestUserId: integer('guest_user_id')
      .notNull()
      .references(() => guestUsers.id, { onDelete: 'cascade' }),
    placeId: integer('place_id')
      .notNull()
      .references(() => places.id, { onDelete: 'cascade' }),
    widgetId: integer('widget_id').references(() => widgets.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('guest_likes_guest_place_idx').on(t.guestUserId, t.placeId)],
);

/**
 * Widget analytics as daily counts, without cookies or addresses: one row per day, widget, place
 * (0 for the widget itself) and event (`view`, `open`, `like`, `click`).
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    widgetId: integer('widget_id')
      .notNull()
      .references(() => widgets.id, { onDelete: 'cascade' }),
    placeId: integer('place_id').notNull().default(0),
    event: text('event').notNull(),
    count: integer('count').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.day, t.widgetId, t.placeId, t.event] }),
    index('analytics_daily_widget_day_idx').on(t.widgetId, t.day),
    check('analytics_daily_event_check', sql`${t.event} in ('view', 'open', 'like', 'click')`),
  ],
);
