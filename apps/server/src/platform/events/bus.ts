import crypto from 'node:crypto';
import type { PubSub } from './pubsub.ts';
import { EVENT_NAMES, type EventMap, type EventName } from './event-map.ts';

export type EventHandler<K extends EventName> = (payload: EventMap[K], origin: 'local' | 'remote') => void;

/**
 * The one way modules tell each other things. `emit` runs this instance's handlers at once (in the
 * order they subscribed), then publishes the event to the other instances and resolves once they
 * have run their handlers too (or after CONFIRM_TIMEOUT_MS, pubsub.ts). Handlers are synchronous and must not throw; work that takes time is a job.
 *
 * `live` is the pub/sub's: false while this instance may be missing other instances' events (its
 * Redis subscriber is down). `onResync` is called when it is back: whatever depends on hearing
 * every event (caches) starts afresh then.
 */
export interface EventBus {
  emit<K extends EventName>(name: K, payload: EventMap[K]): Promise<void>;
  on<K extends EventName>(name: K, handler: EventHandler<K>): () => void;
  readonly live: boolean;
  onResync(handler: () => void): void;
}

const CHANNEL = 'events';
const KNOWN = new Set<string>(EVENT_NAMES);

export function eventBus(pubsub: PubSub, log: (err: unknown, name: string) => void = () => {}): EventBus {
  // this bus's own publications come back on an in-process pub/sub shared by several app
  // instances (tests); they ran here already when emitted
  const self = crypto.randomBytes(6).toString('base64url');
  const handlers = new Map<EventName, EventHandler<never>[]>();
  const run = (name: EventName, payload: unknown, origin: 'local' | 'remote') => {
    for (const h of handlers.get(name) ?? []) {
      try {
        (h as EventHandler<EventName>)(payload as never, origin);
      } catch (err) {
        log(err, name);
      }
    }
  };
  // a subscription that fails (the bus closed first) leaves `live` false: caches then serve nothing
  pubsub
    .subscribe(CHANNEL, (raw) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        return;
      }
      if (!Array.isArray(parsed) || !KNOWN.has(parsed[0]) || typeof parsed[1] !== 'object' || parsed[1] === null) return;
      if (parsed[2] === self) return;
      run(parsed[0] as EventName, parsed[1], 'remote');
    })
    .catch(() => {});

  return {
    async emit(name, payload) {
      run(name, payload, 'local');
      // a Redis that is down loses the message; the other instances' caches stop serving while
      // their subscriber is down and start afresh after (onResync), and age out otherwise
      // confirmed: the write that emits it answers once every instance has applied it
      await pubsub.publish(CHANNEL, JSON.stringify([name, payload, self]), { confirm: true }).catch((err: unknown) => log(err, name));
    },
    on(name, handler) {
      const list = handlers.get(name) ?? [];
      list.push(handler as EventHandler<never>);
      handlers.set(name, list);
      return () => {
        const i = list.indexOf(handler as EventHandler<never>);
        if (i >= 0) list.splice(i, 1);
      };
    },
    get live() {
      return pubsub.live;
    },
    onResync: (h) => pubsub.onResync(h),
  };
}
