import { sql } from 'drizzle-orm';
import { ConversationKind, type MessageOverview } from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { checkFilters, queryParamError, readListQuery } from '../../platform/http/list-query.ts';
import { inList, kindKey, MEMBER_COLUMNS, rowsOf, statusId, statusKey, toMember, unreadSql, type MemberRow } from './views.ts';

/** Overview page size when the query names none; the most one page may ask for. */
const OVERVIEW_PAGE = 30;
const OVERVIEW_PAGE_MAX = 100;
/** Others shown per conversation in the overview. */
const OTHERS_SHOWN = 3;

/**
 * The badge's figures: unread messages and the conversations holding them. Only conversations
 * with a message after the member's read position are counted (conversations.last_seq, no message
 * read), each by its own range of messages_seq_idx: the cost follows the unread conversations,
 * not the messages of every conversation the user is in.
 */
async function unreadTotals(db: Db, me: number): Promise<{ unread: number; conversations: number }> {
  const rows = await rowsOf<{ unread: number | string | null; conversations: number | string }>(
    db,
    sql`select coalesce(sum(x.n), 0) as unread, count(*) filter (where x.n > 0) as conversations
      from conversation_members cm join conversations c on c.id = cm.conversation_id and c.last_seq > cm.read_seq,
      lateral ${unreadSql(sql`cm.conversation_id`, sql`cm.read_seq`, me)} as x(n)
      where cm.user_id = ${me}`,
  );
  return { unread: Number(rows[0]?.unread ?? 0), conversations: Number(rows[0]?.conversations ?? 0) };
}

/**
 * The message overview (SPEC §3): my conversations by last activity with the list query's filters,
 * each with its newest message as a preview and the first others; and the badge's unread figures.
 */
export function overviewService(db: Db) {
  return {
    /** SPEC §3 message overview: my conversations by last activity, with the list query's filters. */
    async overview(me: number, query: unknown): Promise<MessageOverview> {
      const q = readListQuery(query);
      checkFilters(q, ['category', 'status', 'unread', 'kind', 'q']);
      if (q.sort.length > 0) throw queryParamError('o.sort');
      if (q.pageSize > OVERVIEW_PAGE_MAX) throw queryParamError('p.s');
      const f = q.filters;
      const where = [sql`cm.user_id = ${me}`];
      if (f.category !== undefined) {
        if (!/^\d{1,9}$/.test(f.category)) throw queryParamError('f.category');
        where.push(sql`c.category_id = ${Number(f.category)}`);
      }
      if (f.status !== undefined) {
        if (f.status !== 'open' && f.status !== 'done') throw queryParamError('f.status');
        where.push(sql`c.status = ${statusId(f.status)}`);
      }
      if (f.kind !== undefined) {
        const kind = { direct: ConversationKind.direct, group: ConversationKind.group, guest: ConversationKind.guest }[f.kind];
        if (kind === undefined) throw queryParamError('f.kind');
        where.push(sql`c.kind = ${kind}`);
      }
      if (f.unread !== undefined) {
        if (f.unread !== 'true' && f.unread !== 'false') throw queryParamError('f.unread');
        const some = sql`(c.last_seq > cm.read_seq and exists (select 1 from messages um where um.conversation_id = c.id
          and um.seq > cm.read_seq and um.deleted_at is null and (um.from_guest or um.sender_id is distinct from ${me})))`;
        where.push(f.unread === 'true' ? some : sql`not ${some}`);
      }
      if (f.q !== undefined && f.q.trim() !== '') {
        const like = `%${f.q.trim().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
        where.push(sql`(c.title ilike ${like} or exists (select 1 from conversation_members o join users ou on ou.id = o.user_id
          where o.conversation_id = c.id and o.user_id <> ${me} and ou.nickname ilike ${like}))`);
      }
      const size = (query as Record<string, unknown> | null)?.['p.s'] === undefined ? OVERVIEW_PAGE : q.pageSize;
      const filter = sql.join(where, sql` and `);
      const [page, total, unreadTotal] = await Promise.all([
        rowsOf<{
          id: number;
          kind: number;
          title: string | null;
          categoryId: number;
          categoryKey: string;
          categoryName: string;
          status: number;
          assigneeId: number | null;
          guestId: number | null;
          lastActivityAt: Date | string;
          memberCount: number | string;
          unread: number | string;
          lmSeq: number | string | null;
          lmSender: number | null;
          lmGuest: boolean | null;
          lmText: string | null;
          lmPlace: number | null;
          lmList: number | null;
          lmDoc: number | null;
          lmMeeting: number | null;
          lmDeleted: Date | string | null;
          lmAt: Date | string | null;
        }>(
          db,
          sql`select c.id, c.kind, c.title, c.category_id as "categoryId", mc.key as "categoryKey", mc.name as "categoryName",
              c.status, c.assignee_id as "assigneeId", c.guest_id as "guestId", cm.last_activity_at as "lastActivityAt",
              (select count(*) from conversation_members x where x.conversation_id = c.id) as "memberCount",
              case when c.last_seq > cm.read_seq then ${unreadSql(sql`c.id`, sql`cm.read_seq`, me)} else 0 end as unread,
              lm.seq as "lmSeq", lm.sender_id as "lmSender", lm.from_guest as "lmGuest", lm.text as "lmText",
              lm.place_id as "lmPlace", lm.list_id as "lmList", lm.document_id as "lmDoc", lm.meeting_id as "lmMeeting",
              lm.deleted_at as "lmDeleted", lm.created_at as "lmAt"
            from conversation_members cm join conversations c on c.id = cm.conversation_id
            join message_categories mc on mc.id = c.category_id
            left join lateral (select * from messages l where l.conversation_id = c.id order by l.seq desc limit 1) lm on true
            where ${filter}
            order by cm.last_activity_at desc, c.id desc limit ${size} offset ${q.pageIndex * size}`,
        ),
        rowsOf<{ n: number | string }>(
          db,
          sql`select count(*) as n from conversation_members cm join conversations c on c.id = cm.conversation_id where ${filter}`,
        ),
        unreadTotals(db, me),
      ]);
      const ids = page.map((p) => Number(p.id));
      const others =
        ids.length === 0
          ? []
          : await rowsOf<MemberRow & { conversationId: number }>(
              db,
              sql`select * from (select ${MEMBER_COLUMNS}, cm.conversation_id as "conversationId",
                  row_number() over (partition by cm.conversation_id order by cm.joined_at, u.id) as n
                from conversation_members cm join users u on u.id = cm.user_id left join documents pd on pd.id = u.picture_document_id
                where cm.conversation_id in (${inList(ids)}) and cm.user_id <> ${me}) x where x.n <= ${OTHERS_SHOWN}`,
            );
      const othersOf = new Map<number, ReturnType<typeof toMember>[]>();
      for (const o of others) {
        const list = othersOf.get(Number(o.conversationId)) ?? [];
        list.push(toMember(o));
        othersOf.set(Number(o.conversationId), list);
      }
      const previewKind = (p: (typeof page)[number]) =>
        p.lmDeleted !== null
          ? 'deleted'
          : p.lmMeeting !== null
            ? 'meeting'
            : p.lmDoc !== null
              ? 'file'
              : p.lmPlace !== null
                ? 'place'
                : p.lmList !== null
                  ? 'list'
                  : 'text';
      return {
        list: page.map((p) => ({
          id: Number(p.id),
          kind: kindKey(Number(p.kind)),
          title: p.title,
          category: { id: Number(p.categoryId), key: p.categoryKey, name: p.categoryName },
          status: statusKey(Number(p.status)),
          assigneeId: p.assigneeId === null ? null : Number(p.assigneeId),
          others: (othersOf.get(Number(p.id)) ?? []).map(({ id, nickname, accountType, picturedocument }) => ({
            id,
            nickname,
            accountType,
            picturedocument,
          })),
          memberCount: Number(p.memberCount),
          guest: p.guestId !== null,
          lastMessage:
            p.lmSeq === null
              ? null
              : {
                  seq: Number(p.lmSeq),
                  senderId: p.lmGuest || p.lmSender === null ? null : Number(p.lmSender),
                  text: p.lmDeleted !== null ? '' : (p.lmText ?? '').slice(0, 160),
                  kind: previewKind(p),
                  createdAt: new Date(p.lmAt!).toISOString(),
                },
          lastActivityAt: new Date(p.lastActivityAt).toISOString(),
          unread: Number(p.unread),
        })),
        total: Number(total[0]?.n ?? 0),
        pageIndex: q.pageIndex,
        pageSize: size,
        unreadTotal: unreadTotal.unread,
      };
    },

    /** GET /api/messageoverview/unread: the badge. */
    unread: (me: number) => unreadTotals(db, me),
  };
}
export type OverviewService = ReturnType<typeof overviewService>;
