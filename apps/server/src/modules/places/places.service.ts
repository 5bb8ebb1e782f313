import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  ACCESSIBILITY_TAGS,
  boundingBox,
  ErrorKey,
  parseLatLng,
  PLACE_CATEGORIES,
  PLACE_LIST_FILTERS,
  PLACE_LIST_SORTS,
  PLACE_SEARCH_MAX_RADIUS,
  PLACE_SOURCES,
  Visibility,
  type LatLng,
  type ListResponse,
  type PlaceInputParsed,
  type PlaceTexts,
  type PlaceTextsView,
  type PlaceUpdateParsed,
  type PlaceView,
} from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { listItems, lists, objectionableReports, places } from '../../platform/db/schema/index.ts';
import { checkFilters, checkSort, enumListFilter, queryParamError, readListQuery, totalOfPage } from '../../platform/http/list-query.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserActor } from '../../platform/actor/actor.ts';
import { isModerator } from '../../platform/http/auth.ts';
import { deleteEntityDocuments } from '../documents/index.ts';
import { placePictureRefs } from '../documents/index.ts';
import { deleteKeys, type FileStorage } from '../documents/index.ts';
import { cityIndex } from '../cities/index.ts';
import { placePositions, type AddressFields, type PlacePositions, type PositionOptions } from './place-position.ts';
import {
  containsPattern,
  distanceOrderSql,
  distanceSql,
  haversineSql,
  likedPlacesSetSql,
  likedSql,
  localNameSql,
  origin,
  placeColumns,
  placeReadableSql,
  qualifiedColumn,
  searchTextOf,
  toPlaceView,
  type PlaceRow,
  type Viewer,
} from '../../platform/db/place-sql.ts';

export const viewerOf = (user: UserActor | null, language: Viewer['language']): Viewer => ({
  userId: user?.id ?? null,
  admin: isModerator(user),
  language,
});

/** Translations without empty entries: `{ de: { name: 'X' } }`. */
export function cleanTexts(texts: PlaceTexts | undefined): PlaceTextsView {
  const out: PlaceTextsView = {};
  for (const [lang, t] of Object.entries(texts ?? {}) as [keyof PlaceTexts, { name?: string | null; description?: string | null }][]) {
    const entry: { name?: string; description?: string } = {};
    if (t?.name) entry.name = t.name;
    if (t?.description) entry.description = t.description;
    if (entry.name || entry.description) out[lang] = entry;
  }
  return out;
}

const cityCentres = placePositions(null, cityIndex);

/**
 * The columns of a new place from the add body; the creator and source are the caller's to set.
 * Without coordinates it goes to the centre of its city (the add route asks the geocoder first),
 * else it is stored without a position (`needsLocation`).
 */
export function placeValues(input: PlaceInputParsed) {
  const texts = cleanTexts(input.texts);
  const position =
    input.latitude != null && input.longitude != null
      ? { latitude: input.latitude, longitude: input.longitude }
      : cityCentres.cityCentre(input);
  return {
    name: input.name,
    description: input.description ?? null,
    texts,
    latitude: position?.latitude ?? null,
    longitude: position?.longitude ?? null,
    address: input.address ?? null,
    city: input.city ?? null,
    country: input.country ?? null,
    category: input.category ?? 'other',
    website: input.website ?? null,
    phone: input.phone ?? null,
    accessibility: input.accessibility ?? [],
    visibility: input.visibility?.id ?? Visibility.all,
    source: input.source ?? 'manual',
    externalId: input.externalId ?? null,
    searchText: searchTextOf({ name: input.name, texts, address: input.address, city: input.city }),
  };
}

/**
 * The shared catalogue (SPEC §7 generic resource calls at /api/place/). Anyone logged in reads the
 * public places and adds places; only the creator or an admin changes or deletes one (ownership in
 * the statement's where); anyone who can read a place may report it.
 */
export function placesService(db: Db, storage: FileStorage, positions: PlacePositions = cityCentres) {
  const notFound = () => new AppError(ErrorKey.placeNotFound, 404);

  /**
   * The position an update sets: undefined keeps the stored one. Coordinates sent win; both null
   * find it again from the address; a changed address, city or country moves a position that came
   * from the old address (or a missing one) to where the new address is, or drops it when the new
   * one gives none; a position set by hand stays.
   */
  async function positionOnUpdate(
    cur: AddressFields & { latitude: number | null; longitude: number | null },
    input: PlaceUpdateParsed,
    opts: PositionOptions,
  ): Promise<{ latitude: number | null; longitude: number | null } | undefined> {
    if (input.latitude != null && input.longitude != null) return { latitude: input.latitude, longitude: input.longitude };
    const next: AddressFields = {
      address: input.address === undefined ? cur.address : input.address,
      city: input.city === undefined ? cur.city : input.city,
      country: input.country === undefined ? cur.country : input.country,
    };
    const resolved = async () => {
      const p = await positions.resolve(next, opts);
      return { latitude: p?.latitude ?? null, longitude: p?.longitude ?? null };
    };
    if (input.latitude === null) return resolved();
    const changed = (['address', 'city', 'country'] as const).some((k) => (next[k] ?? null) !== (cur[k] ?? null));
    if (!changed) return undefined;
    if (cur.latitude === null || cur.longitude === null) return resolved();
    return (await positions.derivedFrom({ latitude: cur.latitude, longitude: cur.longitude }, cur, opts)) ? resolved() : undefined;
  }

  /** One place as `viewer` may read it, or null. */
  async function find(id: number, viewer: Viewer, from: LatLng | null, tx: Db = db): Promise<PlaceRow | null> {
    const o = origin(from);
    const rows = await tx
      .select({
        ...placeColumns,
        distance: distanceSql(o.lat, o.lng),
        liked: viewer.userId ? likedSql(viewer.userId) : sql<boolean>`false`,
      })
      .from(places)
      .where(and(eq(places.id, id), placeReadableSql(viewer.userId ?? 0, viewer.admin)))
      .limit(1);
    return (rows[0] as PlaceRow | undefined) ?? null;
  }

  /** Why a change of a place the caller cannot change was refused: 404 when unreadable, else 403. */
  async function refusal(id: number, viewer: Viewer): Promise<AppError> {
    return (await find(id, viewer, null)) ? new AppError(ErrorKey.placeForbidden, 403) : notFound();
  }

  const canChange = (user: UserActor): SQL | undefined => (isModerator(user) ? undefined : eq(places.creatorId, user.id));

  return {
    async get(id: number, viewer: Viewer, from: LatLng | null): Promise<PlaceView> {
      const row = await find(id, viewer, from);
      if (!row) throw notFound();
      return { ...toPlaceView(row, viewer, true), pictures: await placePictureRefs(db, id, viewer) };
    },

    /** GET /api/place/list: text, nearby (bounding box, then haversine), category, accessibility. */
    async list(query: unknown, viewer: Viewer, header: LatLng | null): Promise<ListResponse<PlaceView>> {
      const q = readListQuery(query);
      checkFilters(q, PLACE_LIST_FILTERS);
      const sorts = checkSort(q, PLACE_LIST_SORTS);
      const f = q.filters;
      let center = header;
      if (f.near !== undefined) {
        center = parseLatLng(f.near);
        if (!center) throw queryParamError('f.near');
      }
      const o = origin(center);
      const where: SQL[] = [placeReadableSql(viewer.userId ?? 0, viewer.admin)];
      if (f.q !== undefined && f.q.trim() !== '') where.push(sql`${qualifiedColumn(places.searchText)} like ${containsPattern(f.q)}`);
      if (f.radius !== undefined) {
        const radius = /^\d{1,8}$/.test(f.radius) ? Number(f.radius) : NaN;
        if (!(radius >= 1 && radius <= PLACE_SEARCH_MAX_RADIUS)) throw queryParamError('f.radius');
        if (!center) throw queryParamError('f.near');
        const box = boundingBox(center, radius);
        where.push(sql`${qualifiedColumn(places.latitude)} between ${box.minLat} and ${box.maxLat}`);
        if (box.lng) where.push(sql`${qualifiedColumn(places.longitude)} between ${box.lng.min} and ${box.lng.max}`);
        where.push(sql`${haversineSql(o.lat, o.lng)} <= ${radius}`);
      }
      const categories = enumListFilter(q, 'category', PLACE_CATEGORIES);
      if (categories) where.push(inArray(places.category, categories));
      const tags = enumListFilter(q, 'accessibility', ACCESSIBILITY_TAGS);
      if (tags)
        where.push(
          sql`${qualifiedColumn(places.accessibility)} @> array[${sql.join(
            tags.map((t) => sql`${t}`),
            sql`, `,
          )}]::text[]`,
        );
      const sources = enumListFilter(q, 'source', PLACE_SOURCES);
      if (sources) where.push(inArray(places.source, sources));
      if (f.mine !== undefined) {
        if (f.mine !== 'true' && f.mine !== 'false') throw queryParamError('f.mine');
        if (f.mine === 'true') where.push(eq(places.creatorId, viewer.userId ?? 0));
      }

      const orderBy: SQL[] = [];
      const effective = sorts.length > 0 ? sorts : [{ field: center ? 'distance' : 'name', desc: false } as const];
      for (const s of effective) {
        if (s.field === 'distance') {
          if (center) orderBy.push(distanceOrderSql(o.lat, o.lng, s.desc));
        } else if (s.field === 'name') orderBy.push(s.desc ? desc(localNameSql(viewer.language)) : asc(localNameSql(viewer.language)));
        else orderBy.push(s.desc ? desc(places.createdAt) : asc(places.createdAt));
      }
      orderBy.push(asc(places.id));

      // the viewer's likes as one joined set, the total from the page unless it is full (docs/decisions/0020)
      const base = db
        .select({
          ...placeColumns,
          distance: distanceSql(o.lat, o.lng),
          liked: viewer.userId ? sql<boolean>`(liked.place_id is not null)` : sql<boolean>`false`,
        })
        .from(places);
      const joined = viewer.userId
        ? base.leftJoin(sql`${likedPlacesSetSql(viewer.userId)} liked`, sql`liked.place_id = ${qualifiedColumn(places.id)}`)
        : base;
      const rows = await joined
        .where(and(...where))
        .orderBy(...orderBy)
        .limit(q.pageSize)
        .offset(q.pageIndex * q.pageSize);
      const total = await totalOfPage(rows.length, q, async () => {
        const [c] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(places)
          .where(and(...where));
        return c.n;
      });
      return { list: rows.map((r) => toPlaceView(r as PlaceRow, viewer)), total, pageIndex: q.pageIndex, pageSize: q.pageSize };
    },

    /** GET /api/place/position: where a place with these address fields would go, or 404. */
    async position(fields: AddressFields, opts: PositionOptions = {}) {
      const found = await positions.resolve(fields, opts);
      if (!found) throw new AppError(ErrorKey.placePositionNotFound, 404);
      return found;
    },

    async add(
      input: PlaceInputParsed,
      user: UserActor,
      viewer: Viewer,
      from: LatLng | null,
      opts: PositionOptions = {},
    ): Promise<PlaceView> {
      let located = input;
      if (input.latitude == null || input.longitude == null) {
        const found = await positions.resolve(input, opts);
        if (found) located = { ...input, latitude: found.latitude, longitude: found.longitude };
      }
      const [row] = await db
        .insert(places)
        .values({ ...placeValues(located), creatorId: user.id })
        .returning({ id: places.id });
      return this.get(row.id, viewer, from);
    },

    async update(
      id: number,
      input: PlaceUpdateParsed,
      user: UserActor,
      viewer: Viewer,
      from: LatLng | null,
      opts: PositionOptions = {},
    ): Promise<PlaceView> {
      // the position is found before the transaction: no row stays locked while a geocoder answers
      const [before] = await db
        .select({
          address: places.address,
          city: places.city,
          country: places.country,
          latitude: places.latitude,
          longitude: places.longitude,
        })
        .from(places)
        .where(and(eq(places.id, id), canChange(user)));
      if (!before) throw await refusal(id, viewer);
      const position = await positionOnUpdate(before, input, opts);
      const updated = await db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const [cur] = await tx
          .select()
          .from(places)
          .where(and(eq(places.id, id), canChange(user)))
          .for('update');
        if (!cur) return false;
        const texts = input.texts === undefined ? cur.texts : cleanTexts(input.texts);
        const next = {
          name: input.name ?? cur.name,
          description: input.description === undefined ? cur.description : input.description,
          texts,
          latitude: position ? position.latitude : cur.latitude,
          longitude: position ? position.longitude : cur.longitude,
          address: input.address === undefined ? cur.address : input.address,
          city: input.city === undefined ? cur.city : input.city,
          country: input.country === undefined ? cur.country : input.country,
          category: input.category ?? cur.category,
          website: input.website === undefined ? cur.website : input.website,
          phone: input.phone === undefined ? cur.phone : input.phone,
          accessibility: input.accessibility ?? cur.accessibility,
          visibility: input.visibility?.id ?? cur.visibility,
          source: input.source ?? cur.source,
          externalId: input.externalId === undefined ? cur.externalId : input.externalId,
        };
        await tx
          .update(places)
          .set({ ...next, searchText: searchTextOf(next) })
          .where(eq(places.id, id));
        return true;
      });
      if (!updated) throw await refusal(id, viewer);
      return this.get(id, viewer, from);
    },

    /**
     * Deletes a place (its list items go with it). Its creator may delete it only while no other
     * user has it in a list or likes (409 error.place.inuse); an admin always may. Its pictures
     * (documents with `entityType 'place'`, whoever uploaded them) go in the same transaction, their
     * files after the commit.
     */
    async remove(id: number, user: UserActor, viewer: Viewer): Promise<void> {
      const usedByOthers = sql`exists (select 1 from ${listItems} li join ${lists} l on l.id = li.list_id
        where li.place_id = ${qualifiedColumn(places.id)} and l.owner_id <> ${user.id})`;
      const cond = isModerator(user) ? eq(places.id, id) : and(eq(places.id, id), eq(places.creatorId, user.id), sql`not ${usedByOthers}`);
      const keys = await db.transaction(async (tx) => {
        const rows = await tx.delete(places).where(cond).returning({ id: places.id });
        return rows[0] ? deleteEntityDocuments(tx, 'place', id) : null;
      });
      if (keys) {
        await deleteKeys(storage, keys);
        return;
      }
      const own = await db
        .select({ id: places.id })
        .from(places)
        .where(and(eq(places.id, id), eq(places.creatorId, user.id)));
      if (own[0]) throw new AppError(ErrorKey.placeInUse, 409);
      throw await refusal(id, viewer);
    },

    /** SPEC §7 objectionable/{id}: a report about a place the reporter can read. */
    async report(id: number, user: UserActor, viewer: Viewer, reason: string): Promise<void> {
      if (!(await find(id, viewer, null))) throw notFound();
      const [p] = await db
        .select({
          creatorId: places.creatorId,
          name: places.name,
          description: places.description,
          address: places.address,
          city: places.city,
          category: places.category,
        })
        .from(places)
        .where(eq(places.id, id));
      if (!p) throw notFound();
      const { creatorId, ...snapshot } = p;
      await db
        .insert(objectionableReports)
        .values({ resource: 'place', resourceId: id, reporterId: user.id, reason, reportedUserId: creatorId, snapshot });
    },
  };
}
export type PlacesService = ReturnType<typeof placesService>;
