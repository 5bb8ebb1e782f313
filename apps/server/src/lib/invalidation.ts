import type { PubSub } from './pubsub.ts';

/**
 * When cached reads must be dropped, per instance: each user's last write (every state-changing
 * request of that user, see plugins/invalidation.ts, and the few writes that change a user's
 * sessions from outside: refresh, password reset) and writes that touch everything (admins'
 * writes, changes to places that many users' answers contain, account deletion).
 *
 * A reader takes a stamp *before* it reads the database and stores it with what it read; the
 * entry is served only while no write of its user (or of everything) came after the stamp. A write
 * that commits during the read bumps after the stamp was taken, so the entry is born stale rather
 * than wrong.
 *
 * Every bump is published to the other instances before the writing request answers. An instance
 * that may have missed messages (its Redis subscriber is down) stops serving cached entries
 * (`stamp` answers null) and drops them all when it is back. `maxAgeMs` bounds the rest: a
 * message lost while the subscriber looked connected.
 */
export interface Invalidation {
  /** Take before reading; null while caching is off (read from the database, store nothing). */
  stamp(): Stamp | null;
  /** No write of this user (or of everything) since the stamp, and the stamp is young enough. */
  fresh(stamp: Stamp, userId: number): boolean;
  /** Something of this user changed: their sessions, likes, lists, account. */
  user(userId: number): Promise<void>;
  /** Something many users' cached reads contain changed. */
  all(): Promise<void>;
}

export interface Stamp {
  readonly all: number;
  readonly seq: number;
  readonly at: number;
}

const CHANNEL = 'invalidate';
/** Users remembered with their last write; beyond this, one `all` starts afresh (rare, and only costs cache hits). */
const MAX_TRACKED_USERS = 100_000;

export function invalidation(
  pubsub: PubSub,
  opts: {
    /** Longest an entry is served even when no message came: the bound if a message is ever lost. */
    maxAgeMs: number;
    now?: () => number;
  },
): Invalidation {
  const now = opts.now ?? Date.now;
  let allEpoch = 0;
  // every bump takes the next number; a user's entry is stale when their last bump is newer than the stamp
  let seq = 0;
  let lastWrite = new Map<number, number>();

  const bumpAll = () => {
    allEpoch += 1;
    lastWrite = new Map();
  };
  const bumpUser = (userId: number) => {
    if (lastWrite.size >= MAX_TRACKED_USERS) bumpAll();
    lastWrite.set(userId, ++seq);
  };

  // a subscription that fails (the bus closed first) leaves `live` false: nothing is cached then
  pubsub
    .subscribe(CHANNEL, (message) => {
      if (message === 'all') bumpAll();
      else if (/^u\d+$/.test(message)) bumpUser(Number(message.slice(1)));
    })
    .catch(() => {});
  pubsub.onResync(bumpAll);

  return {
    stamp: () => (pubsub.live ? { all: allEpoch, seq, at: now() } : null),
    fresh: (s, userId) => pubsub.live && s.all === allEpoch && (lastWrite.get(userId) ?? 0) <= s.seq && now() - s.at < opts.maxAgeMs,
    async user(userId) {
      bumpUser(userId);
      await pubsub.publish(CHANNEL, `u${userId}`).catch(() => {});
    },
    async all() {
      bumpAll();
      await pubsub.publish(CHANNEL, 'all').catch(() => {});
    },
  };
}

/**
 * A bounded map of stamped entries (oldest dropped first, by count and by bytes). An entry belongs
 * to one user and is returned only while its stamp is fresh.
 */
export function stampedCache<V>(inv: Invalidation, limits: { maxEntries: number; maxBytes?: number }) {
  const entries = new Map<string, { value: V; userId: number; stamp: Stamp; bytes: number }>();
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
      if (inv.fresh(e.stamp, e.userId)) return e.value;
      drop(key);
      return undefined;
    },
    /** `stamp` is the one taken before reading; null (caching off) stores nothing. */
    set(key: string, userId: number, stamp: Stamp | null, value: V, size = 0): void {
      if (!stamp || !inv.fresh(stamp, userId)) return;
      drop(key);
      entries.set(key, { value, userId, stamp, bytes: size });
      bytes += size;
      for (const k of entries.keys()) {
        if (entries.size <= limits.maxEntries && (limits.maxBytes === undefined || bytes <= limits.maxBytes)) break;
        drop(k);
      }
    },
    get size() {
      return entries.size;
    },
  };
}
export type StampedCache<V> = ReturnType<typeof stampedCache<V>>;
