import { and, eq, sql, type Column, type Placeholder, type SQL } from 'drizzle-orm';
import {
  DEFAULT_LIKE_LIST,
  ErrorKey,
  LIKE_LIST_SORTS,
  type LatLng,
  type Like,
  type LikedPlace,
  type ListResponse,
  type PlaceTextsView,
  roundCoordinate,
} from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { listItems, lists, places } from '../../platform/db/schema/index.ts';
import { checkFilters, checkSort, readListQuery, pageTotal } from '../../platform/http/list-query.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../../platform/http/auth.ts';
import { centreOf, listsService } from '../lists/lists.service.ts';
import { distanceOrderSql, distanceSql, iso, localNameSql, qc, type Viewer } from '../places/place-sql.ts';
import { rawStatement } from '../../platform/db/prepared.ts';

/**
 * The owner's like list called `name` (any case). `kind = 'likes'` is written as a literal so the
 * planner matches the partial unique index lists_likes_name_idx (owner_id, lower(name)) even in a
 * generic plan of the prepared statement.
 */
const likeList = (owner: Placeholder | number, name: Placeholder | string) =>
  and(eq(lists.ownerId, owner), sql`${qc(lists.kind)} = 'likes'`, sql`lower(${qc(lists.name)}) = lower(${name})`);

export type LikeSort = { field: (typeof LIKE_LIST_SORTS)[number]; desc: boolean };

/**
 * GET /api/like/{name} is the benchmarked route. One statement: the like list by the partial
 * unique index above, its items by list_items_list_place_idx, places by primary key, the distance
 * per row and the total as a window count. It runs on the driver (rawStatement: named, so prepared
 * once per connection and sort order) with every column as text, and the rows become the answer
 * here without drizzle's per-row mapping, type parsing or the response schema's encode — together
 * most of the request's CPU before. likedView is toPlaceView for these rows: likes.test.ts checks
 * the answer against LikedPlaceSchema and compares every field with the place answers.
 */
export function likedPlacesQuery(db: Db, sorts: LikeSort[]) {
  const ph = sql.placeholder;
  const lat = ph('lat');
  const lng = ph('lng');
  const text = (c: Column) => sql<string>`${qc(c)}::text`;
  // "2026-11-21 08:16:54.123456" (fraction trimmed): turned into ISO 8601 by isoOf
  const utc = (c: Column) => sql<string>`(${qc(c)} at time zone 'UTC')::text`;
  const orderBy: SQL[] = sorts.map((s) => {
    if (s.field === 'distance') return distanceOrderSql(lat, lng, s.desc);
    if (s.field === 'name') return sql`${localNameSql(ph('lang'))} ${sql.raw(s.desc ? 'desc' : 'asc')}`;
    return sql`${qc(listItems.createdAt)} ${sql.raw(s.desc ? 'desc' : 'asc')}`;
  });
  return db
    .select({
      id: text(places.id),
      name: text(places.name),
      description: text(places.description),
      texts: text(places.texts),
      latitude: text(places.latitude),
      longitude: text(places.longitude),
      address: text(places.address),
      city: text(places.city),
      country: text(places.country),
      category: text(places.category),
      website: text(places.website),
      phone: text(places.phone),
      accessibility: sql<string>`array_to_json(${qc(places.accessibility)})::text`,
      visibility: text(places.visibility),
      source: text(places.source),
      externalId: text(places.externalId),
      creatorId: text(places.creatorId),
      createdAt: utc(places.createdAt),
      updatedAt: utc(places.updatedAt),
      distance: sql<string>`${distanceSql(lat, lng)}::text`,
      itemId: text(listItems.id),
      note: text(listItems.note),
      likedAt: utc(listItems.createdAt),
      total: sql<string>`(count(*) over ())::text`,
    })
    .from(lists)
    .innerJoin(listItems, eq(listItems.listId, lists.id))
    .innerJoin(places, eq(places.id, listItems.placeId))
    .where(likeList(ph('owner'), ph('name')))
    .orderBy(...orderBy, sql`${qc(listItems.id)} desc`)
    .limit(ph('limit'))
    .offset(ph('offset'));
}

const likedStatements = new WeakMap<Db, Map<string, ReturnType<typeof rawStatement>>>();

function likedStatement(db: Db, sorts: LikeSort[]) {
  const key = sorts.map((s) => `${s.field}${s.desc ? '_desc' : ''}`).join('_');
  let byKey = likedStatements.get(db);
  if (!byKey) likedStatements.set(db, (byKey = new Map()));
  let st = byKey.get(key);
  if (!st) byKey.set(key, (st = rawStatement(db, `liked_places_${key}`, likedPlacesQuery(db, sorts).toSQL())));
  return st;
}

/** "2026-11-21 08:16:54.12" (UTC) → "2026-11-21T08:16:54.120Z", as Date.toISOString writes it. */
const isoOf = (s: string): string => `${s.slice(0, 10)}T${s.slice(11, 19)}.${`${s.slice(20)}000`.slice(0, 3)}Z`;

/** A row of likedPlacesQuery (columns in its order) as the API answers it: toPlaceView's rules. */
function likedView(r: (string | null)[], viewer: Viewer): LikedPlace {
  const local = r[3] === '{}' || r[3] === null ? undefined : (JSON.parse(r[3]) as PlaceTextsView)[viewer.language];
  const latitude = r[4] === null ? null : roundCoordinate(Number(r[4]));
  const creatorId = r[16] === null ? null : Number(r[16]);
  return {
    id: Number(r[0]),
    name: local?.name || r[1]!,
    description: local?.description || r[2],
    latitude,
    longitude: r[5] === null ? null : roundCoordinate(Number(r[5])),
    needsLocation: latitude === null,
    distance: Number(r[19]),
    address: r[6],
    city: r[7],
    country: r[8],
    category: r[9] as LikedPlace['category'],
    website: r[10],
    phone: r[11],
    accessibility: JSON.parse(r[12]!) as LikedPlace['accessibility'],
    visibility: { id: Number(r[13]) },
    source: r[14] as LikedPlace['source'],
    externalId: r[15],
    creatorId,
    editable: viewer.admin || creatorId === viewer.userId,
    liked: true,
    createdAt: isoOf(r[17]!),
    updatedAt: isoOf(r[18]!),
    itemId: Number(r[20]),
    note: r[21]!,
    likedAt: isoOf(r[22]!),
  };
}

/**
 * Likes (SPEC §7): an item in one of the user's like lists (kind `likes`), made on the first like.
 * Liking a liked place again changes nothing; removing one that is not liked is 404
 * error.like.notfound. A place must be readable to be liked (404 error.place.notfound).
 */
export function likesService(db: Db) {
  const listsSvc = listsService(db);

  return {
    async list(name: string, query: unknown, viewer: Viewer & { userId: number }, header: LatLng | null): Promise<string> {
      const q = readListQuery(query);
      checkFilters(q, ['near']);
      const centre = centreOf(q.filters, header);
      const sorts = checkSort(q, LIKE_LIST_SORTS);
      const effective: LikeSort[] =
        sorts.length > 0 ? sorts : centre ? [{ field: 'distance', desc: false }] : [{ field: 'likedAt', desc: true }];
      const rows = await likedStatement(
        db,
        effective,
      )({
        owner: viewer.userId,
        name,
        lat: centre?.lat ?? null,
        lng: centre?.lng ?? null,
        lang: viewer.language,
        limit: q.pageSize,
        offset: q.pageIndex * q.pageSize,
      });
      const total = await pageTotal(rows.length, Number(rows[0]?.[23]), q, async () => {
        const [c] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(lists)
          .innerJoin(listItems, eq(listItems.listId, lists.id))
          .where(likeList(viewer.userId, name));
        return c.n;
      });
      const page: ListResponse<LikedPlace> = {
        list: rows.map((r) => likedView(r, viewer)),
        total,
        pageIndex: q.pageIndex,
        pageSize: q.pageSize,
      };
      return JSON.stringify(page);
    },

    async create(placeId: number, name: string = DEFAULT_LIKE_LIST, user: SessionUser): Promise<Like> {
      return db.transaction(async (t) => {
        const tx = t as unknown as Db;
        await listsSvc.readablePlace(tx, placeId, user);
        // the first like makes the list; a concurrent first like waits on the unique index, then finds it
        await tx.insert(lists).values({ ownerId: user.id, kind: 'likes', name }).onConflictDoNothing();
        const [list] = await tx
          .update(lists)
          .set({ updatedAt: new Date() })
          .where(likeList(user.id, name))
          .returning({ id: lists.id, name: lists.name });
        const [existing] = await tx
          .select({ id: listItems.id, createdAt: listItems.createdAt })
          .from(listItems)
          .where(and(eq(listItems.listId, list.id), eq(listItems.placeId, placeId)));
        const item =
          existing ??
          (
            await tx
              .insert(listItems)
              .values({
                listId: list.id,
                placeId,
                position: sql`(select count(*) from ${listItems} where ${qc(listItems.listId)} = ${list.id})`,
              })
              .returning({ id: listItems.id, createdAt: listItems.createdAt })
          )[0];
        return { listId: list.id, name: list.name, placeId, itemId: item.id, likedAt: iso(item.createdAt) };
      });
    },

    async remove(placeId: number, name: string = DEFAULT_LIKE_LIST, user: SessionUser): Promise<void> {
      await db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const [list] = await tx.update(lists).set({ updatedAt: new Date() }).where(likeList(user.id, name)).returning({ id: lists.id });
        if (!list) throw new AppError(ErrorKey.likeNotFound, 404);
        const rows = await tx
          .delete(listItems)
          .where(and(eq(listItems.listId, list.id), eq(listItems.placeId, placeId)))
          .returning({ position: listItems.position });
        if (!rows[0]) throw new AppError(ErrorKey.likeNotFound, 404);
        await listsSvc.closeGap(tx, list.id, rows[0].position);
      });
    },
  };
}
