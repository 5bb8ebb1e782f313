import fp from 'fastify-plugin';
import type { EventBus } from '../events/bus.ts';
import { isModerator } from './auth.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What a state-changing request of this route tells the caches. Default 'user': the caller's
     * own reads ('user.wrote'). 'all': a change that other users' reads contain (an account that
     * others' answers name, a shared list) — 'everything.changed'. An admin's writes are 'all'.
     * 'none': a POST that reads (SPEC's `POST /api/widget/mine`), or a write that no cached read
     * holds and whose handler tells its own events (messaging); its handler emits what it
     * changed, when it changes something. Without it, the caller's other tabs — and the tab itself,
     * through the realtime echo — would read everything again after every such read, and a page
     * that reads this way would ask again and again.
     */
    invalidates?: 'user' | 'all' | 'none';
  }
  interface FastifyInstance {
    /** The typed event bus (platform/events): how modules tell each other, and every instance, things. */
    events: EventBus;
    /** How long per-instance caches may serve an entry without an event (config.ts cacheMaxAgeMs). */
    cacheMaxAgeMs: number;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Decorates the app with the event bus and, after every state-changing request (any status: a
 * failed write changed nothing, and an event only costs cache hits), before its answer leaves,
 * emits the read-your-writes net: the event reaches this instance's caches at once and the other
 * instances before the client can ask them. Modules emit their own, more precise events too.
 */
export const writeEventsPlugin = fp<{ events: EventBus; cacheMaxAgeMs: number }>(
  async (app, { events, cacheMaxAgeMs }) => {
    app.decorate('events', events);
    app.decorate('cacheMaxAgeMs', cacheMaxAgeMs);
    // callback style: a read (most requests) costs no promise
    app.addHook('onSend', (req, _reply, payload, done) => {
      if (READS.has(req.method)) return done(null, payload);
      const invalidates = req.routeOptions.config?.invalidates;
      if (invalidates === 'none') return done(null, payload);
      const user = req.user;
      const sent =
        invalidates === 'all' || req.routeOptions.config?.permission !== undefined || isModerator(user)
          ? events.emit('everything.changed', {})
          : user
            ? events.emit('user.wrote', { userId: user.id })
            : null;
      if (!sent) return done(null, payload);
      sent.then(
        () => done(null, payload),
        (err: Error) => done(err),
      );
    });
  },
  { name: 'write-events', dependencies: ['auth'] },
);
