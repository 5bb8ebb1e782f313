import fp from 'fastify-plugin';
import type { Invalidation } from '../lib/invalidation.ts';
import { ADMIN_PERMISSION } from './auth.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What a state-changing request of this route makes stale in the caches (lib/invalidation.ts).
     * Default 'user': the caller's own cached reads. 'all': a change that other users' reads
     * contain (a place's texts, an account that others' answers name). An admin's writes are 'all'.
     */
    invalidates?: 'user' | 'all';
  }
  interface FastifyInstance {
    invalidation: Invalidation;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * After every state-changing request (any status: a failed write changed nothing, and a bump only
 * costs cache hits), before its answer leaves: the bump reaches this instance's caches at once and
 * the other instances before the client can ask them.
 */
export const invalidationPlugin = fp<{ invalidation: Invalidation }>(
  async (app, { invalidation }) => {
    app.decorate('invalidation', invalidation);
    // callback style: a read (most requests) costs no promise
    app.addHook('onSend', (req, _reply, payload, done) => {
      if (READS.has(req.method)) return done(null, payload);
      const user = req.user;
      const bump =
        req.routeOptions.config?.invalidates === 'all' || user?.permissions.includes(ADMIN_PERMISSION)
          ? invalidation.all()
          : user
            ? invalidation.user(user.id)
            : null;
      if (!bump) return done(null, payload);
      bump.then(
        () => done(null, payload),
        (err: Error) => done(err),
      );
    });
  },
  { name: 'invalidation', dependencies: ['auth'] },
);
