import { and, asc, desc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import {
  ErrorKey,
  FormError,
  LikeListNameSchema,
  LIST_ITEM_SORTS,
  LIST_KINDS,
  LIST_SORTS,
  parseLatLng,
  Visibility,
  type ExportFormat,
  type ImportResult,
  type LatLng,
  type ListDetail,
  type ListInput,
  type ListItem,
  type ListResponse,
  type ListType,
  type ListUpdate,
  type ListView,
  type MyListView,
} from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { documents, listItems, lists, objectionableReports, places, users } from '../../platform/db/schema/index.ts';
import { fileUrl, thumbUrl } from '../documents/index.ts';
import { checkFilters, checkSort, enumListFilter, queryParamError, readListQuery, totalOfPage } from '../../platform/http/list-query.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserActor } from '../../platform/actor/actor.ts';
import { isModerator } from '../../platform/http/auth.ts';
import {
  activeShareToSql,
  qualifiedColumn,
  containsPattern,
  distanceOrderSql,
  distanceSql,
  iso,
  likedPlacesSetSql,
  listReadableSql,
  localNameSql,
  origin,
  placeColumns,
  placeContentColumns,
  placeReadableSql,
  searchTextOf,
  toPlaceView,
  type PlaceRow,
  type Viewer,
} from '../../platform/db/place-sql.ts';
import { blockedBetweenSql, relationGrantsSql } from '../../platform/db/relation-sql.ts';

import { exportList, type ExportFile } from './formats/write.ts';
import type { ParsedImport } from './formats/read.ts';

type Tx = Db;
const asTx = (t: unknown) => t as Tx;

/** The columns of a list answer: owner nickname and item count in the same row. */
const listColumns = {
  id: lists.id,
  kind: lists.kind,
  name: lists.name,
  description: lists.description,
  visibility: lists.visibility,
  ownerId: lists.ownerId,
  ownerNickname: users.nickname,
  itemCount: sql<number>`(select count(*)::int from ${listItems} ic where ic.list_id = ${qualifiedColumn(lists.id)})`,
  createdAt: lists.createdAt,
  updatedAt: lists.updatedAt,
};
type ListRow = {
  id: number;
  kind: ListView['kind'];
  name: string;
  description: string;
  visibility: number;
  ownerId: number;
  ownerNickname: string;
  itemCount: number;
  createdAt: Date;
  updatedAt: Date;
};

export const toListView = (r: ListRow, viewerId: number | null): ListView => ({
  id: r.id,
  kind: r.kind,
  name: r.name,
  description: r.description,
  visibility: { id: r.visibility },
  owner: { id: r.ownerId, nickname: r.ownerNickname },
  editable: viewerId === r.ownerId,
  itemCount: r.itemCount,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

/** Where a list query's centre comes from: f.near, else the user-location header. */
export function centreOf(filters: Record<string, string>, header: LatLng | null): LatLng | null {
  if (filters.near === undefined) return header;
  const c = parseLatLng(filters.near);
  if (!c) throw queryParamError('f.near');
  return c;
}

/**
 * Lists and reading their items (SPEC §7 GET /api/list/{type}); item changes are in
 * items.service.ts. Reads follow listReadableSql (owner, the visibility level, active shares); every
 * change is the owner's alone: the owner condition is part of the statement that takes the list's
 * row lock, and a refused change answers 403 error.list.readonly when the caller can read the
 * list, 404 error.list.notfound otherwise.
 */
export function listsService(db: Db) {
  const notFound = () => new AppError(ErrorKey.listNotFound, 404);

  async function view(id: number, viewerId: number | null, tx: Tx = db): Promise<ListView> {
    const rows = await tx.select(listColumns).from(lists).innerJoin(users, eq(users.id, lists.ownerId)).where(eq(lists.id, id));
    if (!rows[0]) throw notFound();
    return toListView(rows[0] as ListRow, viewerId);
  }

  /** Inside a transaction pass it: PGlite has one connection, a query beside the transaction would wait forever. */
  async function refusal(id: number, user: UserActor, tx: Tx = db): Promise<AppError> {
    const rows = await tx
      .select({ id: lists.id })
      .from(lists)
      .where(and(eq(lists.id, id), listReadableSql(user.id)));
    return rows[0] ? new AppError(ErrorKey.listReadOnly, 403) : notFound();
  }

  /**
   * The caller's own list, locked for this transaction (and marked changed): the ownership check
   * and the lock are one statement. Refused as 403 or 404 (see above).
   */
  async function own(tx: Tx, id: number, user: UserActor): Promise<{ id: number; kind: ListView['kind'] }> {
    const rows = await tx
      .update(lists)
      .set({ updatedAt: new Date() })
      .where(and(eq(lists.id, id), eq(lists.ownerId, user.id)))
      .returning({ id: lists.id, kind: lists.kind });
    if (!rows[0]) throw await refusal(id, user, tx);
    return rows[0];
  }

  /**
   * A page of a list's items with the place and its distance. Sort: position (default), name,
   * distance, addedAt; f.q searches the places' names, address and city and the notes.
   */
  async function itemsPage(listId: number, query: unknown, viewer: Viewer, header: LatLng | null): Promise<ListResponse<ListItem>> {
    const q = readListQuery(query);
    checkFilters(q, ['q', 'near']);
    const sorts = checkSort(q, LIST_ITEM_SORTS);
    const centre = centreOf(q.filters, header);
    const o = origin(centre);
    const where: SQL[] = [eq(listItems.listId, listId)];
    if (q.filters.q?.trim()) {
      const pattern = containsPattern(q.filters.q);
      where.push(sql`(${qualifiedColumn(places.searchText)} like ${pattern} or lower(${qualifiedColumn(listItems.note)}) like ${pattern})`);
    }
    const orderBy: SQL[] = [];
    for (const s of sorts.length > 0 ? sorts : [{ field: 'position' as const, desc: false }]) {
      if (s.field === 'distance') {
        if (centre) orderBy.push(distanceOrderSql(o.lat, o.lng, s.desc));
      } else if (s.field === 'name') orderBy.push(s.desc ? desc(localNameSql(viewer.language)) : asc(localNameSql(viewer.language)));
      else if (s.field === 'addedAt') orderBy.push(s.desc ? desc(listItems.createdAt) : asc(listItems.createdAt));
      else orderBy.push(s.desc ? desc(listItems.position) : asc(listItems.position));
    }
    orderBy.push(asc(listItems.position), asc(listItems.id));
    // the viewer's likes as one joined set, and the total from the page itself when it is not full:
    // a per-row `exists` and a `count(*) over ()` made a 100-item page three times as slow (docs/decisions/0020)
    const base = db
      .select({
        ...placeColumns,
        distance: distanceSql(o.lat, o.lng),
        liked: viewer.userId ? sql<boolean>`(liked.place_id is not null)` : sql<boolean>`false`,
        itemId: listItems.id,
        position: listItems.position,
        note: listItems.note,
        addedAt: listItems.createdAt,
      })
      .from(listItems)
      .innerJoin(places, eq(places.id, listItems.placeId));
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
        .from(listItems)
        .innerJoin(places, eq(places.id, listItems.placeId))
        .where(and(...where));
      return c.n;
    });
    return {
      list: rows.map((r) => ({
        id: r.itemId,
        position: r.position,
        note: r.note,
        addedAt: iso(r.addedAt),
        place: toPlaceView(r as PlaceRow, viewer),
      })),
      total,
      pageIndex: q.pageIndex,
      pageSize: q.pageSize,
    };
  }

  /** Positions stay 0…n-1: after a removal the items behind move up. */
  async function closeGap(tx: Tx, listId: number, position: number): Promise<void> {
    await tx
      .update(listItems)
      .set({ position: sql`${qualifiedColumn(listItems.position)} - 1` })
      .where(and(eq(listItems.listId, listId), sql`${qualifiedColumn(listItems.position)} > ${position}`));
  }

  /** The place as the caller may read it (for adding it to a list or liking it). */
  async function readablePlace(tx: Tx, placeId: number, user: UserActor): Promise<void> {
    const rows = await tx
      .select({ id: places.id })
      .from(places)
      .where(and(eq(places.id, placeId), placeReadableSql(user.id, isModerator(user))));
    if (!rows[0]) throw new AppError(ErrorKey.placeNotFound, 404);
  }

  /**
   * The cover of each list: its first item (by position) whose place has a picture the viewer may
   * see (public or their own upload; the oldest), else its first item. One statement for all lists.
   */
  async function coversOf(listIds: readonly number[], viewerId: number): Promise<Map<number, NonNullable<MyListView['cover']>>> {
    const covers = new Map<number, NonNullable<MyListView['cover']>>();
    if (listIds.length === 0) return covers;
    const res = (await db.execute(sql`
      select distinct on (li.list_id)
        li.list_id as "listId", p.id as "placeId", p.visibility as "placeVisibility",
        d.id as "docId", d.sha256, d.thumb_key as "thumbKey", d.visibility as "docVisibility"
      from ${listItems} li
      join ${places} p on p.id = li.place_id
      left join lateral (
        select x.id, x.sha256, x.thumb_key, x.visibility from ${documents} x
        where x.entity_type = 'place' and x.entity_id = p.id and (x.visibility = ${Visibility.all} or x.owner_id = ${viewerId})
        order by x.id limit 1
      ) d on true
      where li.list_id in (${sql.join(
        listIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by li.list_id, (d.id is null), li.position, li.id`)) as unknown as {
      rows: {
        listId: number;
        placeId: number;
        placeVisibility: number;
        docId: number | null;
        sha256: string | null;
        thumbKey: string | null;
        docVisibility: number | null;
      }[];
    };
    for (const r of res.rows) {
      const doc = r.docId !== null && r.sha256 !== null ? { id: Number(r.docId), sha256: r.sha256 } : null;
      covers.set(Number(r.listId), {
        placeId: Number(r.placeId),
        thumbUrl: doc ? (r.thumbKey ? thumbUrl(doc) : fileUrl(doc)) : null,
        public: Number(r.placeVisibility) === Visibility.all && (doc === null || Number(r.docVisibility) === Visibility.all),
      });
    }
    return covers;
  }

  return {
    view,
    refusal,
    itemsPage,
    own,
    closeGap,
    readablePlace,

    /** GET /api/list/{type}: mine, shared (with me, by others) or public (255, anyone's). */
    async summaries(type: ListType, query: unknown, user: UserActor): Promise<ListResponse<ListView>> {
      const q = readListQuery(query);
      checkFilters(q, ['q', 'kind']);
      const sorts = checkSort(q, LIST_SORTS);
      const where: SQL[] = [];
      if (type === 'mine') where.push(eq(lists.ownerId, user.id));
      // a list a moderator hid is its owner's only
      // shared with me: by a share, or by a level naming me (friends, followers, a group of theirs)
      else if (type === 'shared')
        where.push(
          ne(lists.ownerId, user.id),
          isNull(lists.hiddenAt),
          sql`not ${blockedBetweenSql(qualifiedColumn(lists.ownerId), user.id)}`,
          sql`(${activeShareToSql(sql`${qualifiedColumn(lists.id)}`, user.id)} or ${relationGrantsSql(qualifiedColumn(lists.ownerId), qualifiedColumn(lists.visibility), user.id)})`,
        );
      else
        where.push(
          sql`${qualifiedColumn(lists.visibility)} = 255`,
          sql`(${qualifiedColumn(lists.ownerId)} = ${user.id} or (${qualifiedColumn(lists.hiddenAt)} is null and not ${blockedBetweenSql(qualifiedColumn(lists.ownerId), user.id)}))`,
        );
      if (q.filters.q?.trim()) where.push(sql`lower(${qualifiedColumn(lists.name)}) like ${containsPattern(q.filters.q)}`);
      const kinds = enumListFilter(q, 'kind', LIST_KINDS);
      if (kinds)
        where.push(
          sql`${qualifiedColumn(lists.kind)} in (${sql.join(
            kinds.map((k) => sql`${k}`),
            sql`, `,
          )})`,
        );
      const orderBy: SQL[] = (sorts.length > 0 ? sorts : [{ field: 'updatedAt' as const, desc: true }]).map((s) => {
        const col =
          s.field === 'name'
            ? sql`lower(${qualifiedColumn(lists.name)})`
            : s.field === 'createdAt'
              ? sql`${qualifiedColumn(lists.createdAt)}`
              : sql`${qualifiedColumn(lists.updatedAt)}`;
        return s.desc ? desc(col) : asc(col);
      });
      const rows = await db
        .select(listColumns)
        .from(lists)
        .innerJoin(users, eq(users.id, lists.ownerId))
        .where(and(...where))
        .orderBy(...orderBy, desc(lists.id))
        .limit(q.pageSize)
        .offset(q.pageIndex * q.pageSize);
      const total = await totalOfPage(rows.length, q, async () => {
        const [c] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(lists)
          .where(and(...where));
        return c.n;
      });
      return { list: rows.map((r) => toListView(r as ListRow, user.id)), total, pageIndex: q.pageIndex, pageSize: q.pageSize };
    },

    /**
     * GET /api/list/mine: the caller's lists, each with its cover (ListCoverSchema): one more
     * statement for the whole page, never one per list.
     */
    async mine(query: unknown, user: UserActor): Promise<ListResponse<MyListView>> {
      const page = await this.summaries('mine', query, user);
      const covers = await coversOf(
        page.list.map((l) => l.id),
        user.id,
      );
      return { ...page, list: page.list.map((l) => ({ ...l, cover: covers.get(l.id) ?? null })) };
    },

    /** GET /api/list/{id}: a list the caller may read, with a page of its items. */
    async detail(id: number, query: unknown, viewer: Viewer & { userId: number }, header: LatLng | null): Promise<ListDetail> {
      const rows = await db
        .select(listColumns)
        .from(lists)
        .innerJoin(users, eq(users.id, lists.ownerId))
        .where(and(eq(lists.id, id), listReadableSql(viewer.userId)));
      if (!rows[0]) throw notFound();
      return { ...toListView(rows[0] as ListRow, viewer.userId), items: await itemsPage(id, query, viewer, header) };
    },

    async add(input: ListInput & { visibility: { id: number } }, user: UserActor): Promise<ListView> {
      const [row] = await db
        .insert(lists)
        .values({ ownerId: user.id, kind: 'list', name: input.name, description: input.description ?? '', visibility: input.visibility.id })
        .returning({ id: lists.id });
      return view(row.id, user.id);
    },

    /** Rename, describe, change visibility. A like list keeps its name unique (409 error.duplicate). */
    async update(id: number, input: ListUpdate, user: UserActor): Promise<ListView> {
      if (input.name !== undefined && !LikeListNameSchema.safeParse(input.name).success) {
        // a like list is addressed by its name in GET /api/like/{name}: it must stay a path segment
        const [own] = await db
          .select({ kind: lists.kind })
          .from(lists)
          .where(and(eq(lists.id, id), eq(lists.ownerId, user.id)));
        if (own?.kind === 'likes') throw new AppError(ErrorKey.validation, 400, [{ path: 'body.name', key: FormError.pattern }]);
      }
      const set: Partial<typeof lists.$inferInsert> = { updatedAt: new Date() };
      if (input.name !== undefined) set.name = input.name;
      if (input.description !== undefined) set.description = input.description ?? '';
      if (input.visibility !== undefined) set.visibility = input.visibility.id;
      const rows = await db
        .update(lists)
        .set(set)
        .where(and(eq(lists.id, id), eq(lists.ownerId, user.id)))
        .returning({ id: lists.id });
      if (!rows[0]) throw await refusal(id, user);
      return view(id, user.id);
    },

    /** Deletes the list with its items and shares (cascade); the places stay in the catalogue. */
    async remove(id: number, user: UserActor): Promise<void> {
      const rows = await db
        .delete(lists)
        .where(and(eq(lists.id, id), eq(lists.ownerId, user.id)))
        .returning({ id: lists.id });
      if (!rows[0]) throw await refusal(id, user);
    },

    /** SPEC §7 objectionable/{id}: a report about a list the reporter can read. */
    async report(id: number, user: UserActor, reason: string): Promise<void> {
      const rows = await db
        .select({ ownerId: lists.ownerId, name: lists.name, description: lists.description })
        .from(lists)
        .where(and(eq(lists.id, id), listReadableSql(user.id)));
      const list = rows[0];
      if (!list) throw notFound();
      // the content as it was: its texts and the names of its first places
      const items = await db
        .select({ name: places.name })
        .from(listItems)
        .innerJoin(places, eq(places.id, listItems.placeId))
        .where(eq(listItems.listId, id))
        .orderBy(listItems.position)
        .limit(20);
      await db.insert(objectionableReports).values({
        resource: 'list',
        resourceId: id,
        reporterId: user.id,
        reason,
        reportedUserId: list.ownerId,
        snapshot: { name: list.name, description: list.description, places: items.map((i) => i.name) },
      });
    },

    /** GET /api/list/{id}/export: a readable list as a file, items in their order. */
    async exportFile(id: number, format: ExportFormat, user: UserActor): Promise<ExportFile> {
      const [list] = await db
        .select({ name: lists.name, description: lists.description })
        .from(lists)
        .where(and(eq(lists.id, id), listReadableSql(user.id)));
      if (!list) throw notFound();
      const items = await db
        .select({ ...placeContentColumns, note: listItems.note, externalId: places.externalId })
        .from(listItems)
        .innerJoin(places, eq(places.id, listItems.placeId))
        .where(eq(listItems.listId, id))
        .orderBy(asc(listItems.position), asc(listItems.id));
      return exportList({ ...list, items }, format);
    },

    /**
     * POST /api/list/import: a new private list of new private places (source 'imported',
     * creator the caller), in one transaction. Places without coordinates "need a location".
     */
    async importList(parsed: ParsedImport, name: string, user: UserActor): Promise<ImportResult> {
      const listId = await db.transaction(async (t) => {
        const tx = asTx(t);
        const [list] = await tx
          .insert(lists)
          .values({ ownerId: user.id, kind: 'list', name, visibility: Visibility.private })
          .returning({ id: lists.id });
        const CHUNK = 500;
        for (let start = 0; start < parsed.items.length; start += CHUNK) {
          const chunk = parsed.items.slice(start, start + CHUNK);
          const ids = await tx
            .insert(places)
            .values(
              chunk.map((p) => ({
                name: p.name,
                description: p.description,
                latitude: p.latitude,
                longitude: p.longitude,
                address: p.address,
                country: p.country,
                website: p.website,
                phone: p.phone,
                source: 'imported' as const,
                externalId: p.externalId,
                visibility: Visibility.private,
                creatorId: user.id,
                searchText: searchTextOf({ name: p.name, address: p.address }),
              })),
            )
            .returning({ id: places.id });
          // identities are drawn in the VALUES order, so ascending ids follow the file's order
          const sorted = ids.map((r) => r.id).sort((a, b) => a - b);
          await tx
            .insert(listItems)
            .values(chunk.map((p, i) => ({ listId: list.id, placeId: sorted[i], position: start + i, note: p.note })));
        }
        return list.id;
      });
      return {
        list: await view(listId, user.id),
        format: parsed.format,
        imported: parsed.items.length,
        needsLocation: parsed.items.filter((p) => p.latitude === null).length,
      };
    },
  };
}
export type ListsService = ReturnType<typeof listsService>;

/** A name for an imported list: the form's, else the file's, else the file name without extension. */
export function importListName(field: string | undefined, fromFile: string | null, filename: string | undefined): string {
  const clean = (s: string | null | undefined) =>
    s
      ? s
          .replace(/[\u0000-\u001f]/g, ' ')
          .trim()
          .slice(0, 120)
      : '';
  return clean(field) || clean(fromFile) || clean(filename?.replace(/\.[^.]*$/, '')) || 'Import';
}
