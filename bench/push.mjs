#!/usr/bin/env node
// The push benchmark (issue 18): the built server on a PostgreSQL database of its own and a real
// local Web Push service (web-push-testing, in this process: it checks the VAPID signature and
// decrypts every message). 2,000 users with one browser subscription each sit in 101 group
// conversations of 100 (each user in about 5 of them); each group's creator writes one message,
// all at once, which makes 101 × 99 = 9,999 notices to 2,000 devices through the product's whole
// path: message.posted → push.message (compose, settings, presence) → push.deliver → push service.
//   - time until the last notice reached the push service, and deliveries per second
//   - lost (a member's device without its group's notice) and duplicated (one twice): both 0
//   - latency from just before each POST …/messages to the push service receiving the notice (it
//     checks the VAPID signature and decrypts every notice after the timed part)
//     (p50/p95/p99; the target is p95 ≤ 5 s; PUSH_FOLD_SECONDS, 2 by default, is part of it)
//
//   node bench/push.mjs            # alone (~2 min): bench/results/push.json and .md
//     --users=N --groups=N --group-size=N --fold=S --out=DIR
//
// `npm run bench` runs it too (run.mjs, after the messaging benchmark; --skip-push leaves it out).
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { apiClient, mapLimit } from './dataset.mjs';
import { connect, createDatabase } from './lib/database.mjs';
import { cleanEnv, cleanupStack, ROOT, SERVER_MAIN, SPOTLIST_READY, spawnUntilReady, stop } from './lib/processes.mjs';

export const PUSH_DEFAULTS = {
  /** Users with one web subscription each (the devices). */
  users: 2000,
  /** Group conversations, each with a creator of its own and groupSize - 1 of the users. */
  groups: 101,
  groupSize: 100,
  /** PUSH_FOLD_SECONDS of the server. */
  fold: 2,
  /** Longest wait for the last notice. */
  timeoutMs: 180_000,
};

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const hashToken = (t) => crypto.createHash('sha256').update(t).digest('hex');
const RELATION_FRIEND = 3;
const CATEGORY_PRIVATE = 1;

function percentile(sorted, p) {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * web-push-testing's model and server in this process, on a free port. A notice is recorded when it
 * arrives and answered 201 at once, as a push service answers before the browser has it; its
 * checks (subscription, VAPID signature, decryption) run after the timed part (`verify`): on these
 * two cores they would otherwise be counted as the server's latency (the push service's checks
 * took more CPU than the whole server: 6.5 s against 4.4 s for 10,000 notices).
 */
async function startPushService(onNotice) {
  const require = createRequire(path.join(ROOT, 'apps/server/package.json'));
  const { PushApiModel } = require('web-push-testing/src/PushApiModel.js');
  const Server = require('web-push-testing/src/server.js');
  const net = await import('node:net');
  const port = await new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => resolve(p));
    });
  });
  const model = new PushApiModel();
  const check = model.handleNotification.bind(model);
  const arrived = [];
  model.handleNotification = async (clientHash, headers, body) => {
    arrived.push({ clientHash, headers, body, at: Date.now() });
  };
  /** Checks and decrypts every notice that arrived, in order; those that fail are counted, not told. */
  async function verify() {
    let failed = 0;
    for (const { clientHash, headers, body, at } of arrived.splice(0)) {
      try {
        await check(clientHash, headers, body);
      } catch {
        failed++;
        continue;
      }
      const list = model.messages[clientHash];
      onNotice(clientHash, list[list.length - 1], at);
    }
    return failed;
  }
  const server = new Server(model, port);
  const log = console.log;
  console.log = () => {};
  server.startServer();
  await new Promise((resolve) => server._server.once('listening', resolve));
  console.log = log;
  return {
    model,
    arrivals: () => arrived.length,
    verify,
    close: () =>
      new Promise((resolve) => {
        server._server.closeAllConnections();
        server._server.close(resolve);
      }),
  };
}

export async function runPush({ options: overrides = {}, track, log = () => {} }) {
  const o = { ...PUSH_DEFAULTS, ...overrides };
  const started = performance.now();
  const db = await createDatabase({ prefix: 'spotlist_bench_push_' });
  track(() => db.drop());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotlist-bench-push-'));
  track(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  /** clientHash → group numbers received, and the latencies. */
  const received = new Map();
  const latencies = [];
  const postedAt = new Map();
  let lastAt = 0;
  let count = 0;
  const push = await startPushService((hash, text, at) => {
    count++;
    lastAt = Math.max(lastAt, at);
    let group = -1;
    try {
      group = Number(/Bench group (\d+)/.exec(JSON.parse(text).title)?.[1] ?? -1);
    } catch {
      /* counted, not placed */
    }
    const list = received.get(hash) ?? [];
    list.push(group);
    received.set(hash, list);
    const posted = postedAt.get(group);
    if (posted !== undefined) latencies.push(at - posted);
  });
  track(() => push.close());

  const env = cleanEnv({
    PORT: '0',
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: crypto.randomBytes(12).toString('base64url'),
    SECRET: crypto.randomBytes(32).toString('base64url'),
    DATA_DIR: dataDir,
    DATABASE_URL: db.url,
    PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true',
    PUSH_FOLD_SECONDS: String(o.fold),
    ACCESS_TOKEN_TTL_SECONDS: '7200',
  });
  const s = spawnUntilReady(SERVER_MAIN, { env, ready: SPOTLIST_READY });
  track(() => stop(s.child));
  const { child, match } = await s.promise;
  let warnings = 0;
  child.stdout.on('data', (chunk) => {
    for (const line of String(chunk).split('\n')) if (Number(line.match(/"level":(\d+)/)?.[1]) >= 40) warnings++;
  });
  const url = new URL(`${match[1]}:${match[2]}`).origin;
  const api = apiClient(url);
  log(`Push: database ${db.name}, server ${url}`);

  // users and sessions by SQL (as bench/messaging.mjs): argon2 for 2,100 signups would be the whole run
  const sql = await connect(db.url);
  const creatorsN = o.groups;
  let users;
  let creators;
  try {
    const { rows: model } = await sql.query('select client_id, password_hash from users order by id limit 1');
    const emails = [
      ...Array.from({ length: o.users }, (_, i) => `bench.push.${i + 1}@bench.spotlist.test`),
      ...Array.from({ length: creatorsN }, (_, g) => `bench.push.creator.${g}@bench.spotlist.test`),
    ];
    const nicknames = [
      ...Array.from({ length: o.users }, (_, i) => `Push ${i + 1}`),
      ...Array.from({ length: creatorsN }, (_, g) => `Creator ${g}`),
    ];
    const inserted = await sql.query(
      `insert into users (client_id, email, password_hash, email_verified, nickname, account_type, profile_filled)
       select $1, e, $2, true, nn, 1, true from unnest($3::text[], $4::text[]) with ordinality as u(e, nn, o) order by o
       returning id, email`,
      [model[0].client_id, model[0].password_hash, emails, nicknames],
    );
    const idOf = new Map(inserted.rows.map((r) => [r.email, Number(r.id)]));
    const all = emails.map((email) => ({ id: idOf.get(email), token: crypto.randomBytes(32).toString('base64url') }));
    await sql.query(
      `insert into auth_sessions (user_id, family_id, access_hash, access_expires_at, refresh_hash, refresh_expires_at)
       select u, f, a, now() + interval '2 hours', r, now() + interval '30 days'
       from unnest($1::int[], $2::text[], $3::text[], $4::text[]) as s(u, f, a, r)`,
      [
        all.map((u) => u.id),
        all.map(() => crypto.randomUUID()),
        all.map((u) => hashToken(u.token)),
        all.map(() => hashToken(crypto.randomUUID())),
      ],
    );
    users = all.slice(0, o.users);
    creators = all.slice(o.users);
    // group g: its creator and the users g·(size-1) … wrapping around: each user in about groups·(size-1)/users groups
    const from = [];
    const to = [];
    for (const [g, c] of creators.entries()) {
      c.members = Array.from({ length: o.groupSize - 1 }, (_, j) => users[(g * (o.groupSize - 1) + j) % o.users]);
      for (const m of c.members) {
        from.push(c.id, m.id);
        to.push(m.id, c.id);
      }
    }
    await sql.query(
      `insert into user_relations (user_id, related_user_id, type, category_id)
       select f, t, ${RELATION_FRIEND}, ${CATEGORY_PRIVATE} from unnest($1::int[], $2::int[]) as r(f, t)`,
      [from, to],
    );
  } finally {
    await sql.end();
  }
  await mapLimit(creators, 8, async (c, g) => {
    c.conversation = (
      await api.post('/api/conversation/add', { memberIds: c.members.map((m) => m.id), title: `Bench group ${g}` }, { token: c.token })
    ).id;
  });
  log(`  ${o.users} users, ${creatorsN} groups of ${o.groupSize}: ${Math.round(performance.now() - started)} ms`);

  const { webPushPublicKey } = await api.get('/api/pushconfig');
  const hashOf = new Map();
  await mapLimit(users, 16, async (u, i) => {
    const { clientHash, ...subscription } = await push.model.subscribe({ userVisibleOnly: 'true', applicationServerKey: webPushPublicKey });
    u.hash = clientHash;
    hashOf.set(u.id, clientHash);
    await api.post(
      '/api/pushdevice/',
      { token: JSON.stringify(subscription), platform: 'web', deviceId: `bench-install-${i}` },
      { token: u.token },
    );
  });
  log(`  ${users.length} devices registered`);

  // the expected notices: each group's members but its creator
  const expected = creators.reduce((n, c) => n + c.members.length, 0);
  const t0 = Date.now();
  await mapLimit(creators, 32, async (c, g) => {
    postedAt.set(g, Date.now());
    await api.post(`/api/conversation/${c.conversation}/messages`, { text: `Bench notice ${g}` }, { token: c.token });
  });
  const postedMs = Date.now() - t0;
  const deadline = Date.now() + o.timeoutMs;
  while (push.arrivals() < expected && Date.now() < deadline) await sleep(50);
  // what comes late would be a duplicate
  await sleep(2000);
  const undecryptable = await push.verify();

  let lost = 0;
  let duplicated = 0;
  for (const [g, c] of creators.entries()) {
    for (const m of c.members) {
      const n = (received.get(m.hash) ?? []).filter((x) => x === g).length;
      if (n === 0) lost++;
      if (n > 1) duplicated += n - 1;
    }
  }
  const sorted = latencies.sort((a, b) => a - b);
  const spanMs = lastAt - t0;
  const result = {
    devices: users.length,
    groups: creatorsN,
    notices: expected,
    received: count,
    lost,
    duplicated,
    undecryptable,
    postMs: postedMs,
    timeToLastMs: spanMs,
    deliveriesPerSecond: Math.round((count / Math.max(1, spanMs)) * 1000),
    latencyMs: { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1) ?? null },
    p95TargetMs: 5000,
    p95Met: (percentile(sorted, 95) ?? Infinity) <= 5000,
    foldSeconds: o.fold,
    serverWarnings: warnings,
    cpus: os.cpus().length,
    loadBefore: Number(os.loadavg()[0].toFixed(2)),
    totalMs: Math.round(performance.now() - started),
  };
  log(
    `  ${count}/${expected} notices in ${spanMs} ms (${result.deliveriesPerSecond}/s), lost ${lost}, duplicated ${duplicated}, ` +
      `failing the checks ${undecryptable}, p95 ${result.latencyMs.p95} ms`,
  );
  return result;
}

export function pushMarkdown(r) {
  if (r.skipped) return `Push: skipped (${r.reason})\n`;
  if (r.error) return `Push: failed (${r.error})\n`;
  return [
    '| push (issue 18) | value |',
    '| --- | --- |',
    `| notices / devices | ${r.notices.toLocaleString('en')} to ${r.devices.toLocaleString('en')} (${r.groups} group messages at once) |`,
    `| time to the last delivery | ${(r.timeToLastMs / 1000).toFixed(1)} s |`,
    `| deliveries per second | ${r.deliveriesPerSecond} |`,
    `| lost / duplicated / failing the push service's checks | ${r.lost} / ${r.duplicated} / ${r.undecryptable} |`,
    `| message → push service p50 / p95 / p99 | ${r.latencyMs.p50} / ${r.latencyMs.p95} / ${r.latencyMs.p99} ms (target p95 ≤ 5,000: ${r.p95Met ? 'met' : 'NOT met'}; fold ${r.foldSeconds} s) |`,
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values: args } = parseArgs({
    options: {
      users: { type: 'string' },
      groups: { type: 'string' },
      'group-size': { type: 'string' },
      fold: { type: 'string' },
      out: { type: 'string', default: path.join(ROOT, 'bench/results') },
    },
  });
  const options = {};
  if (args.users) options.users = Number(args.users);
  if (args.groups) options.groups = Number(args.groups);
  if (args['group-size']) options.groupSize = Number(args['group-size']);
  if (args.fold) options.fold = Number(args.fold);
  const { cleanups, cleanup } = cleanupStack(console.error);
  let code = 0;
  try {
    const result = await runPush({ options, track: (fn) => cleanups.push(fn), log: console.log });
    fs.mkdirSync(args.out, { recursive: true });
    fs.writeFileSync(path.join(args.out, 'push.json'), `${JSON.stringify({ at: new Date().toISOString(), ...result }, null, 2)}\n`);
    fs.writeFileSync(path.join(args.out, 'push.md'), pushMarkdown(result));
    console.log(pushMarkdown(result));
    if (result.lost || result.duplicated || result.undecryptable) code = 1;
  } catch (err) {
    console.error(err);
    code = 1;
  } finally {
    await cleanup();
  }
  process.exit(code);
}
