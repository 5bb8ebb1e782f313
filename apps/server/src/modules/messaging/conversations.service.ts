import { sql } from 'drizzle-orm';
import {
  AccountType,
  CONVERSATION_MEMBERS_MAX,
  ConversationKind,
  ErrorKey,
  MessageCategory,
  RelationType,
  type Conversation,
  type ConversationStatus,
} from '@spotlist/contracts';
import type { z } from 'zod';
import type { ConversationInputSchema, ConversationUpdateSchema } from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { blockedBetweenSql } from '../../platform/db/relation-sql.ts';
import type { EventMap } from '../../platform/events/event-map.ts';
import {
  conversationNotFound,
  inList,
  kindKey,
  MEMBER_COLUMNS,
  rowsOf,
  statusId,
  statusKey,
  toMember,
  unreadSql,
  type MemberRow,
} from './views.ts';

/** The conversation row with the caller's membership (what every access check reads). */
export interface Membership {
  id: number;
  kind: number;
  title: string | null;
  categoryId: number;
  categoryKey: string;
  categoryName: string;
  status: number;
  assigneeId: number | null;
  createdBy: number | null;
  guestId: number | null;
  guestReadSeq: number;
  guestBlockedAt: Date | string | null;
  lastSeq: number;
  lastRev: number;
  createdAt: Date | string;
  admin: boolean;
  readSeq: number;
}

export type ConversationChanged = EventMap['conversation.changed'];

const MEMBERSHIP_COLUMNS = sql.raw(`c.id, c.kind, c.title, c.category_id as "categoryId", mc.key as "categoryKey",
  mc.name as "categoryName", c.status, c.assignee_id as "assigneeId", c.created_by as "createdBy", c.guest_id as "guestId",
  c.guest_read_seq as "guestReadSeq", c.guest_blocked_at as "guestBlockedAt", c.last_seq as "lastSeq", c.last_rev as "lastRev", c.created_at as "createdAt"`);

const numbers = (m: Membership): Membership => ({
  ...m,
  id: Number(m.id),
  kind: Number(m.kind),
  categoryId: Number(m.categoryId),
  status: Number(m.status),
  guestReadSeq: Number(m.guestReadSeq),
  lastSeq: Number(m.lastSeq),
  lastRev: Number(m.lastRev),
  readSeq: Number(m.readSeq),
});

const directKey = (a: number, b: number) => `${Math.min(a, b)}:${Math.max(a, b)}`;

/**
 * Conversations (docs/decisions/0030): who may start one, the members, the inbox state (the
 * overview is overview.service.ts). Every read and write names the caller in its where: a conversation I am not in is
 * 404, as one that does not exist.
 */
export function conversationsService(db: Db) {
  /** The conversation with my membership, or 404; `lock` takes the row for a write. */
  async function membership(tx: Db, id: number, me: number, lock = false): Promise<Membership> {
    const rows = await rowsOf<Membership>(
      tx,
      sql`select ${MEMBERSHIP_COLUMNS}, cm.admin, cm.read_seq as "readSeq"
        from conversations c join conversation_members cm on cm.conversation_id = c.id and cm.user_id = ${me}
        join message_categories mc on mc.id = c.category_id where c.id = ${id}${lock ? sql` for update of c` : sql``}`,
    );
    if (!rows[0]) throw conversationNotFound();
    return numbers(rows[0]);
  }

  /** The conversation row alone (a guest's, or a job's). */
  async function row(tx: Db, id: number): Promise<Omit<Membership, 'admin' | 'readSeq'> | null> {
    const rows = await rowsOf<Membership>(
      tx,
      sql`select ${MEMBERSHIP_COLUMNS}, false as admin, 0 as "readSeq" from conversations c
        join message_categories mc on mc.id = c.category_id where c.id = ${id}`,
    );
    return rows[0] ? numbers(rows[0]) : null;
  }

  async function members(tx: Db, id: number) {
    const rows = await rowsOf<MemberRow>(
      tx,
      sql`select ${MEMBER_COLUMNS} from conversation_members cm join users u on u.id = cm.user_id
        left join documents pd on pd.id = u.picture_document_id where cm.conversation_id = ${id} order by cm.joined_at, u.id`,
    );
    return rows.map(toMember);
  }

  /** May `me` write here: not in a direct conversation with a block between the two. */
  async function canWrite(tx: Db, c: { id: number; kind: number }, me: number): Promise<boolean> {
    if (c.kind !== ConversationKind.direct) return true;
    const rows = await rowsOf<{ blocked: boolean }>(
      tx,
      sql`select coalesce(bool_or(${blockedBetweenSql(sql`cm.user_id`, me)}), false) as blocked
        from conversation_members cm where cm.conversation_id = ${c.id} and cm.user_id <> ${me}`,
    );
    return !rows[0]?.blocked;
  }

  async function view(tx: Db, id: number, me: number): Promise<Conversation> {
    const m = await membership(tx, id, me);
    const [list, unread, writable] = await Promise.all([
      members(tx, id),
      rowsOf<{ n: number | string }>(tx, sql`select ${unreadSql(sql`${id}::int`, sql`${m.readSeq}::bigint`, me)} as n`),
      canWrite(tx, m, me),
    ]);
    return {
      id: m.id,
      kind: kindKey(m.kind),
      title: m.title,
      category: { id: m.categoryId, key: m.categoryKey, name: m.categoryName },
      status: statusKey(m.status),
      assigneeId: m.assigneeId === null ? null : Number(m.assigneeId),
      createdBy: m.createdBy === null ? null : Number(m.createdBy),
      members: list,
      guest: m.guestId === null ? null : { id: Number(m.guestId), readSeq: m.guestReadSeq, blocked: m.guestBlockedAt !== null },
      canWrite: writable,
      lastSeq: m.lastSeq,
      lastRev: m.lastRev,
      myReadSeq: m.readSeq,
      unread: Number(unread[0]?.n ?? 0),
      createdAt: new Date(m.createdAt).toISOString(),
    };
  }

  async function categoryExists(tx: Db, id: number) {
    const rows = await rowsOf<{ id: number }>(tx, sql`select id from message_categories where id = ${id}`);
    if (!rows[0]) throw new AppError(ErrorKey.messageCategory, 400);
  }

  /**
   * The people `me` may put into a group: existing users, my friends (a friend row of mine about
   * them), no block either way. Answers 403 naming nobody (a stranger's id tells nothing).
   */
  async function checkFriends(tx: Db, me: number, ids: readonly number[]) {
    const rows = await rowsOf<{ id: number }>(
      tx,
      sql`select u.id from users u where u.id in (${inList(ids)})
        and exists (select 1 from user_relations f where f.user_id = ${me} and f.related_user_id = u.id and f.type = ${RelationType.friend})
        and not ${blockedBetweenSql(sql`u.id`, me)}`,
    );
    if (rows.length !== ids.length) throw new AppError(ErrorKey.conversationNotAllowed, 403);
  }

  /** A direct conversation with `other`: friends, or a business on their side (or mine, answering). */
  async function openDirect(tx: Db, me: { id: number; accountType: number }, other: number, categoryId?: number) {
    if (other === me.id) throw new AppError(ErrorKey.relationSelf, 400);
    const found = await rowsOf<{ accountType: number; friend: boolean; byThem: boolean; byMe: boolean }>(
      tx,
      sql`select u.account_type as "accountType",
          exists (select 1 from user_relations f where f.user_id = ${me.id} and f.related_user_id = u.id and f.type = ${RelationType.friend}) as friend,
          exists (select 1 from user_relations b where b.user_id = u.id and b.related_user_id = ${me.id} and b.type = ${RelationType.block}) as "byThem",
          exists (select 1 from user_relations b where b.user_id = ${me.id} and b.related_user_id = u.id and b.type = ${RelationType.block}) as "byMe"
        from users u where u.id = ${other}`,
    );
    const o = found[0];
    // someone who blocked me is not told apart from nobody (as their profile)
    if (!o || o.byThem) throw new AppError(ErrorKey.userNotFound, 404);
    const key = directKey(me.id, other);
    const existing = await rowsOf<{ id: number }>(tx, sql`select id from conversations where direct_key = ${key}`);
    if (existing[0]) return { id: Number(existing[0].id), created: false };
    if (o.byMe) throw new AppError(ErrorKey.relationBlocked, 409);
    const business = Number(o.accountType) === AccountType.business;
    if (!o.friend && !business) throw new AppError(ErrorKey.conversationNotAllowed, 403);
    if (categoryId !== undefined) await categoryExists(tx, categoryId);
    const category = categoryId ?? (business && !o.friend ? MessageCategory.enquiry : MessageCategory.personal);
    // two first messages at once make one conversation: the pair's key is unique
    const made = await rowsOf<{ id: number }>(
      tx,
      sql`insert into conversations (kind, category_id, created_by, direct_key)
        values (${ConversationKind.direct}, ${category}, ${me.id}, ${key}) on conflict (direct_key) do nothing returning id`,
    );
    if (!made[0]) {
      const again = await rowsOf<{ id: number }>(tx, sql`select id from conversations where direct_key = ${key}`);
      return { id: Number(again[0]!.id), created: false };
    }
    const id = Number(made[0].id);
    await tx.execute(
      sql`insert into conversation_members (conversation_id, user_id, admin) values (${id}, ${me.id}, false), (${id}, ${other}, false)`,
    );
    return { id, created: true };
  }

  const tx = <T>(fn: (t: Db) => Promise<T>): Promise<T> => db.transaction(async (raw) => fn(raw as unknown as Db));

  return {
    membership,
    row,
    members,
    canWrite,
    view: (id: number, me: number) => view(db, id, me),

    /** POST /api/conversation/add: a direct conversation (found or made), or a group of my friends. */
    async create(
      me: { id: number; accountType: number },
      input: z.output<typeof ConversationInputSchema>,
    ): Promise<{ conversation: Conversation; changed: ConversationChanged | null }> {
      const ids = [...new Set(input.memberIds)];
      const group = input.title !== undefined && input.title !== '';
      if (!group) {
        if (ids.length !== 1) throw new AppError(ErrorKey.conversationNotAllowed, 400);
        return tx(async (t) => {
          const { id, created } = await openDirect(t, me, ids[0]!, input.categoryId);
          return {
            conversation: await view(t, id, me.id),
            changed: created ? { conversationId: id, added: [me.id, ids[0]!], removed: [], guestId: null } : null,
          };
        });
      }
      if (ids.includes(me.id)) throw new AppError(ErrorKey.relationSelf, 400);
      return tx(async (t) => {
        await checkFriends(t, me.id, ids);
        if (input.categoryId !== undefined) await categoryExists(t, input.categoryId);
        const made = await rowsOf<{ id: number }>(
          t,
          sql`insert into conversations (kind, title, category_id, created_by)
            values (${ConversationKind.group}, ${input.title}, ${input.categoryId ?? MessageCategory.personal}, ${me.id}) returning id`,
        );
        const id = Number(made[0]!.id);
        await t.execute(
          sql`insert into conversation_members (conversation_id, user_id, admin) values (${id}, ${me.id}, true), ${sql.join(
            ids.map((u) => sql`(${id}, ${u}, false)`),
            sql`, `,
          )}`,
        );
        return {
          conversation: await view(t, id, me.id),
          changed: { conversationId: id, added: [me.id, ...ids], removed: [], guestId: null },
        };
      });
    },

    /** POST /api/conversation/update/{id}: a group's title (its admins), category, status, assignee (myself or nobody). */
    async update(me: number, id: number, input: z.output<typeof ConversationUpdateSchema>) {
      return tx(async (t) => {
        const m = await membership(t, id, me, true);
        const set = [];
        if (input.title !== undefined) {
          if (m.kind !== ConversationKind.group || !m.admin) throw new AppError(ErrorKey.conversationAdmin, 403);
          set.push(sql`title = ${input.title}`);
        }
        if (input.categoryId !== undefined) {
          await categoryExists(t, input.categoryId);
          set.push(sql`category_id = ${input.categoryId}`);
        }
        if (input.status !== undefined) set.push(sql`status = ${statusId(input.status as ConversationStatus)}`);
        if (input.assigneeId !== undefined) {
          if (input.assigneeId !== null && input.assigneeId !== me) throw new AppError(ErrorKey.conversationAdmin, 403);
          set.push(sql`assignee_id = ${input.assigneeId}`);
        }
        if (set.length > 0) await t.execute(sql`update conversations set ${sql.join(set, sql`, `)}, updated_at = now() where id = ${id}`);
        const changed: ConversationChanged = { conversationId: id, added: [], removed: [], guestId: null };
        return { conversation: await view(t, id, me), changed };
      });
    },

    /** POST /api/conversation/{id}/guest/block|unblock: the business stops (or lets again) a guest write to it. */
    async blockGuest(me: number, id: number, blocked: boolean) {
      return tx(async (t) => {
        const m = await membership(t, id, me, true);
        if (m.kind !== ConversationKind.guest) throw new AppError(ErrorKey.conversationNotAllowed, 400);
        await t.execute(
          sql`update conversations set guest_blocked_at = ${blocked ? sql`coalesce(guest_blocked_at, now())` : null}, updated_at = now() where id = ${id}`,
        );
        const changed: ConversationChanged = { conversationId: id, added: [], removed: [], guestId: null };
        return { conversation: await view(t, id, me), changed };
      });
    },

    /** POST /api/conversation/{id}/members: a group's admin adds friends of theirs. */
    async addMembers(me: number, id: number, memberIds: readonly number[]) {
      return tx(async (t) => {
        const m = await membership(t, id, me, true);
        if (m.kind !== ConversationKind.group || !m.admin) throw new AppError(ErrorKey.conversationAdmin, 403);
        const current = new Set((await members(t, id)).map((x) => x.id));
        const fresh = [...new Set(memberIds)].filter((u) => !current.has(u));
        if (fresh.length === 0) return { conversation: await view(t, id, me), changed: null };
        await checkFriends(t, me, fresh);
        if (current.size + fresh.length > CONVERSATION_MEMBERS_MAX) throw new AppError(ErrorKey.conversationFull, 409);
        // they read from now on: what was said before they came counts as read
        await t.execute(
          sql`insert into conversation_members (conversation_id, user_id, read_seq) values ${sql.join(
            fresh.map((u) => sql`(${id}, ${u}, ${m.lastSeq})`),
            sql`, `,
          )}`,
        );
        const changed: ConversationChanged = { conversationId: id, added: fresh, removed: [], guestId: null };
        return { conversation: await view(t, id, me), changed };
      });
    },

    /** DELETE /api/conversation/{id}/members/{userId}: a group's admin removes someone (oneself: leave). */
    async removeMember(me: number, id: number, userId: number) {
      return tx(async (t) => {
        const m = await membership(t, id, me, true);
        if (m.kind !== ConversationKind.group || !m.admin || userId === me) throw new AppError(ErrorKey.conversationAdmin, 403);
        const gone = await rowsOf<{ userId: number }>(
          t,
          sql`delete from conversation_members where conversation_id = ${id} and user_id = ${userId} returning user_id as "userId"`,
        );
        if (!gone[0]) throw new AppError(ErrorKey.userNotFound, 404);
        const changed: ConversationChanged = { conversationId: id, added: [], removed: [userId], guestId: null };
        return { conversation: await view(t, id, me), changed };
      });
    },

    /** POST /api/conversation/{id}/leave: out of a group; the longest member becomes admin when the last one leaves. */
    async leave(me: number, id: number): Promise<ConversationChanged> {
      return tx(async (t) => {
        const m = await membership(t, id, me, true);
        if (m.kind !== ConversationKind.group) throw new AppError(ErrorKey.conversationNotAllowed, 400);
        await t.execute(sql`delete from conversation_members where conversation_id = ${id} and user_id = ${me}`);
        const left = await rowsOf<{ userId: number; admin: boolean }>(
          t,
          sql`select user_id as "userId", admin from conversation_members where conversation_id = ${id} order by joined_at, user_id`,
        );
        if (left.length === 0) await t.execute(sql`delete from conversations where id = ${id}`);
        else if (!left.some((x) => x.admin))
          await t.execute(sql`update conversation_members set admin = true where conversation_id = ${id} and user_id = ${left[0]!.userId}`);
        return { conversationId: id, added: [], removed: [me], guestId: null };
      });
    },
  };
}
export type ConversationsService = ReturnType<typeof conversationsService>;
