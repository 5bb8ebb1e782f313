// A throw-away PostgreSQL database per benchmark run.
import crypto from 'node:crypto';
import pg from 'pg';

/** The maintenance database the benchmark creates its own database from (BENCH_PG_URL overrides). */
export const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function withAdmin(fn) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates `<prefix><random>` (`spotlist_bench_…` by default); returns its URL, its name and a drop() that is safe to call twice. */
export async function createDatabase({ prefix = 'spotlist_bench_' } = {}) {
  if (!/^[a-z_][a-z0-9_]*$/.test(prefix)) throw new Error(`not a database name prefix: ${prefix}`);
  const name = `${prefix}${crypto.randomBytes(5).toString('hex')}`;
  const version = await withAdmin(async (c) => {
    await c.query(`CREATE DATABASE "${name}"`);
    return (await c.query('SHOW server_version')).rows[0].server_version;
  });
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.toString(),
    version,
    /** PostgreSQL's backend processes on this database (their CPU is read from /proc: a local server only). */
    local: ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname),
    backendPids: () =>
      withAdmin(async (c) => (await c.query('select pid from pg_stat_activity where datname = $1', [name])).rows.map((r) => r.pid)),
    async drop() {
      if (dropped) return;
      dropped = true;
      // FORCE (PostgreSQL 13+) ends connections a killed server may have left behind.
      await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

/** A client on the benchmark database for dataset parts that seed in bulk through SQL. */
export async function connect(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** Redis for the server (BENCH_REDIS_URL overrides), or null when nothing answers PING there. */
export async function reachableRedis(url = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379') {
  const { hostname, port } = new URL(url);
  const net = await import('node:net');
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) || 6379 });
    const done = (ok) => {
      socket.destroy();
      resolve(ok ? url : null);
    };
    socket.setTimeout(1000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}
