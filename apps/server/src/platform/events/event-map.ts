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
  /** An admin changed a translation override of this language. */
  'translation.changed': { language: string };
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
  'translation.changed',
];
