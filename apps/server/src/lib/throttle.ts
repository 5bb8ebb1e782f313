import { Redis } from 'ioredis';

/**
 * Counts failures per key in a fixed window. In memory for one process; in Redis when REDIS_URL
 * is set, so several server instances share the counters.
 */
export interface ThrottleStore {
  /** Current count for the key (0 when none or expired). */
  get(key: string): Promise<number>;
  /** Adds one and returns the new count; the window starts at the first hit. */
  hit(key: string, windowSeconds: number): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function memoryThrottle(now: () => number = Date.now): ThrottleStore {
  const counts = new Map<string, { n: number; until: number }>();
  const live = (key: string) => {
    const c = counts.get(key);
    if (c && c.until <= now()) {
      counts.delete(key);
      return undefined;
    }
    return c;
  };
  return {
    get: async (key) => live(key)?.n ?? 0,
    hit: async (key, windowSeconds) => {
      const c = live(key) ?? { n: 0, until: now() + windowSeconds * 1000 };
      c.n += 1;
      counts.set(key, c);
      if (counts.size > 100_000) for (const k of counts.keys()) if (!live(k)) counts.delete(k);
      return c.n;
    },
    reset: async (key) => void counts.delete(key),
    close: async () => counts.clear(),
  };
}

export function redisThrottle(url: string, prefix = 'spotlist:throttle:'): ThrottleStore {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  return {
    get: async (key) => Number((await redis.get(prefix + key)) ?? 0),
    hit: async (key, windowSeconds) => {
      const [[, n]] = (await redis
        .multi()
        .incr(prefix + key)
        .expire(prefix + key, windowSeconds, 'NX')
        .exec()) as [[Error | null, number], unknown];
      return n;
    },
    reset: async (key) => void (await redis.del(prefix + key)),
    close: async () => void (await redis.quit()),
  };
}
