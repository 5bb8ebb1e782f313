import { getTableName, sql, type Column, type Placeholder, type SQL } from 'drizzle-orm';
import {
  EARTH_RADIUS_METERS,
  UNKNOWN_DISTANCE,
  Visibility,
  roundCoordinate,
  type AppLanguage,
  type LatLng,
  type PlaceTexts,
  type PlaceTextsView,
  type PlaceView,
} from '@spotlist/contracts';
import { listItems, lists, places, shareRecipients, shares } from './schema/index.ts';
import { blockedBetweenSql, relationGrantsSql } from './relation-sql.ts';

/**
 * SQL shared by places, likes, lists and shares: the haversine distance, the place columns an
 * answer needs and the read rules. Parameters are SQL or values; prepared queries pass placeholders.
 */
type Param = SQL | Placeholder | number | string | null;

/**
 * A column with its table's name. Drizzle writes bare column names in the select list of a
 * single-table query, and a bare name inside a subquery resolves against the subquery's own tables.
 */
export const qualifiedColumn = (c: Column): SQL => sql.raw(`"${getTableName(c.table)}"."${c.name}"`);

/** Great-circle distance in metres from `origin` to the place (the formula of contracts' haversineMeters). */
export const haversineSql = (lat: Param, lng: Param): SQL<number> => sql<number>`(2 * ${EARTH_RADIUS_METERS}::float8 * asin(least(1, sqrt(
  power(sin(radians(${qualifiedColumn(places.latitude)} - ${lat}::float8) / 2), 2)
  + cos(radians(${lat}::float8)) * cos(radians(${qualifiedColumn(places.latitude)})) * power(sin(radians(${qualifiedColumn(places.longitude)} - ${lng}::float8) / 2), 2)))))`;

/** Whole metres, or -1 when the place or the origin has no coordinates (SPEC §5). */
export const distanceSql = (lat: Param, lng: Param): SQL<number> =>
  sql<number>`(case when ${qualifiedColumn(places.latitude)} is null or ${lat}::float8 is null then ${UNKNOWN_DISTANCE} else round(${haversineSql(lat, lng)})::int end)`;

/** Sorting by distance puts places without a known distance last. */
export const distanceOrderSql = (lat: Param, lng: Param, desc = false): SQL =>
  desc
    ? sql`${qualifiedColumn(places.latitude)} is null, ${haversineSql(lat, lng)} desc nulls last`
    : sql`${qualifiedColumn(places.latitude)} is null, ${haversineSql(lat, lng)} asc nulls last`;

/** The name shown in `language`, lower-cased, for sorting. */
export const localNameSql = (language: Param): SQL =>
  sql`lower(coalesce(${qualifiedColumn(places.texts)} -> ${language}::text ->> 'name', ${qualifiedColumn(places.name)}))`;

/** In one of the user's like lists. */
export const likedSql = (userId: Param): SQL<boolean> => sql<boolean>`exists (
  select 1 from ${listItems} li join ${lists} ll on ll.id = li.list_id
  where li.place_id = ${qualifiedColumn(places.id)} and ll.owner_id = ${userId}::int and ll.kind = 'likes')`;

/**
 * The places in any of the user's like lists, as a set to left-join (`liked.place_id is not null`):
 * one pass over the user's likes instead of an `exists` per row (likedSql), which on the embedded
 * database cost more than the rest of a 100-item page together.
 */
export const likedPlacesSetSql = (userId: number): SQL => sql`(select distinct li.place_id from ${listItems} li
  join ${lists} ll on ll.id = li.list_id where ll.owner_id = ${userId}::int and ll.kind = 'likes')`;

/** A share that grants `userId` read access to list `listId` right now. */
export const activeShareToSql = (listId: SQL | number, userId: Param): SQL => sql`exists (
  select 1 from ${shares} s join ${shareRecipients} r on r.share_id = s.id
  where s.list_id = ${listId} and r.user_id = ${userId}::int and s.revoked_at is null
    and (s.expires_at is null or s.expires_at > now()))`;

/**
 * Who reads a list: its owner; unless a moderator hid it or a block stands between owner and
 * reader, everyone for visibility 255, friends, followers and group members as the level says
 * (relation-sql.ts), and the recipients of an active share.
 */
export const listReadableSql = (userId: number): SQL =>
  listReadableByAliasSql(
    qualifiedColumn(lists.ownerId),
    qualifiedColumn(lists.visibility),
    qualifiedColumn(lists.hiddenAt),
    qualifiedColumn(lists.id),
    userId,
  );

/** listReadableSql over any alias of the lists table. */
export const listReadableByAliasSql = (owner: SQL, visibility: SQL, hiddenAt: SQL, id: SQL, userId: number): SQL =>
  userId === 0
    ? sql`(${hiddenAt} is null and ${visibility} = ${Visibility.all})`
    : sql`(${owner} = ${userId} or (${hiddenAt} is null and not ${blockedBetweenSql(owner, userId)} and (${visibility} = ${Visibility.all} or ${relationGrantsSql(owner, visibility, userId)} or ${activeShareToSql(id, userId)})))`;

/**
 * Who reads a place: everyone for the public catalogue (255), its creator, moderators, the
 * creator's friends, followers or group members as its level says (not across a block), and
 * readers of a list that holds it (a private imported place shown in a shared or public list).
 * A place a moderator hid is its creator's and the moderators' only. A public place stays in the
 * catalogue for everyone, blocked or not: others like it, list it and show it in widgets.
 */
export const placeReadableSql = (userId: number, moderator: boolean): SQL =>
  moderator
    ? sql`true`
    : sql`(${qualifiedColumn(places.creatorId)} = ${userId} or (${qualifiedColumn(places.hiddenAt)} is null and (${qualifiedColumn(places.visibility)} = 255 or ${
        userId === 0
          ? sql`false`
          : sql`(${qualifiedColumn(places.creatorId)} is not null and not ${blockedBetweenSql(qualifiedColumn(places.creatorId), userId)} and ${relationGrantsSql(qualifiedColumn(places.creatorId), qualifiedColumn(places.visibility), userId)})`
      } or exists (
        select 1 from ${listItems} ri join ${lists} rl on rl.id = ri.list_id
        where ri.place_id = ${qualifiedColumn(places.id)} and ${listReadableByAliasSql(sql`rl.owner_id`, sql`rl.visibility`, sql`rl.hidden_at`, sql`rl.id`, userId)}))))`;

/** What a place says about itself: the columns every place answer, POI and export shows. */
export const placeContentColumns = {
  name: places.name,
  description: places.description,
  latitude: places.latitude,
  longitude: places.longitude,
  address: places.address,
  city: places.city,
  country: places.country,
  category: places.category,
  website: places.website,
  phone: places.phone,
  accessibility: places.accessibility,
};

/** The columns of a place answer (distance and liked are added per query). */
export const placeColumns = {
  id: places.id,
  ...placeContentColumns,
  texts: places.texts,
  visibility: places.visibility,
  source: places.source,
  externalId: places.externalId,
  creatorId: places.creatorId,
  createdAt: places.createdAt,
  updatedAt: places.updatedAt,
};

export interface PlaceRow {
  id: number;
  name: string;
  description: string | null;
  texts: PlaceTextsView;
  latitude: number | null;
  longitude: number | null;
  address: string | null;
  city: string | null;
  country: string | null;
  category: PlaceView['category'];
  website: string | null;
  phone: string | null;
  accessibility: string[];
  visibility: number;
  source: PlaceView['source'];
  externalId: string | null;
  creatorId: number | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  distance: number;
  liked: boolean;
}

export interface Viewer {
  /** null for a logged-out reader (a public share link). */
  userId: number | null;
  admin: boolean;
  language: AppLanguage;
}

export const iso = (d: Date | string): string => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

/** A place row as the API answers it, texts in the viewer's language. */
export function toPlaceView(r: PlaceRow, viewer: Viewer, withTexts = false): PlaceView {
  const local = r.texts?.[viewer.language];
  return {
    id: r.id,
    name: local?.name || r.name,
    description: local?.description || r.description,
    ...(withTexts ? { texts: r.texts ?? {} } : {}),
    latitude: r.latitude === null ? null : roundCoordinate(r.latitude),
    longitude: r.longitude === null ? null : roundCoordinate(r.longitude),
    needsLocation: r.latitude === null,
    distance: r.distance,
    address: r.address,
    city: r.city,
    country: r.country,
    category: r.category,
    website: r.website,
    phone: r.phone,
    accessibility: r.accessibility as PlaceView['accessibility'],
    visibility: { id: r.visibility },
    source: r.source,
    externalId: r.externalId,
    creatorId: r.creatorId,
    editable: viewer.userId !== null && (viewer.admin || r.creatorId === viewer.userId),
    liked: r.liked,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

// in a string, which the bundler escapes to ASCII (build.mjs), not a regular expression literal
const SHARP_S = new RegExp('ß', 'g');

/** Lower case without accents (München → munchen, ß → ss): stored in search_text and applied to f.q. */
export const foldText = (s: string): string =>
  s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(SHARP_S, 'ss').replace(/\s+/g, ' ').trim();

/** What f.q searches: every name, the address and the city. */
export function searchTextOf(p: { name: string; texts?: PlaceTexts | null; address?: string | null; city?: string | null }): string {
  const names = Object.values(p.texts ?? {}).map((t) => t?.name ?? '');
  return foldText([p.name, ...names, p.address ?? '', p.city ?? ''].join(' '));
}

/** A LIKE pattern matching `q` anywhere (its % _ \ taken literally). */
export const containsPattern = (q: string): string => `%${foldText(q).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const origin = (p: LatLng | null) => ({ lat: p?.lat ?? null, lng: p?.lng ?? null });
