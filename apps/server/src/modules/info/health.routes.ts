import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db/client.ts';
import { serverRoot } from '../../lib/paths.ts';

/** How long a readiness check waits for the database before it says "not ready". */
const READY_TIMEOUT_MS = 2_000;

const CheckSchema = z.enum(['ok', 'failed']);
const ReadySchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  checks: z.object({ database: CheckSchema, migrations: CheckSchema, events: CheckSchema }),
});

/** The migrations this build brings (drizzle's journal), counted once. */
function migrationsOfBuild(): number {
  try {
    const journal = JSON.parse(fs.readFileSync(path.join(serverRoot(), 'drizzle', 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    return journal.entries.length;
  } catch {
    return 0;
  }
}

const withTimeout = <T>(p: Promise<T>, ms: number): Promise<T> =>
  Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())]);

/**
 * For load balancers and orchestrators: `GET /api/health/live` (the process answers; 503 while it
 * drains) and `GET /api/health/ready` (the database answers within 2 s, its migrations are this
 * build's, and the instance hears the others' events — Redis, when configured). Never cached.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db; isClosing: () => boolean }> = async (app, { db, isClosing }) => {
  const expected = migrationsOfBuild();
  const tags = ['info'];

  app.get(
    '/api/health/live',
    {
      schema: { response: { 200: z.object({ status: z.literal('live') }), 503: ReadySchema.pick({ status: true }) }, tags },
      config: { auth: 'public' },
      logLevel: 'warn',
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      if (isClosing())
        return reply
          .code(503)
          .header('retry-after', '5')
          .send({ status: 'unavailable' as const });
      return { status: 'live' as const };
    },
  );

  app.get(
    '/api/health/ready',
    { schema: { response: { 200: ReadySchema, 503: ReadySchema }, tags }, config: { auth: 'public' }, logLevel: 'warn' },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      const applied = await withTimeout(
        db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
        READY_TIMEOUT_MS,
      ).then(
        (r) => Number((r as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0),
        () => null,
      );
      const checks = {
        database: applied === null ? ('failed' as const) : ('ok' as const),
        migrations: applied !== null && applied >= expected ? ('ok' as const) : ('failed' as const),
        events: app.events.live ? ('ok' as const) : ('failed' as const),
      };
      const ready = !isClosing() && Object.values(checks).every((c) => c === 'ok');
      if (!ready) reply.code(503).header('retry-after', '5');
      return { status: ready ? ('ready' as const) : ('unavailable' as const), checks };
    },
  );
};
