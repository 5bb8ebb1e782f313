import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { serverRoot } from '../../lib/paths.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = () => path.join(serverRoot(), 'drizzle');

/**
 * Per connection: no JIT (it compiled the catalogue search for 15 ms to save a fraction of one —
 * the planner's estimate of the readability subquery crosses jit_above_cost; an OLTP API never
 * gains from it), and no statement or idle transaction holds a connection for ever.
 */
const POSTGRES_OPTIONS = '-c jit=off -c statement_timeout=30000 -c idle_in_transaction_session_timeout=60000';

/** PostgreSQL through `pg` (production, several instances); a connection that cannot be made in 5 s is an outage (503). */
export function openPostgres(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5_000, options: POSTGRES_OPTIONS });
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      await migratePg(drizzlePg({ client: pool, casing: 'snake_case' }), { migrationsFolder: migrationsFolder() });
    },
    close: () => pool.end(),
  };
}

/**
 * The data folder a first start copies, made by the build (dist/pgdata-template-<pglite version>/:
 * initialised, the migrations of that build applied), or undefined when there is none for the
 * installed PGlite. Copying it takes 0.1 s where initdb takes 2 s; migrations it lacks are applied
 * at start as on any database.
 */
function pgliteTemplate(): string | undefined {
  try {
    const root = serverRoot();
    // the package's exports hide its package.json: find it above the resolved entry
    let dir = path.dirname(createRequire(path.join(root, 'package.json')).resolve('@electric-sql/pglite'));
    while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
    const version = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version as string;
    const template = path.join(root, 'dist', `pgdata-template-${version}`);
    return fs.existsSync(path.join(template, 'PG_VERSION')) ? template : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The embedded database's buffer cache. initdb writes PostgreSQL's default of 128 MB, which PGlite
 * allocates inside its WebAssembly memory at start (a WebAssembly memory never shrinks): 130 MB of
 * the server's resident memory for a database of a few tens of MB whose reads the response cache
 * answers anyway. Pages outside it are read from the operating system's page cache.
 * Measured in docs/decisions/0025-start-and-memory.md.
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * Embedded PGlite: in a folder (`npm start`) or in memory (tests, when dataDir is undefined).
 * PGlite and its drizzle driver are loaded here, so a server on PostgreSQL never loads them.
 */
export async function openPglite(
  dataDir?: string,
  /** The folder an empty dataDir starts as: the build's (default), another (tests), or null for initdb. */
  { template: templateDir }: { template?: string | null } = {},
): Promise<Database> {
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  let client: PGlite;
  // PGlite's own start parameters and ours; applied at every start, so existing folders get them too
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
  if (!dataDir) client = await PGlite.create({ startParams });
  else {
    // only into a folder with nothing in it: whatever is there is never removed
    const empty = !fs.existsSync(dataDir) || fs.readdirSync(dataDir).length === 0;
    const template = empty ? (templateDir === undefined ? pgliteTemplate() : (templateDir ?? undefined)) : undefined;
    if (template) {
      // copied beside and renamed: a start killed while copying leaves no half folder to open
      const copying = `${dataDir}.copying`;
      fs.rmSync(copying, { recursive: true, force: true });
      fs.cpSync(template, copying, { recursive: true, filter: (src) => path.basename(src) !== 'spotlist-template.json' });
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.renameSync(copying, dataDir);
    }
    client = await PGlite.create(dataDir, { startParams });
  }
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(drizzlePglite({ client, casing: 'snake_case' }), { migrationsFolder: migrationsFolder() });
    },
    close: () => client.close(),
  };
}
