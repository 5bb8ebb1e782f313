import { sql } from 'drizzle-orm';
import {
  AccountType,
  ErrorKey,
  RELATION_CATEGORY_IDS,
  RELATION_TYPE_IDS,
  RelationCategory,
  RelationType,
  relationTypeKey,
  type ListResponse,
  type MatchResult,
  type RelationCounts,
  type RelationRow,
  type RelationState,
  type RelationTypeKey,
} from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { checkFilters, queryParamError, readListQuery } from '../../platform/http/list-query.ts';
import { PERSON_COLUMNS, PERSON_PICTURE_JOIN, rowsOf, toPerson, type PersonRow } from './people.ts';

/** What a relation write tells the rest of the server (the routes emit it after the commit). */
export interface RelationOutcome {
  events: (
    | { name: 'relation.requested' | 'relation.matched'; payload: { userId: number; relatedUserId: number; categoryId: number } }
    | { name: 'relation.blocked'; payload: { userId: number; relatedUserId: number } }
  )[];
}

const notFound = () => new AppError(ErrorKey.userNotFound, 404);

/** Matching as business makes sense with a business or a blogger on either side. */
export const businessMatchPossible = (a: number, b: number): boolean =>
  [a, b].some((t) => t === AccountType.business || t === AccountType.blogger);

/**
 * User relations (SPEC §7 "User relations"; docs/decisions/0029). Every statement names the caller
 * as `user_id` of the rows it writes, except the pair of friend rows the second yes makes and the
 * rows a block or an unfriending removes on both sides.
 */
export function relationsService(db: Db) {
  /** The other user as the caller may address them: exists, not the caller, has not blocked the caller. */
  async function other(
    tx: Db,
    me: number,
    id: number,
  ): Promise<{ id: number; accountType: number; blockedByThem: boolean; blockedByMe: boolean }> {
    if (id === me) throw new AppError(ErrorKey.relationSelf, 400);
    const rows = await rowsOf<{ id: number; accountType: number; byThem: boolean; byMe: boolean }>(
      tx,
      sql`select u.id, u.account_type as "accountType",
        exists (select 1 from user_relations r where r.user_id = u.id and r.related_user_id = ${me} and r.type = ${RelationType.block}) as "byThem",
        exists (select 1 from user_relations r where r.user_id = ${me} and r.related_user_id = u.id and r.type = ${RelationType.block}) as "byMe"
        from users u where u.id = ${id}`,
    );
    const row = rows[0];
    if (!row) throw notFound();
    return { id: Number(row.id), accountType: Number(row.accountType), blockedByThem: row.byThem, blockedByMe: row.byMe };
  }

  /** The other user, reachable for a match, a no or a follow: not blocked either way. */
  async function reachable(tx: Db, me: number, id: number) {
    const o = await other(tx, me, id);
    // a block by them reads as "no such user": the blocked person is not told
    if (o.blockedByThem) throw notFound();
    if (o.blockedByMe) throw new AppError(ErrorKey.relationBlocked, 409);
    return o;
  }

  /** Writes between two users wait for each other: two yeses at once make one friendship. */
  const lockPair = (tx: Db, a: number, b: number) =>
    tx.execute(sql`select pg_advisory_xact_lock(${Math.min(a, b)}::int, ${Math.max(a, b)}::int)`);

  async function state(tx: Db, me: number, id: number, accountTypes?: [number, number]): Promise<RelationState> {
    const rows = await rowsOf<{ userId: number; type: number; categoryId: number | null }>(
      tx,
      sql`select user_id as "userId", type, category_id as "categoryId" from user_relations
        where (user_id = ${me} and related_user_id = ${id}) or (user_id = ${id} and related_user_id = ${me} and type = ${RelationType.follow})`,
    );
    const mine = rows.filter((r) => Number(r.userId) === me);
    const types = accountTypes ?? (await accountTypesOf(tx, me, id));
    const cats = (type: number) => mine.filter((r) => Number(r.type) === type).map((r) => Number(r.categoryId));
    return {
      userId: id,
      relations: mine.map((r) => ({
        type: relationTypeKey(Number(r.type))!,
        category: r.categoryId === null ? null : Number(r.categoryId),
      })),
      friend: cats(RelationType.friend).length > 0,
      friendCategories: cats(RelationType.friend).sort(),
      pendingCategories: cats(RelationType.match).sort(),
      noMatch: mine.some((r) => Number(r.type) === RelationType.nomatch),
      following: mine.some((r) => Number(r.type) === RelationType.follow),
      followedBy: rows.some((r) => Number(r.userId) === id),
      blocked: mine.some((r) => Number(r.type) === RelationType.block),
      businessMatchPossible: businessMatchPossible(types[0], types[1]),
    };
  }

  async function accountTypesOf(tx: Db, me: number, id: number): Promise<[number, number]> {
    const rows = await rowsOf<{ id: number; accountType: number }>(
      tx,
      sql`select id, account_type as "accountType" from users where id in (${me}, ${id})`,
    );
    const of = (u: number) => Number(rows.find((r) => Number(r.id) === u)?.accountType ?? 0);
    return [of(me), of(id)];
  }

  /** Friendship ended (both friend rows of a category gone): they leave each other's groups when no friendship is left. */
  async function leaveGroupsUnlessFriends(tx: Db, a: number, b: number): Promise<void> {
    await tx.execute(sql`delete from user_group_members m using user_groups g
      where m.group_id = g.id and ((g.owner_id = ${a} and m.user_id = ${b}) or (g.owner_id = ${b} and m.user_id = ${a}))
        and not exists (select 1 from user_relations f where f.user_id = ${a} and f.related_user_id = ${b} and f.type = ${RelationType.friend})`);
  }

  return {
    state: (me: number, id: number) =>
      db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const o = await other(tx, me, id);
        if (o.blockedByThem) throw notFound();
        return state(tx, me, id);
      }),

    /** A yes in each category: a pending match, or — when they said yes too — a friendship. */
    async match(
      me: { id: number; accountType: number },
      id: number,
      categories: readonly number[],
    ): Promise<MatchResult & RelationOutcome> {
      return db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const o = await reachable(tx, me.id, id);
        if (categories.includes(RelationCategory.business) && !businessMatchPossible(me.accountType, o.accountType)) {
          throw new AppError(ErrorKey.relationBusinessMatch, 400);
        }
        await lockPair(tx, me.id, id);
        const events: RelationOutcome['events'] = [];
        let matched = false;
        // a yes takes back my no
        await tx.execute(
          sql`delete from user_relations where user_id = ${me.id} and related_user_id = ${id} and type = ${RelationType.nomatch}`,
        );
        for (const cat of categories) {
          const friends = await rowsOf(
            tx,
            sql`select 1 from user_relations where user_id = ${me.id} and related_user_id = ${id} and type = ${RelationType.friend} and category_id = ${cat}`,
          );
          if (friends.length > 0) continue;
          const theirs = await rowsOf(
            tx,
            sql`delete from user_relations where user_id = ${id} and related_user_id = ${me.id} and type = ${RelationType.match} and category_id = ${cat} returning id`,
          );
          if (theirs.length > 0) {
            await tx.execute(
              sql`delete from user_relations where user_id = ${me.id} and related_user_id = ${id} and type = ${RelationType.match} and category_id = ${cat}`,
            );
            await tx.execute(sql`insert into user_relations (user_id, related_user_id, type, category_id)
              values (${me.id}, ${id}, ${RelationType.friend}, ${cat}), (${id}, ${me.id}, ${RelationType.friend}, ${cat}) on conflict do nothing`);
            matched = true;
            events.push({ name: 'relation.matched', payload: { userId: me.id, relatedUserId: id, categoryId: cat } });
          } else {
            const made = await rowsOf(
              tx,
              sql`insert into user_relations (user_id, related_user_id, type, category_id) values (${me.id}, ${id}, ${RelationType.match}, ${cat})
                on conflict do nothing returning id`,
            );
            if (made.length > 0)
              events.push({ name: 'relation.requested', payload: { userId: me.id, relatedUserId: id, categoryId: cat } });
          }
        }
        return { ...(await state(tx, me.id, id, [me.accountType, o.accountType])), matched, events };
      });
    },

    /** A remembered no: they are not suggested again, my pending yeses to them go. Friends are unfriended first. */
    async noMatch(me: number, id: number): Promise<RelationState> {
      return db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        await reachable(tx, me, id);
        await lockPair(tx, me, id);
        const friends = await rowsOf(
          tx,
          sql`select 1 from user_relations where user_id = ${me} and related_user_id = ${id} and type = ${RelationType.friend}`,
        );
        if (friends.length > 0) throw new AppError(ErrorKey.relationType, 409);
        await tx.execute(
          sql`delete from user_relations where user_id = ${me} and related_user_id = ${id} and type = ${RelationType.match}`,
        );
        await tx.execute(
          sql`insert into user_relations (user_id, related_user_id, type, category_id) values (${me}, ${id}, ${RelationType.nomatch}, null) on conflict do nothing`,
        );
        return state(tx, me, id);
      });
    },

    async follow(me: number, id: number): Promise<RelationState> {
      return db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        await reachable(tx, me, id);
        await tx.execute(
          sql`insert into user_relations (user_id, related_user_id, type, category_id) values (${me}, ${id}, ${RelationType.follow}, null) on conflict do nothing`,
        );
        return state(tx, me, id);
      });
    },

    /** A block: every relation between us goes, both ways, and with it each from the other's groups. */
    async block(me: number, id: number): Promise<RelationState & RelationOutcome> {
      return db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        await other(tx, me, id);
        await lockPair(tx, me, id);
        await tx.execute(sql`delete from user_relations
          where ((user_id = ${me} and related_user_id = ${id}) or (user_id = ${id} and related_user_id = ${me})) and type <> ${RelationType.block}`);
        await leaveGroupsUnlessFriends(tx, me, id);
        const made = await rowsOf(
          tx,
          sql`insert into user_relations (user_id, related_user_id, type, category_id) values (${me}, ${id}, ${RelationType.block}, null) on conflict do nothing returning id`,
        );
        const events: RelationOutcome['events'] =
          made.length > 0 ? [{ name: 'relation.blocked', payload: { userId: me, relatedUserId: id } }] : [];
        return { ...(await state(tx, me, id)), events };
      });
    },

    /** DELETE deleteByRelatedUserIdForLoggedInUser: all my rows about them; a friendship ends on both sides. */
    async deleteAll(me: number, id: number): Promise<void> {
      if (id === me) throw new AppError(ErrorKey.relationSelf, 400);
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        await lockPair(tx, me, id);
        const gone = await rowsOf(tx, sql`delete from user_relations where user_id = ${me} and related_user_id = ${id} returning id`);
        if (gone.length === 0) throw new AppError(ErrorKey.relationNotFound, 404);
        await tx.execute(
          sql`delete from user_relations where user_id = ${id} and related_user_id = ${me} and type = ${RelationType.friend}`,
        );
        await leaveGroupsUnlessFriends(tx, me, id);
      });
    },

    /** DELETE deleteByRelatedUserIdRelationcategoryIdRelationtypeIdForLoggedInUser: one row (an unfriending: both). */
    async deleteOne(
      me: number,
      input: { relatedUserId: number; relationcategoryId?: number | null; relationtypeId: number },
    ): Promise<RelationState> {
      const { relatedUserId: id, relationtypeId: type } = input;
      const cat = input.relationcategoryId ?? null;
      if (id === me) throw new AppError(ErrorKey.relationSelf, 400);
      if (!(RELATION_TYPE_IDS as readonly number[]).includes(type)) throw new AppError(ErrorKey.relationType, 400);
      if (cat !== null && !(RELATION_CATEGORY_IDS as readonly number[]).includes(cat)) throw new AppError(ErrorKey.relationCategory, 400);
      return db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        await lockPair(tx, me, id);
        const gone = await rowsOf(
          tx,
          sql`delete from user_relations where user_id = ${me} and related_user_id = ${id} and type = ${type}
            and coalesce(category_id, 0) = ${cat ?? 0} returning id`,
        );
        if (gone.length === 0) throw new AppError(ErrorKey.relationNotFound, 404);
        if (type === RelationType.friend) {
          await tx.execute(
            sql`delete from user_relations where user_id = ${id} and related_user_id = ${me} and type = ${RelationType.friend} and category_id = ${cat}`,
          );
          await leaveGroupsUnlessFriends(tx, me, id);
        }
        return state(tx, me, id);
      });
    },

    /**
     * GET /api/userrelation/list: my rows (f.relationtype key or id, f.relationcategory, f.mutual),
     * or with f.incoming=true the follows of me (followers). Newest first.
     */
    async list(me: number, query: unknown): Promise<ListResponse<RelationRow>> {
      const q = readListQuery(query);
      checkFilters(q, ['relationtype', 'relationcategory', 'mutual', 'incoming']);
      if (q.sort.length > 0) throw queryParamError('o.sort');
      const f = q.filters;
      const typeId = f.relationtype === undefined ? undefined : (RelationType[f.relationtype as RelationTypeKey] ?? Number(f.relationtype));
      if (typeId !== undefined && !(RELATION_TYPE_IDS as readonly number[]).includes(typeId)) throw queryParamError('f.relationtype');
      const cat = f.relationcategory === undefined ? undefined : Number(f.relationcategory);
      if (cat !== undefined && !(RELATION_CATEGORY_IDS as readonly number[]).includes(cat)) throw queryParamError('f.relationcategory');
      const bool = (name: string) => {
        const v = f[name];
        if (v === undefined) return undefined;
        if (v !== 'true' && v !== 'false') throw queryParamError(`f.${name}`);
        return v === 'true';
      };
      const mutual = bool('mutual');
      const incoming = bool('incoming') ?? false;
      if (incoming && typeId !== RelationType.follow) throw queryParamError('f.incoming');
      // mine: r.user_id = me, the person is related_user_id; incoming: the follower is user_id
      const [self, person] = incoming ? ['related_user_id', 'user_id'] : ['user_id', 'related_user_id'];
      // the reverse row: they have the same relation to me (a follower I follow back)
      const mutualSql =
        sql.raw(`exists (select 1 from user_relations b where b.user_id = r.related_user_id and b.related_user_id = r.user_id
        and b.type = r.type and coalesce(b.category_id, 0) = coalesce(r.category_id, 0))`);
      const where = [
        sql`r.${sql.raw(self)} = ${me}`,
        ...(typeId !== undefined ? [sql`r.type = ${typeId}`] : []),
        ...(cat !== undefined ? [sql`r.category_id = ${cat}`] : []),
        ...(mutual !== undefined ? [mutual ? mutualSql : sql`not ${mutualSql}`] : []),
      ];
      const whereSql = sql.join(where, sql` and `);
      const rows = await rowsOf<
        PersonRow & { id: number; type: number; categoryId: number | null; mutual: boolean; createdAt: Date | string }
      >(
        db,
        sql`select r.id, r.type, r.category_id as "categoryId", r.created_at as "createdAt", ${mutualSql} as mutual, ${PERSON_COLUMNS}
          from user_relations r join users u on u.id = r.${sql.raw(person)} ${PERSON_PICTURE_JOIN}
          where ${whereSql} order by r.created_at desc, r.id desc limit ${q.pageSize} offset ${q.pageIndex * q.pageSize}`,
      );
      const [{ n }] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from user_relations r where ${whereSql}`);
      return {
        list: rows.map((r) => ({
          id: Number(r.id),
          type: relationTypeKey(Number(r.type))!,
          category: r.categoryId === null ? null : Number(r.categoryId),
          mutual: Number(r.type) === RelationType.friend || r.mutual,
          user: toPerson(r),
          createdAt: new Date(r.createdAt).toISOString(),
        })),
        total: Number(n),
        pageIndex: q.pageIndex,
        pageSize: q.pageSize,
      };
    },

    async counts(me: number): Promise<RelationCounts> {
      const [r] = await rowsOf<Record<keyof RelationCounts, number>>(
        db,
        sql`select
          (select count(distinct related_user_id) from user_relations where user_id = ${me} and type = ${RelationType.friend})::int as friends,
          (select count(*) from user_relations where related_user_id = ${me} and type = ${RelationType.follow})::int as followers,
          (select count(*) from user_relations where user_id = ${me} and type = ${RelationType.follow})::int as following,
          (select count(*) from user_relations where user_id = ${me} and type = ${RelationType.match})::int as pending,
          (select count(*) from user_relations where user_id = ${me} and type = ${RelationType.block})::int as blocked,
          (select count(*) from user_relations where user_id = ${me} and type = ${RelationType.nomatch})::int as "noMatch",
          (select count(*) from user_groups where owner_id = ${me})::int as groups`,
      );
      return Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)])) as RelationCounts;
    },

    async settings(me: number): Promise<{ discoverable: boolean }> {
      const [r] = await rowsOf<{ discoverable: boolean }>(db, sql`select discoverable from users where id = ${me}`);
      return { discoverable: r?.discoverable ?? true };
    },

    async setSettings(me: number, discoverable: boolean): Promise<{ discoverable: boolean }> {
      await db.execute(sql`update users set discoverable = ${discoverable} where id = ${me}`);
      return { discoverable };
    },
  };
}

export type RelationsService = ReturnType<typeof relationsService>;
