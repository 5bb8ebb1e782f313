import { sql } from 'drizzle-orm';
import { AccountType, ConversationKind, ErrorKey, MessageCategory, type Conversation, type MessagePage } from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { ConversationChanged, ConversationsService } from './conversations.service.ts';
import type { MessagesService, Sent } from './messages.service.ts';
import { conversationNotFound, kindKey, rowsOf, statusKey } from './views.ts';

/** The guest key format of the guests module. */
const GUEST_KEY = /^[A-Za-z0-9_-]{16,128}$/;

export interface GuestChat {
  conversation: Conversation | null;
  /** The business the guest writes to. */
  business: { id: number; nickname: string; picturedocument: { id: number; urlThumb240: string } | null };
}

/**
 * The guest app's "Message the hotel" (docs/decisions/0030): a guest (no account, its key in
 * `x-guest-key`) writes from a guest app (`app`, its public id) to that app's business: one
 * conversation per guest and business, created by the first message, category "guest request",
 * live in the business's inbox. When the guest signs up or
 * logs in and claims its key, the conversation becomes the user's.
 */
export function guestChatService(db: Db, conversations: ConversationsService, messages: MessagesService) {
  const tx = <T>(fn: (t: Db) => Promise<T>): Promise<T> => db.transaction(async (raw) => fn(raw as unknown as Db));

  /**
   * The guest of a key (401 without a known one) and the business of the guest app it writes from:
   * an enabled guest app whose owner has the guest flag (404 `error.guestapp.notfound` otherwise).
   * Any guest may write to any such business, as anyone may walk up to its front desk.
   */
  async function guest(t: Db, key: unknown, app: string) {
    if (typeof key !== 'string' || !GUEST_KEY.test(key)) throw new AppError(ErrorKey.guestKey, 401);
    const rows = await rowsOf<{ id: number }>(t, sql`select id from guest_users where key_hash = ${hashToken(key)}`);
    if (!rows[0]) throw new AppError(ErrorKey.guestKey, 401);
    const apps = await rowsOf<{ ownerId: number }>(
      t,
      sql`select ga.owner_id as "ownerId" from guest_apps ga join users u on u.id = ga.owner_id
        where ga.public_id = ${app} and ga.enabled and u.has_guest and u.account_type = ${AccountType.business}`,
    );
    if (!apps[0]) throw new AppError(ErrorKey.guestAppNotFound, 404);
    return { id: Number(rows[0].id), businessId: Number(apps[0].ownerId) };
  }

  /** The guest's conversation with the business, if it wrote there. */
  async function conversationOf(t: Db, g: { id: number; businessId: number }, lock = false) {
    const rows = await rowsOf<{ id: number }>(
      t,
      sql`select id from conversations where guest_id = ${g.id} and guest_business_id = ${g.businessId}${lock ? sql` for update` : sql``}`,
    );
    return rows[0] ? Number(rows[0].id) : null;
  }

  /** One guest conversation becomes the user's (not when a business claims a guest of its own: nothing to move into). */
  async function moveOne(t: Db, id: number, businessId: number, userId: number): Promise<ConversationChanged | null> {
    if (businessId === userId) return null;
    const c = (await conversations.row(t, id))!;
    const pair = `${Math.min(userId, businessId)}:${Math.max(userId, businessId)}`;
    const taken = await rowsOf<{ id: number }>(t, sql`select id from conversations where direct_key = ${pair}`);
    await t.execute(
      sql`update conversations set kind = ${ConversationKind.direct}, guest_id = null, guest_business_id = null, created_by = ${userId},
        direct_key = ${taken[0] ? null : pair}, updated_at = now() where id = ${id}`,
    );
    await t.execute(sql`update messages set sender_id = ${userId}, from_guest = false where conversation_id = ${id} and from_guest`);
    await t.execute(
      sql`insert into conversation_members (conversation_id, user_id, read_seq) values (${id}, ${userId}, ${c.guestReadSeq}) on conflict do nothing`,
    );
    return { conversationId: id, added: [userId], removed: [], guestId: null };
  }

  /** The guest's view of its conversation: the business as the one member, the guest's read state. */
  async function view(t: Db, id: number): Promise<Conversation> {
    const c = await conversations.row(t, id);
    if (!c) throw conversationNotFound();
    const members = await conversations.members(t, id);
    const unread = await rowsOf<{ n: number | string }>(
      t,
      sql`select count(*) as n from messages where conversation_id = ${id} and seq > ${c.guestReadSeq} and not from_guest and deleted_at is null`,
    );
    return {
      id: c.id,
      kind: kindKey(c.kind),
      title: null,
      category: { id: c.categoryId, key: c.categoryKey, name: c.categoryName },
      status: statusKey(c.status),
      assigneeId: null,
      createdBy: null,
      members,
      guest: { id: Number(c.guestId), readSeq: c.guestReadSeq, blocked: c.guestBlockedAt !== null },
      canWrite: c.guestBlockedAt === null,
      lastSeq: c.lastSeq,
      lastRev: c.lastRev,
      myReadSeq: c.guestReadSeq,
      unread: Number(unread[0]?.n ?? 0),
      createdAt: new Date(c.createdAt).toISOString(),
    };
  }

  async function business(t: Db, id: number): Promise<GuestChat['business']> {
    const rows = await rowsOf<{ id: number; nickname: string; pictureId: number | null; sha: string | null }>(
      t,
      sql`select u.id, u.nickname, u.picture_document_id as "pictureId", d.sha256 as sha from users u
        left join documents d on d.id = u.picture_document_id where u.id = ${id}`,
    );
    const b = rows[0]!;
    return {
      id: Number(b.id),
      nickname: b.nickname,
      picturedocument:
        b.pictureId !== null && b.sha
          ? { id: Number(b.pictureId), urlThumb240: `/api/document/${b.pictureId}/thumb?v=${b.sha.slice(0, 16)}` }
          : null,
    };
  }

  return {
    /** The guest's conversation with the app's business (null before its first message) and the business. */
    get: (key: unknown, app: string): Promise<GuestChat> =>
      tx(async (t) => {
        const g = await guest(t, key, app);
        const id = await conversationOf(t, g);
        return { conversation: id === null ? null : await view(t, id), business: await business(t, g.businessId) };
      }),

    /** The guest writes (text only); the first message makes the conversation. */
    send: (
      key: unknown,
      app: string,
      input: { text: string; clientId?: string },
    ): Promise<Sent & { changed: ConversationChanged | null }> =>
      tx(async (t) => {
        const g = await guest(t, key, app);
        let id = await conversationOf(t, g, true);
        let changed: ConversationChanged | null = null;
        if (id === null) {
          const made = await rowsOf<{ id: number }>(
            t,
            sql`insert into conversations (kind, category_id, guest_id, guest_business_id)
              values (${ConversationKind.guest}, ${MessageCategory.guest}, ${g.id}, ${g.businessId})
              on conflict (guest_id, guest_business_id) do nothing returning id`,
          );
          if (made[0]) {
            id = Number(made[0].id);
            await t.execute(sql`insert into conversation_members (conversation_id, user_id, admin) values (${id}, ${g.businessId}, true)`);
            changed = { conversationId: id, added: [g.businessId], removed: [], guestId: g.id };
          } else id = (await conversationOf(t, g, true))!;
        }
        const blocked = await rowsOf<{ b: boolean }>(t, sql`select guest_blocked_at is not null as b from conversations where id = ${id}`);
        if (blocked[0]?.b) throw new AppError(ErrorKey.messageBlocked, 403);
        const sent = await messages.store(t, id, { kind: 'guest', guestId: g.id }, input);
        return { ...sent, changed };
      }),

    list: (key: unknown, app: string, opts: { before?: number; after?: number; size?: number }): Promise<MessagePage> =>
      tx(async (t) => {
        const id = await conversationOf(t, await guest(t, key, app));
        if (id === null) throw conversationNotFound();
        return messages.page(t, id, opts);
      }),

    read: (key: unknown, app: string, seq: number): Promise<{ conversationId: number; seq: number | null }> =>
      tx(async (t) => {
        const id = await conversationOf(t, await guest(t, key, app));
        if (id === null) throw conversationNotFound();
        return { conversationId: id, seq: await messages.markRead(t, id, { guest: true }, seq) };
      }),

    /** The rooms of a guest's sockets: its conversations. */
    async roomsOf(guestId: number): Promise<number[]> {
      const rows = await rowsOf<{ id: number }>(db, sql`select id from conversations where guest_id = ${guestId}`);
      return rows.map((r) => Number(r.id));
    },

    /**
     * The guest became `userId` (POST /api/guest/claim): its conversations become theirs — direct
     * ones with each business (a pair's own direct conversation, if any, stays apart), the guest's
     * messages theirs, what the guest had read read.
     */
    claim: (guestId: number, userId: number): Promise<ConversationChanged[]> =>
      tx(async (t) => {
        const rows = await rowsOf<{ id: number; businessId: number }>(
          t,
          sql`select id, guest_business_id as "businessId" from conversations where guest_id = ${guestId} order by id for update`,
        );
        const moved: ConversationChanged[] = [];
        for (const r of rows) {
          const c = await moveOne(t, Number(r.id), Number(r.businessId), userId);
          if (c) moved.push(c);
        }
        return moved;
      }),
  };
}
export type GuestChatService = ReturnType<typeof guestChatService>;
