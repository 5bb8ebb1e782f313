#!/usr/bin/env node
// The plan of the suggestion query (GET /api/userrelation/suggestions) on the social data set.
//
//   node bench/explain-suggestions.mjs                    # fresh database, seeded, explained, dropped (~1 min)
//   node bench/explain-suggestions.mjs --keep             # … and kept: prints its URL for --database
//   node bench/explain-suggestions.mjs --database=URL     # reuse a kept one (no seeding, no server)
//     --user=N         the N-th logged-in user asks (default 1; 1 … 50)
//     --kind=people|business --size=N --city=NAME   the query string's kind, size and f.city
//     --runs=N         time the statement N times first (default 5)
//     --sql            print the statement's text too
//     --social-users=N --social-places=N   a smaller data set (when seeding)
//
// The SQL is the real one: the script imports the server's suggestionsService
// (apps/server/src/modules/relations/suggestions.service.ts, through tsx) on a pool opened as the
// server opens it (openPostgres: same options, jit off), records the statements the service sends
// through that pool while it answers for the user, and runs EXPLAIN (ANALYZE, BUFFERS, SETTINGS)
// of the ranking statement with the same parameters. It is the source's SQL: rebuild the server
// (npm run build -w @spotlist/server) before a benchmark so the two agree. See bench/README.md.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { tsImport } from 'tsx/esm/api';
import { connect, createDatabase } from './lib/database.mjs';
import { cleanEnv, cleanupStack, ROOT, SERVER_MAIN, SPOTLIST_READY, spawnUntilReady, stop } from './lib/processes.mjs';
import { seedSocialDataset } from './social-dataset.mjs';

const { values: args } = parseArgs({
  options: {
    database: { type: 'string' },
    keep: { type: 'boolean', default: false },
    user: { type: 'string', default: '1' },
    kind: { type: 'string', default: 'people' },
    size: { type: 'string', default: '20' },
    city: { type: 'string' },
    runs: { type: 'string', default: '5' },
    sql: { type: 'boolean', default: false },
    'social-users': { type: 'string' },
    'social-places': { type: 'string' },
  },
});
const log = (line) => process.stderr.write(`${line}\n`);
const { cleanups, cleanup } = cleanupStack(log);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => cleanup().finally(() => process.exit(130)));

/** A database URL from --database: a URL, or a database name on BENCH_PG_URL's server. */
function databaseUrl(value) {
  if (/^postgres(ql)?:\/\//.test(value)) return value;
  const url = new URL(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${value}`;
  return url.toString();
}

/** A fresh database with the social data set, seeded through the built server (stopped afterwards). */
async function seedFresh() {
  if (!fs.existsSync(SERVER_MAIN)) throw new Error(`${SERVER_MAIN} not found: npm run build -w @spotlist/server first`);
  const db = await createDatabase();
  if (!args.keep) cleanups.push(() => db.drop());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotlist-explain-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const s = spawnUntilReady(SERVER_MAIN, {
    env: cleanEnv({
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      ADMIN_PASSWORD: crypto.randomBytes(12).toString('base64url'),
      SECRET: crypto.randomBytes(32).toString('base64url'),
      DATA_DIR: dataDir,
      DATABASE_URL: db.url,
    }),
    ready: SPOTLIST_READY,
  });
  cleanups.push(() => stop(s.child));
  const { child, match } = await s.promise;
  log(`Database ${db.name}: seeding the social data set …`);
  const sizes = {
    ...(args['social-users'] ? { users: Number(args['social-users']) } : {}),
    ...(args['social-places'] ? { places: Number(args['social-places']) } : {}),
  };
  const seeded = await seedSocialDataset({ baseUrl: `${match[1]}:${match[2]}`, databaseUrl: db.url, sizes, log });
  log(
    `  ${Object.entries(seeded.summary)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ')} in ${(seeded.ms / 1000).toFixed(1)} s`,
  );
  await stop(child);
  if (args.keep)
    log(`Kept: node bench/explain-suggestions.mjs --database=${db.url}   (drop it with: psql -c 'drop database "${db.name}"')`);
  return db.url;
}

async function main() {
  const url = args.database ? databaseUrl(args.database) : await seedFresh();
  // the N-th logged-in user (the dataset's users part: bench.user.NNNN@bench.spotlist.test)
  const n = Number(args.user);
  const email = `bench.user.${String(n).padStart(4, '0')}@bench.spotlist.test`;
  const probe = await connect(url);
  let me;
  let counts;
  try {
    const { rows } = await probe.query('select id, account_type, city from users where lower(email) = $1', [email]);
    if (!rows.length) throw new Error(`no user ${email} in this database: not a social data set, or --user over the logged-in users`);
    me = { id: Number(rows[0].id), accountType: Number(rows[0].account_type), city: rows[0].city };
    counts = (
      await probe.query(
        `select (select count(*) from users) as users, (select count(*) from list_items) as items,
        (select count(*) from list_items li join lists l on l.id = li.list_id where l.owner_id = $1) as mine,
        (select count(*) from user_relations where user_id = $1 and type = 3) as friends, current_setting('server_version') as version`,
        [me.id],
      )
    ).rows[0];
  } finally {
    await probe.end();
  }

  // the server's own code: its suggestions service on a pool opened as the server opens it
  const from = (file) => tsImport(path.join(ROOT, 'apps/server/src', file), import.meta.url);
  const { openPostgres } = await from('platform/db/client.ts');
  const { suggestionsService } = await from('modules/relations/suggestions.service.ts');
  const database = openPostgres(url, 2);
  cleanups.push(() => database.close());
  const pool = database.db.$client;
  const query = pool.query.bind(pool);
  let recorded = null;
  pool.query = (config, values, ...rest) => {
    if (recorded) recorded.push({ text: typeof config === 'string' ? config : config.text, values: values ?? config.values ?? [] });
    return query(config, values, ...rest);
  };
  const input = {
    me: { id: me.id, accountType: me.accountType },
    kind: args.kind,
    city: args.city,
    size: Number(args.size),
    language: 'en',
  };
  const service = suggestionsService(database.db);
  recorded = [];
  const first = performance.now();
  const answer = await service.suggest(input);
  const firstMs = performance.now() - first;
  const statements = recorded;
  recorded = null;
  const ranking = statements.find((s) => /^\s*with me as/.test(s.text));
  if (!ranking)
    throw new Error(`the service sent no ranking statement (with me as …): ${statements.map((s) => s.text.slice(0, 60)).join(' | ')}`);

  // warm (the server's pool is warm too), then the statement alone, timed
  const times = [];
  for (let i = 0; i < Number(args.runs); i++) {
    const t = performance.now();
    await query(ranking.text, ranking.values);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const plan = await query(`explain (analyze, buffers, settings) ${ranking.text}`, ranking.values);

  const out = [];
  out.push(
    `# EXPLAIN of the suggestion query`,
    '',
    `PostgreSQL ${counts.version}; ${counts.users} users, ${counts.items} list items. Asked by user ${me.id} (${email}, account type ${me.accountType}, city ${me.city ?? '–'}; ${counts.mine} saved places, ${counts.friends} friends): kind=${input.kind}, size=${input.size}${input.city ? `, city=${input.city}` : ''}.`,
    '',
    `The service answered ${answer.length} suggestions in ${firstMs.toFixed(1)} ms (${statements.length} statements, the first run on this pool). ` +
      (times.length
        ? `The ranking statement alone, ${times.length} runs: min ${times[0].toFixed(1)} ms, median ${times[Math.floor(times.length / 2)].toFixed(1)} ms, max ${times.at(-1).toFixed(1)} ms.`
        : ''),
    '',
    `Parameters: ${ranking.values.map((v, i) => `$${i + 1} = ${JSON.stringify(v)}`).join(', ')}`,
    '',
  );
  if (args.sql) out.push('```sql', ranking.text, '```', '');
  out.push('```', ...plan.rows.map((r) => r['QUERY PLAN']), '```');
  console.log(out.join('\n'));
}

try {
  await main();
} catch (err) {
  log(`explain-suggestions: ${err.stack ?? err.message}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
