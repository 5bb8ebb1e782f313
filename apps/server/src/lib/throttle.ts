import { Redis } from 'ioredis';

/** A key's failures: how many, and when the last one was (epoch ms; 0 when none). */
export interface FailureCount {
  count: number;
  lastAt: number;
}
const NONE: FailureCount = { count: 0, lastAt: 0 };
/** Failures are forgotten a day after the last one. */
export const FAILURE_MEMORY_SECONDS = 24 * 3600;

/**
 * Counts failures per key; a key is forgotten `memorySeconds` after its last failure. In memory
 * for one process; in Redis when REDIS_URL is set, so several server instances share the counts
 * (and in memory while Redis is away: logins keep working, see `fallbackThrottle`).
 */
export interface ThrottleStore {
  get(key: string): Promise<FailureCount>;
  /** Adds one failure now and returns the new count. */
  hit(key: string, memorySeconds: number): Promise<FailureCount>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function memoryThrottle(now: () => number = Date.now): ThrottleStore {
  const counts = new Map<string, FailureCount & { until: number }>();
  const live = (key: string) => {
    const c = counts.get(key);
    if (c && c.until <= now()) {
      counts.delete(key);
      return undefined;
    }
    return c;
  };
  return {
    get: async (key) => {
      const c = live(key);
      return c ? { count: c.count, lastAt: c.lastAt } : NONE;
    },
    hit: async (key, memorySeconds) => {
      const c = live(key) ?? { count: 0, lastAt: 0, until: 0 };
      c.count += 1;
      c.lastAt = now();
      c.until = c.lastAt + memorySeconds * 1000;
      counts.set(key, c);
      if (counts.size > 100_000) for (const k of counts.keys()) if (!live(k)) counts.delete(k);
      return { count: c.count, lastAt: c.lastAt };
    },
    reset: async (key) => void counts.delete(key),
    close: async () => counts.clear(),
  };
}

/** Redis hashes `{ n, at }` with an expiry renewed at each failure. Commands fail fast while Redis is away. */
export function redisThrottle(
  url: string,
  prefix = 'spotlist:throttle:',
  onError: (err: Error) => void = () => {},
): ThrottleStore & { readonly ready: boolean } {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: 1_000 });
  // without a listener ioredis reports every failed reconnect as an unhandled error event
  redis.on('error', onError);
  return {
    get ready() {
      return redis.status === 'ready';
    },
    get: async (key) => {
      const [n, at] = await redis.hmget(prefix + key, 'n', 'at');
      return n ? { count: Number(n), lastAt: Number(at ?? 0) } : NONE;
    },
    hit: async (key, memorySeconds) => {
      const at = Date.now();
      const results = (await redis
        .multi()
        .hincrby(prefix + key, 'n', 1)
        .hset(prefix + key, 'at', at)
        .expire(prefix + key, memorySeconds)
        .exec()) as [Error | null, unknown][];
      return { count: Number(results[0][1]), lastAt: at };
    },
    reset: async (key) => void (await redis.del(prefix + key)),
    close: async () => {
      redis.disconnect();
    },
  };
}

/**
 * The shared store while it answers, this process's memory while it does not: a Redis outage
 * never stops logins (each instance then counts on its own, for as long as the outage lasts).
 */
export function fallbackThrottle(
  primary: ThrottleStore & { readonly ready: boolean },
  fallback: ThrottleStore = memoryThrottle(),
): ThrottleStore {
  const either =
    <A extends unknown[], R>(op: (s: ThrottleStore, ...a: A) => Promise<R>) =>
    async (...a: A): Promise<R> => {
      if (!primary.ready) return op(fallback, ...a);
      try {
        return await op(primary, ...a);
      } catch {
        return op(fallback, ...a);
      }
    };
  return {
    get: either((s, key: string) => s.get(key)),
    hit: either((s, key: string, memorySeconds: number) => s.hit(key, memorySeconds)),
    reset: either((s, key: string) => s.reset(key)),
    close: async () => {
      await Promise.all([primary.close(), fallback.close()]);
    },
  };
}

/**
 * Seconds until the next attempt is allowed after `f` failures: none for the first `free` ones,
 * then 2, 4, 8 … seconds after the last failure, at most `maxSeconds` (exponential delay, never a
 * lockout: the right password works again once the delay has passed).
 */
export function waitSeconds(f: FailureCount, free: number, maxSeconds: number, now = Date.now()): number {
  if (f.count < free) return 0;
  const delay = Math.min(maxSeconds, 2 ** Math.min(30, f.count - free + 1));
  return Math.max(0, Math.ceil((f.lastAt + delay * 1000 - now) / 1000));
}
