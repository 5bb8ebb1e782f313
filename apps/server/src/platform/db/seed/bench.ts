// Bulk data for the benchmark: places around a centre and like lists, straight into the database.
// It imports only types and lib/prng.ts (which imports nothing), so `node` runs this file as it is
// (type stripping) from bench/*.mjs:
//
//   import { seedBenchPlaces } from '../apps/server/src/db/seed/bench.ts';
//   const db = await sql();                        // a pg Client on the benchmark database
//   const { placeIds } = await seedBenchPlaces(db, { places: 10_000, likers: users.map((u) => u.id), likesPerUser: 100 });
//
// It writes no users and no sessions: sign users up through the API first and pass their ids.

import { mulberry32 } from '../../../lib/prng.ts';

/** Anything with pg's `query(text, params)`: a pg Client or Pool, or PGlite. */
export interface SqlClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
}

export interface BenchPlacesOptions {
  /** How many catalogue places to create (public, source 'manual'). */
  places: number;
  /** User ids that get a like list; default none. */
  likers?: number[];
  /** Likes per liker, distinct places (at most `places`); default 100. */
  likesPerUser?: number;
  /** The like list's name; default 'default' (GET /api/like/default). */
  listName?: string;
  /** Places lie in a disc around this centre; default Marienplatz, Munich. */
  center?: { lat: number; lng: number };
  /** The disc's radius in metres; default 20 km. */
  radiusMeters?: number;
  /** PRNG seed: the same options give the same data; default 20261121. */
  seed?: number;
}

export interface BenchPlacesResult {
  /** The new places' ids, in creation order. */
  placeIds: number[];
  /** The like list id per liker, in the order of `likers`. */
  likeListIds: number[];
  /** Like items written. */
  likes: number;
  ms: number;
}

const CATEGORIES = ['sight', 'museum', 'park', 'restaurant', 'cafe', 'bar', 'market', 'shop', 'hotel', 'venue'];
const TAGS = ['step_free', 'accessible_toilet', 'hearing_loop', 'elevator'];
const CHUNK = 5000;

/** mulberry32 (lib/prng.ts, no imports of its own), as bench/dataset.mjs uses. */
const prng = mulberry32;

/**
 * Creates `places` public places spread uniformly over a disc and, for every liker, a like list
 * with `likesPerUser` distinct places — with a handful of multi-row statements (arrays through
 * unnest), so 10,000 places and 20,000 likes take well under a second on PostgreSQL.
 */
export async function seedBenchPlaces(db: SqlClient, options: BenchPlacesOptions): Promise<BenchPlacesResult> {
  const started = performance.now();
  const random = prng(options.seed ?? 20261121);
  const center = options.center ?? { lat: 48.137154, lng: 11.57549 };
  const radius = options.radiusMeters ?? 20_000;
  const count = Math.max(0, Math.floor(options.places));
  const placeIds: number[] = [];

  for (let start = 0; start < count; start += CHUNK) {
    const n = Math.min(CHUNK, count - start);
    const names: string[] = [];
    const lats: number[] = [];
    const lngs: number[] = [];
    const categories: string[] = [];
    const tags: string[] = [];
    for (let i = 0; i < n; i++) {
      // uniform over the disc: sqrt for the distance, flat-earth offsets (fine at city scale)
      const d = radius * Math.sqrt(random());
      const bearing = 2 * Math.PI * random();
      const lat = center.lat + ((d * Math.cos(bearing)) / 6_371_008.8) * (180 / Math.PI);
      const lng = center.lng + ((d * Math.sin(bearing)) / (6_371_008.8 * Math.cos((center.lat * Math.PI) / 180))) * (180 / Math.PI);
      const category = CATEGORIES[Math.floor(random() * CATEGORIES.length)];
      names.push(`Bench ${category} ${start + i + 1}`);
      lats.push(Math.round(lat * 1e6) / 1e6);
      lngs.push(Math.round(lng * 1e6) / 1e6);
      categories.push(category);
      tags.push(`{${TAGS.filter(() => random() < 0.3).join(',')}}`);
    }
    const res = await db.query(
      `insert into places (name, description, latitude, longitude, city, country, category, accessibility, source, visibility, search_text)
       select n, 'A place made for the benchmark.', la, lo, 'München', 'DE', c, t::text[], 'manual', 255, lower(n || ' münchen')
       from unnest($1::text[], $2::float8[], $3::float8[], $4::text[], $5::text[]) as u(n, la, lo, c, t)
       returning id`,
      [names, lats, lngs, categories, tags],
    );
    // identities are drawn in row order: ascending ids follow the generated order
    placeIds.push(...res.rows.map((r) => Number(r.id)).sort((a, b) => a - b));
  }

  const likers = options.likers ?? [];
  const perUser = Math.min(options.likesPerUser ?? 100, placeIds.length);
  const listName = options.listName ?? 'default';
  const likeListIds: number[] = [];
  let likes = 0;
  if (likers.length > 0 && perUser > 0) {
    await db.query(
      `insert into lists (owner_id, kind, name) select u, 'likes', $2 from unnest($1::int[]) as u
       on conflict do nothing`,
      [likers, listName],
    );
    const found = await db.query(
      `select id, owner_id from lists where owner_id = any($1::int[]) and kind = 'likes' and lower(name) = lower($2)`,
      [likers, listName],
    );
    const listOf = new Map(found.rows.map((r) => [Number(r.owner_id), Number(r.id)]));
    const listIds: number[] = [];
    const items: number[] = [];
    const positions: number[] = [];
    const flush = async () => {
      if (listIds.length === 0) return;
      const res = await db.query(
        `insert into list_items (list_id, place_id, position)
         select l, p, pos from unnest($1::int[], $2::int[], $3::int[]) as u(l, p, pos)
         on conflict (list_id, place_id) do nothing
         returning 1`,
        [listIds, items, positions],
      );
      likes += res.rows.length;
      listIds.length = 0;
      items.length = 0;
      positions.length = 0;
    };
    for (const userId of likers) {
      const listId = listOf.get(userId)!;
      likeListIds.push(listId);
      const picked = new Set<number>();
      while (picked.size < perUser) picked.add(placeIds[Math.floor(random() * placeIds.length)]);
      let position = 0;
      for (const placeId of picked) {
        listIds.push(listId);
        items.push(placeId);
        positions.push(position++);
      }
      if (listIds.length >= CHUNK) await flush();
    }
    await flush();
  }
  // fresh statistics, so the first plans already use the indexes
  for (const table of ['places', 'lists', 'list_items']) await db.query(`analyze ${table}`);
  return { placeIds, likeListIds, likes, ms: Math.round(performance.now() - started) };
}
