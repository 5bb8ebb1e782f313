import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { fromPglite, type ConstructorOptions } from 'pg-boss';
import type { Database } from '../db/client.ts';

/**
 * How pg-boss reaches the product's database.
 *
 * PGlite: through pg-boss's own `fromPglite` adapter on the very PGlite instance drizzle uses (a
 * second instance on the folder would corrupt it). The adapter sends statements with values
 * through `query`, the parameterless multi-statement ones (migrations, BEGIN … COMMIT blocks)
 * through `exec`, rolls back an aborted transaction so it cannot poison the one shared session,
 * and gives LISTEN/NOTIFY in process. PGlite serialises every call behind its transaction lock, so
 * pg-boss statements wait for a drizzle transaction rather than landing inside it.
 *
 * PostgreSQL: pg-boss gets a small pool of its own on the same database, so polling workers never
 * take connections requests are waiting for, and it can pin the connection LISTEN needs.
 */
export function bossConnection(database: Database, poolMax = 3): ConstructorOptions {
  // drizzle documents `$client` as the driver client it was built on
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (database.kind === 'pglite') return { backend: 'pglite', db: fromPglite(client as PGlite) };
  const { connectionString } = (client as pg.Pool).options;
  if (!connectionString) throw new Error('the PostgreSQL pool has no connection string for the job queue');
  return { connectionString, max: poolMax, application_name: 'spotlist-jobs' };
}
