import type { Message } from '@spotlist/contracts';

/**
 * Every event one part of the server tells the others (ARCHITECTURE "Server": modules never call
 * each other to notify). A name is `<noun>.<past verb>`; a payload carries ids, never rows, so a
 * subscriber reads what it needs and never acts on stale data. Payloads cross instances as JSON.
 */
export interface EventMap {
  /** A state-changing request of this user answered: the read-your-writes net of every per-user cache. */
  'user.wrote': { userId: number };
  /** Something other users' reads contain changed (an admin's write, an account gone, a shared list). */
  'everything.changed': Record<string, never>;
  /** A session of this user ended or changed (logout, refresh, password change or reset, revocation). */
  'session.revoked': { userId: number };
  /** The user's own account view changed (profile, picture, language, flags). */
  'profile.changed': { userId: number };
  /** A like was added or removed. */
  'like.changed': { userId: number; placeId: number };
  /** A list, its items or its shares changed. */
  'list.changed': { listId: number; ownerId: number };
  /** A catalogue place was created, edited or deleted: every answer that shows it may be stale. */
  'place.changed': { placeId: number };
  /** A place joined the catalogue: only catalogue searches can show it yet (nothing lists or likes it). */
  'place.added': { placeId: number };
  /** A widget's public answer changed (its texts, POIs, pictures, owner's flags). */
  'widget.changed': { publicId: string };
  /** A business's overlays changed (settings, a language published or deleted): its site's public answer. */
  'overlay.changed': { publicId: string };
  /** An admin changed a translation override of this language. */
  'translation.changed': { language: string };
  /**
   * Any relation between two users changed (match, no, friendship, follow, block, group
   * membership): what each may read of the other changed (visibility 4, 32, 64 and blocks).
   */
  'relation.changed': { userId: number; relatedUserId: number };
  /** `userId` said yes to `relatedUserId` in a category and waits for theirs. */
  'relation.requested': { userId: number; relatedUserId: number; categoryId: number };
  /** The second yes: the two are friends in the category now (messaging opens a conversation). */
  'relation.matched': { userId: number; relatedUserId: number; categoryId: number };
  /** `userId` blocked `relatedUserId`: every relation between them is gone. */
  'relation.blocked': { userId: number; relatedUserId: number };
  /**
   * A message was stored. It carries the message as every member reads it (the one payload that is
   * not ids: a chat's send→receive latency would pay a read per instance), and who is in the
   * conversation now (`memberIds`, `guestId`) for whoever tells them (push).
   */
  'message.posted': { conversationId: number; message: Message; memberIds: number[]; guestId: number | null };
  /** A message was edited or deleted. */
  'message.changed': { conversationId: number; message: Message };
  /** A member (null: the guest) read the conversation up to `seq`. */
  'conversation.read': { conversationId: number; userId: number | null; seq: number };
  /**
   * A conversation was made or changed (title, category, status, assignee, members). `added` and
   * `removed` are users whose sockets join or leave its room; `guestId` a guest whose sockets join.
   */
  'conversation.changed': { conversationId: number; added: number[]; removed: number[]; guestId: number | null };
  /** A member's socket said they are typing (not stored). */
  'conversation.typed': { conversationId: number; userId: number | null };
  /** A business's fleet positions came in, or which vehicles its app clients show changed (modules/fleet tells the live views). */
  'fleet.moved': { ownerId: number };
}

export type EventName = keyof EventMap;

/** The names, for checking what arrives from another instance. */
export const EVENT_NAMES: readonly EventName[] = [
  'user.wrote',
  'everything.changed',
  'session.revoked',
  'profile.changed',
  'like.changed',
  'list.changed',
  'place.changed',
  'place.added',
  'widget.changed',
  'overlay.changed',
  'translation.changed',
  'relation.changed',
  'relation.requested',
  'relation.matched',
  'relation.blocked',
  'message.posted',
  'message.changed',
  'conversation.read',
  'conversation.changed',
  'conversation.typed',
  'fleet.moved',
];
