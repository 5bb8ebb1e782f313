import type { PGlite } from '@electric-sql/pglite';
import { is, Placeholder } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './client.ts';

/**
 * A prepared statement per database handle, made on first use. The hot lookups (session by token,
 * the user view) are planned once per connection instead of on every request: on PostgreSQL
 * their planning cost more than their execution (~3k/s unprepared vs ~10k/s prepared here).
 */
export function preparedPerDb<T>(make: (db: Db) => T): (db: Db) => T {
  const cache = new WeakMap<Db, T>();
  return (db) => {
    let p = cache.get(db);
    if (!p) {
      p = make(db);
      cache.set(db, p);
    }
    return p;
  };
}

/**
 * A statement run on the driver itself, each row an array of its columns' text (the SQL casts
 * every column to text, so no driver parses types). For the one hot path where drizzle's per-row
 * mapping cost more than the query. On PostgreSQL it is a named statement, prepared once per
 * connection; PGlite (one connection, in process) runs it as it is.
 */
export function rawStatement(
  db: Db,
  name: string,
  query: { sql: string; params: unknown[] },
): (args: Record<string, unknown>) => Promise<(string | null)[][]> {
  const client = (db as unknown as { $client: unknown }).$client;
  type Slot = { name: string } | { value: unknown };
  const slots = query.params.map((p): Slot => (is(p, Placeholder) ? { name: p.name as string } : { value: p }));
  const values = (args: Record<string, unknown>) => slots.map((s) => ('name' in s ? args[s.name] : s.value));
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    return async (args) => (await client.query<(string | null)[]>({ name, text: query.sql, values: values(args), rowMode: 'array' })).rows;
  }
  const lite = client as PGlite;
  return async (args) => (await lite.query<(string | null)[]>(query.sql, values(args), { rowMode: 'array' })).rows;
}
