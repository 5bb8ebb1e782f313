import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { OverlayButton, OverlayFrequency, OverlaySchedule, OverlayTrigger, OverlayWhere } from '@spotlist/contracts';
import { timestamps } from './columns.ts';
import { users } from './accounts.ts';
import { documents } from './documents.ts';

/** One language's content as stored: the rich text already sanitized (modules/overlays/sanitize.ts). */
export interface OverlayContentRow {
  title: string;
  html: string;
  imageDocumentId: number | null;
  buttons: OverlayButton[];
}

/**
 * A business's overlay site: the random id its website's embed names
 * (`data-spotlist-overlay`), made with its first overlay. One per business.
 */
export const overlaySites = pgTable('overlay_sites', {
  ownerId: integer('owner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  publicId: text('public_id').notNull().unique(),
  ...timestamps,
});

/**
 * An overlay (SPEC §3: id, language; draft or published): the settings all its languages share.
 * `revision` grows with every change of the overlay or a language's published content: a
 * visitor's "seen" record and the public answer's ETag key on it.
 */
export const overlays = pgTable(
  'overlays',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    format: text('format').notNull(),
    where: jsonb('where').$type<OverlayWhere>().notNull(),
    trigger: jsonb('trigger').$type<OverlayTrigger>().notNull(),
    frequency: jsonb('frequency').$type<OverlayFrequency>().notNull(),
    schedule: jsonb('schedule').$type<OverlaySchedule>().notNull(),
    /** The schedule as instants (from the local times in its time zone), for "applies now". */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    fallback: text('fallback')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    revision: integer('revision').notNull().default(1),
    ...timestamps,
  },
  (t) => [index('overlays_owner_idx').on(t.ownerId)],
);

/** One language of an overlay: its draft, and what was published of it (null: never). */
export const overlayTexts = pgTable(
  'overlay_texts',
  {
    overlayId: integer('overlay_id')
      .notNull()
      .references(() => overlays.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    draft: jsonb('draft').$type<OverlayContentRow>().notNull(),
    published: jsonb('published').$type<OverlayContentRow>(),
    draftUpdatedAt: timestamp('draft_updated_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** The picture, for the documents module's "in use" checks and the cascade. */
    imageDocumentId: integer('image_document_id').references(() => documents.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.overlayId, t.language] })],
);

/** Overlay analytics as daily counts per language, without cookies or addresses (as widget analytics). */
export const overlayStatsDaily = pgTable(
  'overlay_stats_daily',
  {
    overlayId: integer('overlay_id')
      .notNull()
      .references(() => overlays.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    day: date('day').notNull(),
    event: text('event').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.overlayId, t.language, t.day, t.event] }),
    check('overlay_stats_daily_event_check', sql`${t.event} in ('view', 'click', 'close')`),
  ],
);
