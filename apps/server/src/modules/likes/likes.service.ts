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
import type { UserActor } from '../../platform/actor/actor.ts';
import { centreOf, listsService } from '../lists/index.ts';
import { distanceOrderSql, distanceSql, iso, localNameSql, qualifiedColumn, type Viewer } from '../../platform/db/place-sql.ts';
import { rawStatement } from '../../platform/db/prepared.ts';

/**
 * The owner's like list called `name` (any case). `kind = 'likes'` is written as a literal so the
 * planner matches the partial unique index lists_likes_name_idx (owner_id, lower(name)) even in a
 * generic plan of the prepared statement.
 */
const likeList = (owner: Placeholder | number, name: Placeholder | string) =>
  and(eq(lists.ownerId, owner), sql`${qualifiedColumn(lists.kind)} = 'likes'`, sql`lower(${qualifiedColumn(lists.name)}) = lower(${name})`);

export type LikeSort = { field: (typeof LIKE_LIST_SORTS)[number]; desc: boolean };

/** The statement's parameters, bound per request. */
const param = {
  owner: sql.placeholder('owner'),
  name: sql.placeholder('name'),
  lat: sql.placeholder('lat'),
  lng: sql.placeholder('lng'),
  lang: sql.placeholder('lang'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
};

const text = (c: Column) => sql<string>`${qualifiedColumn(c)}::text`;
// "2026-11-21 08:16:54.123456" (fraction trimmed): turned into ISO 8601 by isoOf
const utc = (c: Column) => sql<string>`(${qualifiedColumn(c)} at time zone 'UTC')::text`;

/** The select list of likedPlacesQuery, every column as text; a row holds them in this order. */
const likedColumns = () => ({
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
  accessibility: sql<string>`array_to_json(${qualifiedColumn(places.accessibility)})::text`,
  visibility: text(places.visibility),
  source: text(places.source),
  externalId: text(places.externalId),
  creatorId: text(places.creatorId),
  createdAt: utc(places.createdAt),
  updatedAt: utc(places.updatedAt),
  distance: sql<string>`${distanceSql(param.lat, param.lng)}::text`,
  itemId: text(listItems.id),
  note: text(listItems.note),
  likedAt: utc(listItems.createdAt),
  total: sql<string>`(count(*) over ())::text`,
});

/** Where each column of likedColumns sits in a row. */
const COL = Object.fromEntries(Object.keys(likedColumns()).map((name, i) => [name, i])) as Record<
  keyof ReturnType<typeof likedColumns>,
  number
>;

/** GET /api/like/{name} in one statement, run on the driver with rows as text (docs/decisions/0003). */
export function likedPlacesQuery(db: Db, sorts: LikeSort[]) {
  const orderBy: SQL[] = sorts.map((s) => {
    if (s.field === 'distance') return distanceOrderSql(param.lat, param.lng, s.desc);
    if (s.field === 'name') return sql`${localNameSql(param.lang)} ${sql.raw(s.desc ? 'desc' : 'asc')}`;
    return sql`${qualifiedColumn(listItems.createdAt)} ${sql.raw(s.desc ? 'desc' : 'asc')}`;
  });
  return db
    .select(likedColumns())
    .from(lists)
    .innerJoin(listItems, eq(listItems.listId, lists.id))
    .innerJoin(places, eq(places.id, listItems.placeId))
    .where(likeList(param.owner, param.name))
    .orderBy(...orderBy, sql`${qualifiedColumn(listItems.id)} desc`)
    .limit(param.limit)
    .offset(param.offset);
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

/** A row of likedPlacesQuery as the API answers it: toPlaceView's rules (likes.test.ts compares them). */
function likedView(r: (string | null)[], viewer: Viewer): LikedPlace {
  const texts = r[COL.texts];
  const local = texts === '{}' || texts === null ? undefined : (JSON.parse(texts) as PlaceTextsView)[viewer.language];
  const latitude = r[COL.latitude] === null ? null : roundCoordinate(Number(r[COL.latitude]));
  const longitude = r[COL.longitude];
  const creatorId = r[COL.creatorId] === null ? null : Number(r[COL.creatorId]);
  return {
    id: Number(r[COL.id]),
    name: local?.name || r[COL.name]!,
    description: local?.description || r[COL.description],
    latitude,
    longitude: longitude === null ? null : roundCoordinate(Number(longitude)),
    needsLocation: latitude === null,
    distance: Number(r[COL.distance]),
    address: r[COL.address],
    city: r[COL.city],
    country: r[COL.country],
    category: r[COL.category] as LikedPlace['category'],
    website: r[COL.website],
    phone: r[COL.phone],
    accessibility: JSON.parse(r[COL.accessibility]!) as LikedPlace['accessibility'],
    visibility: { id: Number(r[COL.visibility]) },
    source: r[COL.source] as LikedPlace['source'],
    externalId: r[COL.externalId],
    creatorId,
    editable: viewer.admin || creatorId === viewer.userId,
    liked: true,
    createdAt: isoOf(r[COL.createdAt]!),
    updatedAt: isoOf(r[COL.updatedAt]!),
    itemId: Number(r[COL.itemId]),
    note: r[COL.note]!,
    likedAt: isoOf(r[COL.likedAt]!),
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
      const total = await pageTotal(rows.length, Number(rows[0]?.[COL.total]), q, async () => {
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

    async create(placeId: number, name: string = DEFAULT_LIKE_LIST, user: UserActor): Promise<Like> {
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
                position: sql`(select count(*) from ${listItems} where ${qualifiedColumn(listItems.listId)} = ${list.id})`,
              })
              .returning({ id: listItems.id, createdAt: listItems.createdAt })
          )[0];
        return { listId: list.id, name: list.name, placeId, itemId: item.id, likedAt: iso(item.createdAt) };
      });
    },

    async remove(placeId: number, name: string = DEFAULT_LIKE_LIST, user: UserActor): Promise<void> {
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
