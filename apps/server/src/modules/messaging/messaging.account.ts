import { sql } from 'drizzle-orm';
import { CONVERSATION_KIND_KEYS } from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import type { AccountDataPart } from '../../platform/account-data/account-data.ts';
import { rowsOf } from './views.ts';

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/**
 * What messaging keeps of an account (docs/decisions/0030 "Account data").
 *
 * Export: every conversation the user is in (kind, title, category, when they joined, the other
 * members by id and nickname) with the messages the user wrote there — their own words, not the
 * others' (those are the others' data; the conversation is theirs to export too).
 *
 * Deletion: the user's messages are erased as a delete of each would be (text and cards gone,
 * shown as deleted), in the conversation's change order (each takes the next revision, so a
 * client catching up with ?after=rev hears it), and a group the user administered alone gets its
 * longest-standing other member as administrator. Memberships go with the account (cascade);
 * the sender becomes null (a gone account).
 */
export const messagingAccountPart = (db: Db): AccountDataPart<'conversations'> => ({
  owner: 'messaging',
  sections: ['conversations'],
  async export(userId) {
    const conversations = await rowsOf<{
      id: number;
      kind: number;
      title: string | null;
      category: string;
      joinedAt: Date | string;
    }>(
      db,
      sql`select c.id, c.kind, c.title, mc.key as category, cm.joined_at as "joinedAt"
        from conversation_members cm join conversations c on c.id = cm.conversation_id
        join message_categories mc on mc.id = c.category_id
        where cm.user_id = ${userId} order by c.id`,
    );
    const [members, messages] = await Promise.all([
      rowsOf<{ conversationId: number; userId: number; nickname: string }>(
        db,
        sql`select o.conversation_id as "conversationId", u.id as "userId", u.nickname
          from conversation_members cm join conversation_members o on o.conversation_id = cm.conversation_id and o.user_id <> cm.user_id
          join users u on u.id = o.user_id where cm.user_id = ${userId} order by o.conversation_id, o.joined_at, u.id`,
      ),
      rowsOf<{
        conversationId: number;
        seq: number | string;
        text: string;
        placeId: number | null;
        listId: number | null;
        documentId: number | null;
        meetingId: number | null;
        createdAt: Date | string;
        editedAt: Date | string | null;
      }>(
        db,
        sql`select m.conversation_id as "conversationId", m.seq, m.text, m.place_id as "placeId", m.list_id as "listId",
            m.document_id as "documentId", m.meeting_id as "meetingId", m.created_at as "createdAt", m.edited_at as "editedAt"
          from messages m join conversation_members cm on cm.conversation_id = m.conversation_id and cm.user_id = ${userId}
          where m.sender_id = ${userId} and not m.from_guest and m.deleted_at is null order by m.conversation_id, m.seq`,
      ),
    ]);
    return {
      conversations: conversations.map((c) => ({
        id: Number(c.id),
        kind: CONVERSATION_KIND_KEYS[Number(c.kind) - 1] ?? 'direct',
        title: c.title,
        category: c.category,
        joinedAt: iso(c.joinedAt)!,
        members: members
          .filter((m) => Number(m.conversationId) === Number(c.id))
          .map((m) => ({ userId: Number(m.userId), nickname: m.nickname })),
        messages: messages
          .filter((m) => Number(m.conversationId) === Number(c.id))
          .map((m) => ({
            seq: Number(m.seq),
            text: m.text,
            placeId: m.placeId,
            listId: m.listId,
            documentId: m.documentId,
            meetingId: m.meetingId,
            createdAt: iso(m.createdAt)!,
            editedAt: iso(m.editedAt),
          })),
      })),
    };
  },
  async beforeDelete(tx, userId) {
    // groups the user administered alone: the longest-standing other member administers them now
    await tx.execute(sql`update conversation_members cm set admin = true
      from (select distinct on (o.conversation_id) o.conversation_id, o.user_id
        from conversation_members me join conversation_members o on o.conversation_id = me.conversation_id and o.user_id <> me.user_id
        where me.user_id = ${userId} and me.admin
          and not exists (select 1 from conversation_members a where a.conversation_id = me.conversation_id and a.admin and a.user_id <> me.user_id)
        order by o.conversation_id, o.joined_at, o.user_id) heir
      where cm.conversation_id = heir.conversation_id and cm.user_id = heir.user_id`);
    // each of the user's messages deleted, taking the conversation's next revisions in order
    await tx.execute(sql`with mine as (
        select m.id, m.conversation_id, row_number() over (partition by m.conversation_id order by m.seq) as k
        from messages m where m.sender_id = ${userId} and not m.from_guest and m.deleted_at is null
      ), counted as (
        select conversation_id, count(*) as n from mine group by conversation_id
      ), bumped as (
        update conversations c set last_rev = c.last_rev + counted.n, updated_at = now()
        from counted where c.id = counted.conversation_id
        returning c.id, c.last_rev - counted.n as base
      )
      update messages m set text = '', place_id = null, list_id = null, document_id = null, meeting_id = null,
        deleted_at = now(), rev = bumped.base + mine.k
      from mine join bumped on bumped.id = mine.conversation_id where m.id = mine.id`);
  },
});
