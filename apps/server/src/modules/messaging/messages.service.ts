import { sql } from 'drizzle-orm';
import {
  ErrorKey,
  MESSAGE_CHANGES_MAX,
  MESSAGES_PAGE_SIZE,
  type Message,
  type MessagePage,
  type MessageReportReason,
} from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { listReadableSql, placeReadableSql } from '../../platform/db/place-sql.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ConversationsService } from './conversations.service.ts';
import { MESSAGE_COLUMNS, MESSAGE_JOINS, messageNotFound, rowsOf, toMessage, type MessageRow } from './views.ts';

/** Who writes: a user (with the moderator flag for place visibility), or the guest of a guest conversation. */
export type Writer = { kind: 'user'; id: number; moderator: boolean } | { kind: 'guest'; guestId: number };

export interface SendInput {
  text: string;
  placeId?: number;
  listId?: number;
  documentId?: number;
  replyToId?: number;
  clientId?: string;
  /** A meeting's card (meetings.service). */
  meetingId?: number;
}

export interface Sent {
  message: Message;
  /** False when `clientId` found the message already stored (a retry): nothing to tell anyone. */
  fresh: boolean;
  memberIds: number[];
  guestId: number | null;
}

/**
 * Messages (docs/decisions/0030). A send takes the conversation's row lock, numbers the message
 * (`seq`, gapless) and the change (`rev`), stores it and moves every member's activity in one
 * transaction; the routes emit 'message.posted' after the commit.
 */
export function messagesService(db: Db, conversations: ConversationsService) {
  const tx = <T>(fn: (t: Db) => Promise<T>): Promise<T> => db.transaction(async (raw) => fn(raw as unknown as Db));

  async function one(t: Db, id: number): Promise<Message> {
    const rows = await rowsOf<MessageRow>(t, sql`select ${MESSAGE_COLUMNS} from messages m ${MESSAGE_JOINS} where m.id = ${id}`);
    if (!rows[0]) throw messageNotFound();
    return toMessage(rows[0]);
  }

  /** The references of a new message: each must be the writer's to show (a place or list they may read, their own file). */
  async function checkRefs(t: Db, conversationId: number, w: Writer, input: SendInput) {
    const cards = [input.placeId, input.listId, input.documentId, input.meetingId].filter((v) => v !== undefined);
    if (cards.length > 1) throw new AppError(ErrorKey.messageOneCard, 400);
    if (input.text === '' && cards.length === 0) throw new AppError(ErrorKey.messageEmpty, 400);
    if (w.kind === 'guest' && (input.placeId !== undefined || input.listId !== undefined || input.documentId !== undefined))
      throw new AppError(ErrorKey.messageOneCard, 400);
    if (w.kind === 'user' && input.placeId !== undefined) {
      const rows = await rowsOf<{ id: number }>(
        t,
        sql`select places.id from places where places.id = ${input.placeId} and ${placeReadableSql(w.id, w.moderator)}`,
      );
      if (!rows[0]) throw new AppError(ErrorKey.placeNotFound, 404);
    }
    if (w.kind === 'user' && input.listId !== undefined) {
      const rows = await rowsOf<{ id: number }>(
        t,
        sql`select lists.id from lists where lists.id = ${input.listId} and ${listReadableSql(w.id)}`,
      );
      if (!rows[0]) throw new AppError(ErrorKey.listNotFound, 404);
    }
    if (w.kind === 'user' && input.documentId !== undefined) {
      const rows = await rowsOf<{ id: number }>(t, sql`select id from documents where id = ${input.documentId} and owner_id = ${w.id}`);
      if (!rows[0]) throw new AppError(ErrorKey.documentNotFound, 404);
      const guestSide = await rowsOf<{ g: boolean }>(
        t,
        sql`select guest_id is not null as g from conversations where id = ${conversationId}`,
      );
      // a guest has no session the file routes know: a file there could never be opened
      if (guestSide[0]?.g) throw new AppError(ErrorKey.messageGuestFile, 400);
    }
    if (input.replyToId !== undefined) {
      const rows = await rowsOf<{ id: number }>(
        t,
        sql`select id from messages where id = ${input.replyToId} and conversation_id = ${conversationId}`,
      );
      if (!rows[0]) throw messageNotFound();
    }
  }

  /** Stores a message in a conversation the caller may write to (checked by the caller, under the lock taken here). */
  async function store(t: Db, conversationId: number, w: Writer, input: SendInput): Promise<Sent> {
    const senderId = w.kind === 'user' ? w.id : null;
    if (input.clientId !== undefined) {
      const again = await rowsOf<{ id: number }>(
        t,
        sql`select id from messages where conversation_id = ${conversationId} and client_id = ${input.clientId}
          and ${senderId === null ? sql`from_guest` : sql`sender_id = ${senderId}`}`,
      );
      if (again[0]) return { message: await one(t, Number(again[0].id)), fresh: false, memberIds: [], guestId: null };
    }
    await checkRefs(t, conversationId, w, input);
    const [num] = await rowsOf<{ seq: number | string; rev: number | string; guestId: number | null }>(
      t,
      sql`update conversations set last_seq = last_seq + 1, last_rev = last_rev + 1, last_activity_at = now(), updated_at = now()
        where id = ${conversationId} returning last_seq as seq, last_rev as rev, guest_id as "guestId"`,
    );
    const seq = Number(num!.seq);
    const [made] = await rowsOf<{ id: number }>(
      t,
      sql`insert into messages (conversation_id, seq, rev, sender_id, from_guest, text, place_id, list_id, document_id, meeting_id, reply_to_id, client_id)
        values (${conversationId}, ${seq}, ${Number(num!.rev)}, ${senderId}, ${w.kind === 'guest'}, ${input.text}, ${input.placeId ?? null},
          ${input.listId ?? null}, ${input.documentId ?? null}, ${input.meetingId ?? null}, ${input.replyToId ?? null}, ${input.clientId ?? null})
        returning id`,
    );
    // my own message is read by me; everyone's inbox moves it to the top
    const members = await rowsOf<{ userId: number }>(
      t,
      sql`update conversation_members set last_activity_at = now(),
          read_seq = case when user_id = ${senderId ?? 0} then ${seq} else read_seq end
        where conversation_id = ${conversationId} returning user_id as "userId"`,
    );
    if (w.kind === 'guest') await t.execute(sql`update conversations set guest_read_seq = ${seq} where id = ${conversationId}`);
    return {
      message: await one(t, Number(made!.id)),
      fresh: true,
      memberIds: members.map((m) => Number(m.userId)),
      guestId: num!.guestId === null ? null : Number(num!.guestId),
    };
  }

  /** A page newest first before `before`, or the changes after revision `after` (oldest change first). */
  async function page(t: Db, conversationId: number, opts: { before?: number; after?: number; size?: number }): Promise<MessagePage> {
    const [c] = await rowsOf<{ rev: number | string }>(t, sql`select last_rev as rev from conversations where id = ${conversationId}`);
    const rev = Number(c?.rev ?? 0);
    if (opts.after !== undefined) {
      const rows = await rowsOf<MessageRow>(
        t,
        sql`select ${MESSAGE_COLUMNS} from messages m ${MESSAGE_JOINS} where m.conversation_id = ${conversationId} and m.rev > ${opts.after}
          order by m.rev limit ${MESSAGE_CHANGES_MAX + 1}`,
      );
      const more = rows.length > MESSAGE_CHANGES_MAX;
      const list = rows.slice(0, MESSAGE_CHANGES_MAX).map(toMessage);
      // a partial answer's cursor is its last change, not the conversation's head
      return { list, more, rev: more ? list[list.length - 1]!.rev : rev };
    }
    const size = opts.size ?? MESSAGES_PAGE_SIZE;
    const rows = await rowsOf<MessageRow>(
      t,
      sql`select ${MESSAGE_COLUMNS} from messages m ${MESSAGE_JOINS} where m.conversation_id = ${conversationId}
        ${opts.before !== undefined ? sql`and m.seq < ${opts.before}` : sql``} order by m.seq desc limit ${size + 1}`,
    );
    return { list: rows.slice(0, size).map(toMessage), more: rows.length > size, rev };
  }

  /** Marks read up to `seq` (never beyond the last message, never backwards); answers the new position, or null when nothing moved. */
  async function markRead(t: Db, conversationId: number, who: { userId: number } | { guest: true }, seq: number): Promise<number | null> {
    const rows =
      'userId' in who
        ? await rowsOf<{ seq: number | string }>(
            t,
            sql`update conversation_members cm set read_seq = least(${seq}, c.last_seq) from conversations c
              where c.id = cm.conversation_id and cm.conversation_id = ${conversationId} and cm.user_id = ${who.userId}
                and cm.read_seq < least(${seq}, c.last_seq) returning cm.read_seq as seq`,
          )
        : await rowsOf<{ seq: number | string }>(
            t,
            sql`update conversations set guest_read_seq = least(${seq}, last_seq) where id = ${conversationId}
              and guest_read_seq < least(${seq}, last_seq) returning guest_read_seq as seq`,
          );
    return rows[0] ? Number(rows[0].seq) : null;
  }

  /** The writer's own message, for an edit or a delete, with the conversation locked. */
  async function own(t: Db, id: number, me: number) {
    const rows = await rowsOf<{ conversationId: number; deletedAt: Date | null; text: string; cards: boolean }>(
      t,
      sql`select m.conversation_id as "conversationId", m.deleted_at as "deletedAt", m.text,
          (m.place_id is not null or m.list_id is not null or m.document_id is not null or m.meeting_id is not null) as cards
        from messages m join conversation_members cm on cm.conversation_id = m.conversation_id and cm.user_id = ${me}
        where m.id = ${id} and m.sender_id = ${me} and not m.from_guest`,
    );
    const m = rows[0];
    if (!m || m.deletedAt !== null) throw messageNotFound();
    await t.execute(sql`select id from conversations where id = ${m.conversationId} for update`);
    return { ...m, conversationId: Number(m.conversationId) };
  }

  async function change(t: Db, id: number, conversationId: number, set: ReturnType<typeof sql>) {
    const [c] = await rowsOf<{ rev: number | string }>(
      t,
      sql`update conversations set last_rev = last_rev + 1, updated_at = now() where id = ${conversationId} returning last_rev as rev`,
    );
    await t.execute(sql`update messages set ${set}, rev = ${Number(c!.rev)} where id = ${id}`);
    return one(t, id);
  }

  return {
    store,
    page,
    markRead,
    one,

    /** POST /api/conversation/{id}/messages by a member. */
    send: (conversationId: number, w: Extract<Writer, { kind: 'user' }>, input: SendInput) =>
      tx(async (t) => {
        const c = await conversations.membership(t, conversationId, w.id, true);
        if (!(await conversations.canWrite(t, c, w.id))) throw new AppError(ErrorKey.messageBlocked, 403);
        return store(t, conversationId, w, input);
      }),

    /** GET /api/message/{id}: one message of a conversation I am in. */
    async get(id: number, me: number): Promise<Message> {
      const rows = await rowsOf<MessageRow>(
        db,
        sql`select ${MESSAGE_COLUMNS} from messages m ${MESSAGE_JOINS}
          join conversation_members cm on cm.conversation_id = m.conversation_id and cm.user_id = ${me} where m.id = ${id}`,
      );
      if (!rows[0]) throw messageNotFound();
      return toMessage(rows[0]);
    },

    /** GET /api/conversation/{id}/messages by a member. */
    list: (conversationId: number, me: number, opts: { before?: number; after?: number; size?: number }) =>
      tx(async (t) => {
        await conversations.membership(t, conversationId, me);
        return page(t, conversationId, opts);
      }),

    read: (conversationId: number, me: number, seq: number) =>
      tx(async (t) => {
        await conversations.membership(t, conversationId, me);
        return markRead(t, conversationId, { userId: me }, seq);
      }),

    /** POST /api/message/update/{id}: my message's new text (a card or file may lose its words, a text may not become empty). */
    edit: (id: number, me: number, text: string) =>
      tx(async (t) => {
        const m = await own(t, id, me);
        if (text === '' && !m.cards) throw new AppError(ErrorKey.messageEmpty, 400);
        if (text === m.text) return { message: await one(t, id), changed: false };
        return { message: await change(t, id, m.conversationId, sql`text = ${text}, edited_at = now()`), changed: true };
      }),

    /** DELETE /api/message/delete/{id}: my message keeps its place, shown as deleted; its file stops being readable through it. */
    remove: (id: number, me: number) =>
      tx(async (t) => {
        const m = await own(t, id, me);
        return change(t, id, m.conversationId, sql`deleted_at = now(), text = ''`);
      }),

    /** POST /api/message/objectionable/{id}: another member's message goes to the moderators (SPEC §7 objectionable). */
    report: (id: number, me: number, reason: MessageReportReason) =>
      tx(async (t) => {
        const rows = await rowsOf<{ senderId: number | null; text: string; conversationId: number }>(
          t,
          sql`select m.sender_id as "senderId", m.text, m.conversation_id as "conversationId" from messages m
            join conversation_members cm on cm.conversation_id = m.conversation_id and cm.user_id = ${me}
            where m.id = ${id} and m.deleted_at is null and (m.from_guest or m.sender_id is distinct from ${me})`,
        );
        const m = rows[0];
        if (!m) throw messageNotFound();
        await t.execute(
          sql`insert into objectionable_reports (resource, resource_id, reporter_id, reason, reported_user_id, snapshot)
            values ('message', ${id}, ${me}, ${reason}, ${m.senderId}, ${JSON.stringify({ text: m.text, conversationId: Number(m.conversationId) })}::jsonb)`,
        );
      }),
  };
}
export type MessagesService = ReturnType<typeof messagesService>;
