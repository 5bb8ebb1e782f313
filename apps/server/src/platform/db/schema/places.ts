import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { PlaceCategory, PlaceSource, PlaceTextsView } from '@spotlist/contracts';
import { timestamps } from './columns.ts';
import { users } from './accounts.ts';

/**
 * The one shared catalogue of places. Texts per language live in `texts` (jsonb
 * `{ de: { name, description } }`, read with the row, no join); `name`/`description` are the
 * place's own. Coordinates are null for imported places that "need a location". Pictures wait for
 * the document upload pipeline (a `place_documents` link table then).
 */
export const places = pgTable(
  'places',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description'),
    texts: jsonb('texts').$type<PlaceTextsView>().notNull().default({}),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    address: text('address'),
    city: text('city'),
    /** ISO 3166-1 alpha-2, upper case. */
    country: text('country'),
    category: text('category').$type<PlaceCategory>().notNull().default('other'),
    website: text('website'),
    phone: text('phone'),
    accessibility: text('accessibility')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    source: text('source').$type<PlaceSource>().notNull().default('manual'),
    externalId: text('external_id'),
    /** SPEC §3 levels; 255 is in the public catalogue, anything else is its creator's (imports are 1). */
    visibility: integer('visibility').notNull().default(255),
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    /** Lower-cased, accent-free names (every language), address and city: what f.q searches. */
    searchText: text('search_text').notNull().default(''),
    /** Hidden by a moderator (modules/moderation): only its creator and moderators read it. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // nearby search: a latitude range from the bounding box, then longitude, then the haversine
    index('places_lat_lng_idx').on(t.latitude, t.longitude),
    index('places_creator_idx').on(t.creatorId),
    index('places_category_idx').on(t.category),
    index('places_accessibility_idx').using('gin', t.accessibility),
    index('places_source_external_idx').on(t.source, t.externalId),
    check('places_latitude_check', sql`${t.latitude} between -90 and 90`),
    check('places_longitude_check', sql`${t.longitude} between -180 and 180`),
    check('places_coordinates_check', sql`(${t.latitude} is null) = (${t.longitude} is null)`),
    check('places_visibility_check', sql`${t.visibility} in (1, 4, 32, 64, 255)`),
    check('places_source_check', sql`${t.source} in ('manual', 'imported', 'osm')`),
  ],
);
