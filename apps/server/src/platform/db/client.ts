import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
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
 * A freshly initialised data folder made by the build (dist/pgdata-template-<pglite version>.tar.gz),
 * or undefined when there is none for the installed PGlite.
 */
function pgliteTemplate(): Blob | undefined {
  try {
    const root = serverRoot();
    // the package's exports hide its package.json: find it above the resolved entry
    let dir = path.dirname(createRequire(path.join(root, 'package.json')).resolve('@electric-sql/pglite'));
    while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
    const version = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version as string;
    const file = path.join(root, 'dist', `pgdata-template-${version}.tar.gz`);
    return fs.existsSync(file) ? new Blob([fs.readFileSync(file)]) : undefined;
  } catch {
    return undefined;
  }
}

/** Embedded PGlite: in a folder (`npm start`) or in memory (tests, when dataDir is undefined). */
export async function openPglite(dataDir?: string): Promise<Database> {
  let client: PGlite;
  if (!dataDir) client = await PGlite.create();
  else {
    const fresh = !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
    const template = fresh ? pgliteTemplate() : undefined;
    if (template) fs.mkdirSync(dataDir, { recursive: true });
    client = template ? await PGlite.create(dataDir, { loadDataDir: template }) : await PGlite.create(dataDir);
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

/**
 * PGlite does not lock its folder and two processes on one folder corrupt it, so the server takes
 * a lock file holding its pid and refuses to start while another live process holds it.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lock = path.join(dataDir, 'spotlist.lock');
  const take = () => fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
  try {
    take();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const pid = Number(fs.readFileSync(lock, 'utf8').trim());
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `The data folder ${dataDir} is in use by another Spotlist process (pid ${pid}). ` +
          'Stop it first, or set DATA_DIR to another folder (or DATABASE_URL to use PostgreSQL).',
        { cause: err },
      );
    }
    fs.rmSync(lock, { force: true }); // stale lock from a process that is gone
    take();
  }
  return () => fs.rmSync(lock, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
