import { sql } from 'drizzle-orm';
import { ErrorKey, RelationType, USER_GROUP_MEMBERS_MAX, USER_GROUPS_MAX, type ListResponse, type UserGroup } from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { PERSON_COLUMNS, PERSON_PICTURE_JOIN, rowsOf, toPerson, type PersonRow } from './people.ts';

const notFound = () => new AppError(ErrorKey.notFound, 404);
const isUniqueViolation = (err: unknown): boolean =>
  (err as { code?: string })?.code === '23505' || (err as { cause?: { code?: string } })?.cause?.code === '23505';

/**
 * /api/usergroup/: named sets of the owner's friends; a list or place at visibility 32 is read by
 * the members of the owner's groups (relation-sql.ts). Members must be friends when added; an
 * unfriending or a block takes them out (relations.service.ts).
 */
export function groupsService(db: Db) {
  async function read(owner: number, groupIds?: readonly number[]): Promise<UserGroup[]> {
    const groups = await rowsOf<{ id: number; name: string; createdAt: Date | string }>(
      db,
      sql`select id, name, created_at as "createdAt" from user_groups where owner_id = ${owner}
        ${
          groupIds
            ? sql`and id in (${sql.join(
                groupIds.map((g) => sql`${g}`),
                sql`, `,
              )})`
            : sql``
        } order by lower(name), id`,
    );
    if (groups.length === 0) return [];
    const members = await rowsOf<PersonRow & { groupId: number }>(
      db,
      sql`select m.group_id as "groupId", ${PERSON_COLUMNS} from user_group_members m join users u on u.id = m.user_id ${PERSON_PICTURE_JOIN}
        where m.group_id in (${sql.join(
          groups.map((g) => sql`${g.id}`),
          sql`, `,
        )}) order by lower(u.nickname), u.id`,
    );
    return groups.map((g) => ({
      id: Number(g.id),
      name: g.name,
      members: members.filter((m) => Number(m.groupId) === Number(g.id)).map(toPerson),
      createdAt: new Date(g.createdAt).toISOString(),
    }));
  }

  async function one(owner: number, id: number): Promise<UserGroup> {
    const [g] = await read(owner, [id]);
    if (!g) throw notFound();
    return g;
  }

  const duplicate = (err: unknown) => {
    if (isUniqueViolation(err)) throw new AppError(ErrorKey.duplicate, 409);
    throw err;
  };

  return {
    async list(owner: number): Promise<ListResponse<UserGroup>> {
      const list = await read(owner);
      return { list, total: list.length, pageIndex: 0, pageSize: Math.max(list.length, 1) };
    },
    get: one,

    async add(owner: number, name: string): Promise<UserGroup> {
      const id = await db
        .transaction(async (txRaw) => {
          const tx = txRaw as unknown as Db;
          const [{ n }] = await rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from user_groups where owner_id = ${owner}`);
          if (Number(n) >= USER_GROUPS_MAX) throw new AppError(ErrorKey.groupTooMany, 409);
          const [row] = await rowsOf<{ id: number }>(
            tx,
            sql`insert into user_groups (owner_id, name) values (${owner}, ${name.trim()}) returning id`,
          );
          return Number(row.id);
        })
        .catch(duplicate);
      return one(owner, id);
    },

    async rename(owner: number, id: number, name: string): Promise<UserGroup> {
      const done = await rowsOf(
        db,
        sql`update user_groups set name = ${name.trim()}, updated_at = now() where id = ${id} and owner_id = ${owner} returning id`,
      ).catch(duplicate);
      if (done.length === 0) throw notFound();
      return one(owner, id);
    },

    /** Deletes the group; answers its members (what they may no longer read changed). */
    async remove(owner: number, id: number): Promise<number[]> {
      const members = await rowsOf<{ userId: number }>(db, sql`select user_id as "userId" from user_group_members where group_id = ${id}`);
      const done = await rowsOf(db, sql`delete from user_groups where id = ${id} and owner_id = ${owner} returning id`);
      if (done.length === 0) throw notFound();
      return members.map((m) => Number(m.userId));
    },

    async addMember(owner: number, id: number, userId: number): Promise<UserGroup> {
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const own = await rowsOf(tx, sql`select id from user_groups where id = ${id} and owner_id = ${owner} for update`);
        if (own.length === 0) throw notFound();
        const friend = await rowsOf(
          tx,
          sql`select 1 from user_relations where user_id = ${owner} and related_user_id = ${userId} and type = ${RelationType.friend} limit 1`,
        );
        if (friend.length === 0) throw new AppError(ErrorKey.groupNotFriend, 400);
        const [{ n }] = await rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from user_group_members where group_id = ${id}`);
        if (Number(n) >= USER_GROUP_MEMBERS_MAX) throw new AppError(ErrorKey.groupTooMany, 409);
        await tx.execute(sql`insert into user_group_members (group_id, user_id) values (${id}, ${userId}) on conflict do nothing`);
      });
      return one(owner, id);
    },

    async removeMember(owner: number, id: number, userId: number): Promise<UserGroup> {
      const own = await rowsOf(db, sql`select id from user_groups where id = ${id} and owner_id = ${owner}`);
      if (own.length === 0) throw notFound();
      const gone = await rowsOf(db, sql`delete from user_group_members where group_id = ${id} and user_id = ${userId} returning user_id`);
      if (gone.length === 0) throw new AppError(ErrorKey.relationNotFound, 404);
      return one(owner, id);
    },
  };
}
