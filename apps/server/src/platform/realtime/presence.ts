import crypto from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * Which conversation each user has open on screen (the socket's `{type:'viewing'}` message), for
 * every instance to ask: push sends nothing for a conversation its member views. In memory with
 * one instance; in Redis (a sorted set per user and conversation, socket → expiry) when REDIS_URL
 * is set, so the instance running a push job sees sockets on the others. An entry lives `ttlMs`
 * unless its socket's heartbeat renews it, so a crashed instance's viewers fade out on their own.
 */
export interface Presence {
  /** Socket `socketId` of `userId` shows `conversationId` (null: none). */
  set(socketId: string, userId: number, conversationId: number | null): Promise<void>;
  /** Renews the entries of these sockets (the heartbeat). */
  renew(entries: { socketId: string; userId: number; conversationId: number }[]): Promise<void>;
  isViewing(userId: number, conversationId: number): Promise<boolean>;
  close(): Promise<void>;
}

export const newSocketId = () => crypto.randomBytes(9).toString('base64url');

export function memoryPresence(ttlMs: number): Presence {
  /** key `user:conversation` → socket → expiry. */
  const viewing = new Map<string, Map<string, number>>();
  const where = new Map<string, string>();
  const drop = (socketId: string) => {
    const key = where.get(socketId);
    if (!key) return;
    where.delete(socketId);
    const set = viewing.get(key);
    set?.delete(socketId);
    if (set?.size === 0) viewing.delete(key);
  };
  return {
    async set(socketId, userId, conversationId) {
      drop(socketId);
      if (conversationId === null) return;
      const key = `${userId}:${conversationId}`;
      let set = viewing.get(key);
      if (!set) viewing.set(key, (set = new Map()));
      set.set(socketId, Date.now() + ttlMs);
      where.set(socketId, key);
    },
    async renew(entries) {
      for (const e of entries) viewing.get(`${e.userId}:${e.conversationId}`)?.set(e.socketId, Date.now() + ttlMs);
    },
    async isViewing(userId, conversationId) {
      const set = viewing.get(`${userId}:${conversationId}`);
      if (!set) return false;
      const now = Date.now();
      for (const expiry of set.values()) if (expiry > now) return true;
      return false;
    },
    async close() {},
  };
}

export function redisPresence(url: string, ttlMs: number, prefix = 'spotlist:viewing:'): Presence {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: 1_000 });
  redis.on('error', () => {});
  const where = new Map<string, string>();
  const keyOf = (userId: number, conversationId: number) => `${prefix}${userId}:${conversationId}`;
  const add = (key: string, socketId: string) =>
    redis
      .multi()
      .zadd(key, Date.now() + ttlMs, socketId)
      .zremrangebyscore(key, '-inf', Date.now())
      .pexpire(key, ttlMs)
      .exec();
  return {
    async set(socketId, userId, conversationId) {
      const before = where.get(socketId);
      where.delete(socketId);
      if (before) await redis.zrem(before, socketId).catch(() => {});
      if (conversationId === null) return;
      const key = keyOf(userId, conversationId);
      where.set(socketId, key);
      await add(key, socketId).catch(() => {});
    },
    async renew(entries) {
      await Promise.all(entries.map((e) => add(keyOf(e.userId, e.conversationId), e.socketId).catch(() => {})));
    },
    async isViewing(userId, conversationId) {
      // Redis away: say no (a notice too many beats a message never told)
      const n = await redis.zcount(keyOf(userId, conversationId), Date.now(), '+inf').catch(() => 0);
      return n > 0;
    },
    async close() {
      redis.disconnect();
    },
  };
}
