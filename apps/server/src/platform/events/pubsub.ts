import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

/**
 * Messages between the server instances (ARCHITECTURE: in process by default, Redis when
 * REDIS_URL is set). Used for cache invalidation now, realtime events later.
 *
 * `live` says whether this instance would hear every message published from now on: always true
 * in process; in Redis only while the subscriber connection is up and subscribed. A cache that
 * relies on messages to drop stale entries must not be served while `live` is false, and must be
 * emptied when it comes back (`onResync`): messages sent meanwhile are lost.
 */
export interface PubSub {
  /**
   * `confirm`: resolve only once every other instance has handled the message (or after
   * CONFIRM_TIMEOUT_MS): a write's answer then leaves after every instance applied its events.
   */
  publish(channel: string, message: string, opts?: { confirm?: boolean }): Promise<void>;
  subscribe(channel: string, handler: (message: string) => void): Promise<void>;
  readonly live: boolean;
  /** Called after a Redis subscriber (re)connects and is subscribed again: messages may have been missed. */
  onResync(handler: () => void): void;
  close(): Promise<void>;
}

export function memoryPubSub(): PubSub {
  const bus = new EventEmitter();
  bus.setMaxListeners(0);
  return {
    publish: async (channel, message) => void bus.emit(channel, message),
    subscribe: async (channel, handler) => void bus.on(channel, handler),
    live: true,
    onResync: () => {},
    close: async () => void bus.removeAllListeners(),
  };
}

/** Longest a confirmed publication waits for the other instances (one that is stuck costs this much per write). */
export const CONFIRM_TIMEOUT_MS = 250;

/**
 * Two connections (a subscribing Redis connection can do nothing else). Every message carries
 * this instance's id so it does not handle its own publications twice.
 *
 * A confirmed message carries `<id>:<n>`: every other instance, once its handlers ran, answers
 * `<n>` on the channel `ack:<id>`, and the publisher waits for as many answers as Redis counted
 * receivers (less itself). Read-your-writes across instances then holds for every request that
 * starts after the write's answer, at the price of one round trip per write and none per read.
 */
export function redisPubSub(url: string, prefix = 'spotlist:', confirmTimeoutMs = CONFIRM_TIMEOUT_MS): PubSub {
  const id = crypto.randomBytes(6).toString('hex');
  const ackChannel = `${prefix}ack:${id}`;
  /** Confirmed publications waiting for answers, by number. */
  const waiting = new Map<number, { got: number; need: number; done: () => void }>();
  let sent = 0;
  // no offline queue: while Redis is away a publish fails at once instead of holding the writing
  // request (the other instances' entries then age out, see invalidation.ts maxAgeMs)
  const pub = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: false });
  // named, so an operator (and the tests) can find this instance's subscriber in CLIENT LIST
  const sub = new Redis(url, { maxRetriesPerRequest: null, connectionName: `${prefix.replace(/\W/g, '-')}sub-${id}` });
  const handlers = new Map<string, ((message: string) => void)[]>();
  const resync: (() => void)[] = [];
  // connected: the subscriber is up and every channel known at its (re)connection is subscribed;
  // pending: subscriptions asked for since and not yet answered
  let connected = false;
  let pending = 0;
  let closed = false;

  sub.on('message', (channel: string, raw: string) => {
    if (channel === ackChannel) {
      const w = waiting.get(Number(raw));
      if (w && ++w.got >= w.need) w.done();
      return;
    }
    const cut = raw.indexOf(' ');
    if (cut < 0) return;
    const [origin, n] = raw.slice(0, cut).split(':');
    if (origin === id) return;
    const message = raw.slice(cut + 1);
    for (const h of handlers.get(channel.slice(prefix.length)) ?? []) h(message);
    // handled: the publisher may answer its request now
    if (n !== undefined) pub.publish(`${prefix}ack:${origin}`, n).catch(() => {});
  });
  // ioredis re-subscribes after 'ready'. Subscribing here as well and waiting for the answer
  // (commands are answered in order) marks the moment from which no message is missed.
  sub.on('ready', () => {
    const channels = [ackChannel, ...[...handlers.keys()].map((c) => prefix + c)];
    (channels.length > 0 ? sub.subscribe(...channels) : Promise.resolve()).then(
      () => {
        if (closed || sub.status !== 'ready' || connected) return;
        connected = true;
        for (const h of resync) h();
      },
      () => {},
    );
  });
  // an 'error' alone (a failed command) leaves the connection up; 'close' comes when it is not
  sub.on('error', () => {});
  sub.on('close', () => {
    connected = false;
  });
  pub.on('error', () => {});

  return {
    async publish(channel, message, opts) {
      if (!opts?.confirm) {
        await pub.publish(prefix + channel, `${id} ${message}`);
        return;
      }
      const n = ++sent;
      let done!: () => void;
      const answered = new Promise<void>((r) => (done = r));
      // answers may come before Redis's count of receivers does
      const entry = { got: 0, need: Infinity, done };
      waiting.set(n, entry);
      try {
        // every subscriber of the channel got it, this instance's own among them
        entry.need = (await pub.publish(prefix + channel, `${id}:${n} ${message}`)) - 1;
        if (entry.got >= entry.need) return;
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([answered, new Promise<void>((r) => (timer = setTimeout(r, confirmTimeoutMs)))]);
        clearTimeout(timer);
      } finally {
        waiting.delete(n);
      }
    },
    async subscribe(channel, handler) {
      const list = handlers.get(channel);
      if (list) {
        list.push(handler);
        return;
      }
      handlers.set(channel, [handler]);
      pending += 1;
      try {
        await sub.subscribe(prefix + channel);
      } finally {
        pending -= 1;
      }
    },
    get live() {
      return connected && pending === 0;
    },
    onResync: (h) => void resync.push(h),
    async close() {
      closed = true;
      connected = false;
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
