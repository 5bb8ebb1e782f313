import { describe, expect, it } from 'vitest';
import { cacheMaxAgeMs, testConfig } from '../../config.ts';
import { eventBus, type EventBus } from './bus.ts';
import { stampedCache, stamps, type Stamps } from './stamps.ts';
import { memoryPubSub, type PubSub } from './pubsub.ts';

const ON = ['user.wrote', 'everything.changed'] as const;
/** The former invalidation API over the bus: a user's write, everything. */
function invalidation(
  pubsub: PubSub,
  opts: { maxAgeMs: number; now?: () => number },
): Stamps & { user(id: number): Promise<void>; all(): Promise<void>; bus: EventBus } {
  const bus = eventBus(pubsub);
  const st = stamps(bus, ON, opts);
  return { ...st, bus, user: (userId) => bus.emit('user.wrote', { userId }), all: () => bus.emit('everything.changed', {}) };
}

/** An in-process pub/sub whose `live` the test switches, as a Redis subscriber going away would. */
function switchable(): PubSub & { setLive(v: boolean): void; resync(): void } {
  const inner = memoryPubSub();
  let live = true;
  const resync: (() => void)[] = [];
  return {
    publish: inner.publish,
    subscribe: inner.subscribe,
    get live() {
      return live;
    },
    onResync: (h) => void resync.push(h),
    close: inner.close,
    setLive: (v) => void (live = v),
    resync: () => resync.forEach((h) => h()),
  };
}

describe('stamps over the event bus', () => {
  it("serves an entry until a write of its user or of everything; other users' writes do not touch it", async () => {
    const inv = invalidation(memoryPubSub(), { maxAgeMs: 60_000 });
    const cache = stampedCache<string>(inv, { maxEntries: 10 });
    cache.set('a', ['u1'], inv.stamp(), 'A');
    cache.set('b', ['u2'], inv.stamp(), 'B');
    await inv.user(2);
    expect(cache.get('a')).toBe('A');
    expect(cache.get('b')).toBeUndefined();
    await inv.all();
    expect(cache.get('a')).toBeUndefined();
  });

  it('an entry given an end (a share that expires) is served until then, and one already past it is not kept', () => {
    let t = 1_000;
    const inv = invalidation(memoryPubSub(), { maxAgeMs: 60_000, now: () => t });
    const cache = stampedCache<string>(inv, { maxEntries: 10, now: () => t });
    cache.set('share', ['l1'], inv.stamp(), 'S', 1, 1_500);
    cache.set('gone', ['l2'], inv.stamp(), 'G', 1, 1_000);
    expect(cache.get('share')).toBe('S');
    expect(cache.get('gone')).toBeUndefined();
    t = 1_499;
    expect(cache.get('share')).toBe('S');
    t = 1_500;
    expect(cache.get('share')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('an entry read while its user wrote is born stale and never served', async () => {
    const inv = invalidation(memoryPubSub(), { maxAgeMs: 60_000 });
    const cache = stampedCache<string>(inv, { maxEntries: 10 });
    const before = inv.stamp(); // the reader stamps, then reads the old value …
    await inv.user(7); // … while a write of the same user commits
    cache.set('k', ['u7'], before, 'old');
    expect(cache.get('k')).toBeUndefined();
    cache.set('k', ['u7'], inv.stamp(), 'new');
    expect(cache.get('k')).toBe('new');
  });

  it('a bump published by another instance reaches this one', async () => {
    const bus = memoryPubSub();
    const here = invalidation(bus, { maxAgeMs: 60_000 });
    const there = invalidation(bus, { maxAgeMs: 60_000 });
    const cache = stampedCache<string>(here, { maxEntries: 10 });
    cache.set('k', ['u3'], here.stamp(), 'v');
    await there.user(4);
    expect(cache.get('k')).toBe('v');
    await there.user(3);
    expect(cache.get('k')).toBeUndefined();
  });

  it('stops serving while messages may be missed, and drops everything when they flow again', () => {
    const bus = switchable();
    const inv = invalidation(bus, { maxAgeMs: 60_000 });
    const cache = stampedCache<string>(inv, { maxEntries: 10 });
    cache.set('k', ['u1'], inv.stamp(), 'v');
    bus.setLive(false);
    expect(cache.get('k')).toBeUndefined();
    expect(inv.stamp()).toBeNull();
    cache.set('k2', ['u1'], inv.stamp(), 'not stored');
    bus.setLive(true);
    expect(cache.get('k2')).toBeUndefined();
    cache.set('k3', ['u1'], inv.stamp(), 'v3');
    bus.resync();
    expect(cache.get('k3')).toBeUndefined();
  });

  it('an entry older than maxAgeMs is not served even when no message came', () => {
    let now = 1000;
    const inv = invalidation(memoryPubSub(), { maxAgeMs: 500, now: () => now });
    const cache = stampedCache<string>(inv, { maxEntries: 10 });
    cache.set('k', ['u1'], inv.stamp(), 'v');
    now += 499;
    expect(cache.get('k')).toBe('v');
    now += 1;
    expect(cache.get('k')).toBeUndefined();
    const off = invalidation(memoryPubSub(), { maxAgeMs: 0 });
    const none = stampedCache<string>(off, { maxEntries: 10 });
    none.set('k', ['u1'], off.stamp(), 'v');
    expect(none.get('k')).toBeUndefined();
  });

  it('keeps within its entry and byte limits, dropping the oldest first', () => {
    const inv = invalidation(memoryPubSub(), { maxAgeMs: 60_000 });
    const cache = stampedCache<string>(inv, { maxEntries: 3, maxBytes: 100 });
    for (const k of ['a', 'b', 'c', 'd']) cache.set(k, ['u1'], inv.stamp(), k, 10);
    expect(cache.size).toBe(3);
    expect(cache.get('a')).toBeUndefined();
    cache.set('big', ['u1'], inv.stamp(), 'big', 85);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toBeUndefined();
    expect(cache.get('d')).toBe('d'); // 10 + 85 bytes fit
    expect(cache.get('big')).toBe('big');
  });
});

describe('cacheMaxAgeMs', () => {
  it('caches where every write reaches every instance, and not on PostgreSQL without Redis unless asked', () => {
    expect(cacheMaxAgeMs(testConfig())).toBe(10_000); // embedded PGlite: one process
    expect(cacheMaxAgeMs(testConfig({ DATABASE_URL: 'postgres://db/x', REDIS_URL: 'redis://r' }))).toBe(10_000);
    expect(cacheMaxAgeMs(testConfig({ DATABASE_URL: 'postgres://db/x' }))).toBe(0);
    expect(cacheMaxAgeMs(testConfig({ DATABASE_URL: 'postgres://db/x', CACHE_MAX_AGE_MS: '2000' }))).toBe(2000);
    expect(cacheMaxAgeMs(testConfig({ CACHE_MAX_AGE_MS: '0' }))).toBe(0);
  });
});

describe('event tags', () => {
  it('an event drops only the entries whose tag it names, and only in caches that listed it', async () => {
    const bus = eventBus(memoryPubSub());
    const liked = stamps(bus, ['like.changed', 'list.changed', 'place.changed'], { maxAgeMs: 60_000 });
    const widget = stamps(bus, ['widget.changed'], { maxAgeMs: 60_000 });
    const likes = stampedCache<string>(liked, { maxEntries: 10 });
    const widgets = stampedCache<string>(widget, { maxEntries: 10 });
    likes.set('a', ['u1'], liked.stamp(), 'A');
    likes.set('b', ['u2'], liked.stamp(), 'B');
    widgets.set('w', ['wX'], widget.stamp(), 'W');
    await bus.emit('like.changed', { userId: 2, placeId: 9 });
    expect(likes.get('a')).toBe('A');
    expect(likes.get('b')).toBeUndefined();
    await bus.emit('list.changed', { listId: 5, ownerId: 1 });
    expect(likes.get('a')).toBeUndefined();
    await bus.emit('place.changed', { placeId: 1 });
    expect(widgets.get('w')).toBe('W'); // the widget cache did not list place.changed
    await bus.emit('widget.changed', { publicId: 'Y' });
    expect(widgets.get('w')).toBe('W');
    await bus.emit('widget.changed', { publicId: 'X' });
    expect(widgets.get('w')).toBeUndefined();
  });

  it('events from another instance arrive typed; malformed messages are ignored', async () => {
    const pubsub = memoryPubSub();
    const here = eventBus(pubsub);
    const seen: unknown[] = [];
    here.on('widget.changed', (p, origin) => seen.push([p, origin]));
    await pubsub.publish('events', 'not json');
    await pubsub.publish('events', JSON.stringify(['no.such', {}]));
    await pubsub.publish('events', JSON.stringify(['widget.changed', { publicId: 'Q' }]));
    expect(seen).toEqual([[{ publicId: 'Q' }, 'remote']]);
    // its own emission runs its handlers once, though the in-process pub/sub hands it back
    await here.emit('widget.changed', { publicId: 'R' });
    expect(seen).toEqual([
      [{ publicId: 'Q' }, 'remote'],
      [{ publicId: 'R' }, 'local'],
    ]);
  });
});
