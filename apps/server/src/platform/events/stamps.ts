import type { EventBus } from './bus.ts';
import type { EventMap, EventName } from './event-map.ts';

/**
 * Which cached entries an event makes stale. An entry carries the tags of what it was made of
 * (`u<userId>` for what one user reads or owns, `w<publicId>` for a widget's public answer,
 * `l<listId>`, `t<language>`); an event names the tags it touches, or null for every entry.
 */
export const TAGS_OF: { [K in EventName]: (payload: EventMap[K]) => readonly string[] | null } = {
  'user.wrote': (p) => [userTag(p.userId)],
  'session.revoked': (p) => [userTag(p.userId)],
  'profile.changed': (p) => [userTag(p.userId)],
  'like.changed': (p) => [userTag(p.userId)],
  'list.changed': (p) => [userTag(p.ownerId), `l${p.listId}`],
  'widget.changed': (p) => [`w${p.publicId}`],
  'overlay.changed': (p) => [`o${p.publicId}`],
  'translation.changed': (p) => [`t${p.language}`],
  'place.changed': () => null,
  'place.added': () => [CATALOGUE_TAG],
  'everything.changed': () => null,
  'relation.changed': (p) => [userTag(p.userId), userTag(p.relatedUserId)],
  'relation.requested': (p) => [userTag(p.userId), userTag(p.relatedUserId)],
  'relation.matched': (p) => [userTag(p.userId), userTag(p.relatedUserId)],
  'relation.blocked': (p) => [userTag(p.userId), userTag(p.relatedUserId)],
  // messaging answers are not cached; a cache that lists these drops what names the conversation
  'message.posted': (p) => [`c${p.conversationId}`],
  'message.changed': (p) => [`c${p.conversationId}`],
  'conversation.read': (p) => [`c${p.conversationId}`],
  'conversation.changed': (p) => [`c${p.conversationId}`, ...p.added.map(userTag), ...p.removed.map(userTag)],
  'conversation.typed': () => [],
  'fleet.moved': () => [],
};
export const userTag = (userId: number) => `u${userId}`;
/** What a catalogue search answer is tagged with: any new place may belong in it. */
export const CATALOGUE_TAG = 'places';

/**
 * When cached reads must be dropped, per instance and per cache: the events the cache lists
 * (`invalidatedBy`) bump the tags they touch, on this instance as they are emitted and on the
 * others as the bus delivers them (the writing request awaits the publication before it answers).
 *
 * A reader takes a stamp *before* it reads the database and stores it with what it read; the
 * entry is served only while no event touching its tag came after the stamp. A write that commits
 * during the read bumps after the stamp was taken, so the entry is born stale rather than wrong.
 *
 * An instance that may have missed events (its Redis subscriber is down) stops serving cached
 * entries (`stamp` answers null) and drops them all when it is back. `maxAgeMs` bounds the rest: a
 * message lost while the subscriber looked connected, or a change made outside the API.
 */
export interface Stamps {
  /** Take before reading; null while caching is off (read from the database, store nothing). */
  stamp(): Stamp | null;
  /** No event touching these tags (or everything) since the stamp, and the stamp is young enough. */
  fresh(stamp: Stamp, tags: readonly string[]): boolean;
}

export interface Stamp {
  readonly all: number;
  readonly seq: number;
  readonly at: number;
}

/** Tags remembered with their last bump; beyond this, one `all` starts afresh (rare, and only costs cache hits). */
const MAX_TRACKED_TAGS = 100_000;

export function stamps(
  bus: EventBus,
  invalidatedBy: readonly EventName[],
  opts: {
    /** Longest an entry is served even when no event came: the bound if a message is ever lost. */
    maxAgeMs: number;
    now?: () => number;
  },
): Stamps {
  const now = opts.now ?? Date.now;
  let allEpoch = 0;
  // every bump takes the next number; an entry is stale when its tag's last bump is newer than its stamp
  let seq = 0;
  let lastBump = new Map<string, number>();

  const bumpAll = () => {
    allEpoch += 1;
    lastBump = new Map();
  };
  for (const name of new Set(invalidatedBy)) {
    const tagsOf = TAGS_OF[name] as (p: unknown) => readonly string[] | null;
    bus.on(name, (payload) => {
      const tags = tagsOf(payload);
      if (!tags) return bumpAll();
      if (lastBump.size + tags.length > MAX_TRACKED_TAGS) bumpAll();
      seq += 1;
      for (const t of tags) lastBump.set(t, seq);
    });
  }
  bus.onResync(bumpAll);

  return {
    stamp: () => (bus.live && opts.maxAgeMs > 0 ? { all: allEpoch, seq, at: now() } : null),
    fresh(s, tags) {
      if (!bus.live || s.all !== allEpoch || now() - s.at >= opts.maxAgeMs) return false;
      for (const t of tags) if ((lastBump.get(t) ?? 0) > s.seq) return false;
      return true;
    },
  };
}

/**
 * A bounded map of stamped entries (oldest dropped first, by count and by bytes). An entry carries
 * the tags of what it was made of and is returned only while its stamp is fresh for all of them.
 */
export function stampedCache<V>(st: Stamps, limits: { maxEntries: number; maxBytes?: number; now?: () => number }) {
  const now = limits.now ?? Date.now;
  const entries = new Map<string, { value: V; tags: readonly string[]; stamp: Stamp; bytes: number; until: number }>();
  let bytes = 0;
  const drop = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    bytes -= e.bytes;
    entries.delete(key);
  };
  return {
    get(key: string): V | undefined {
      const e = entries.get(key);
      if (!e) return undefined;
      if (st.fresh(e.stamp, e.tags) && now() < e.until) return e.value;
      drop(key);
      return undefined;
    },
    /**
     * `stamp` is the one taken before reading; null (caching off) stores nothing. `until` (epoch
     * ms): the entry stops being right at that time with no event (a share that expires).
     */
    set(key: string, tags: readonly string[], stamp: Stamp | null, value: V, size = 0, until = Infinity): void {
      if (!stamp || !st.fresh(stamp, tags) || now() >= until) return;
      drop(key);
      entries.set(key, { value, tags, stamp, bytes: size, until });
      bytes += size;
      for (const k of entries.keys()) {
        if (entries.size <= limits.maxEntries && (limits.maxBytes === undefined || bytes <= limits.maxBytes)) break;
        drop(k);
      }
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
  };
}
export type StampedCache<V> = ReturnType<typeof stampedCache<V>>;
