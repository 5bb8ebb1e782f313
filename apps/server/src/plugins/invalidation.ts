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
    app.addHook('onSend', async (req) => {
      if (READS.has(req.method)) return;
      const user = req.user;
      if (req.routeOptions.config?.invalidates === 'all' || user?.permissions.includes(ADMIN_PERMISSION)) await invalidation.all();
      else if (user) await invalidation.user(user.id);
    });
  },
  { name: 'invalidation', dependencies: ['auth'] },
);
