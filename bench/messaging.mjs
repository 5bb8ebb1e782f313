#!/usr/bin/env node
// The messaging benchmark: two instances of the built server on one PostgreSQL database and a
// Redis of their own, 1,000 WebSocket clients in 500 direct conversations (the two members of each
// on different instances), and
//   - send → receive latency: from just before POST /api/conversation/{id}/messages on one instance
//     to 'message.posted' at the other member's socket on the other instance (p50/p95/p99)
//   - messages per second kept up over fixed windows at increasing offered rates (open loop), and
//     what a closed loop of N senders gets through, each message counted at every member socket
//     (the writer's own included): 0 lost, 0 duplicated
//   - GET /api/messageoverview/list of a user with 500 conversations (p95)
//   - resident memory per connection (VmRSS before and after each instance's 500 sockets)
//
//   node bench/messaging.mjs              # alone (~3.5 min): bench/results/messaging.json and .md
//   node bench/messaging.mjs --quick      # 5 s windows (~1.5 min)
//     --users=N --window=S --rates=a,b,c --latency-rate=R --senders=N --overview-sec=S --out=DIR
//
// `npm run bench` runs it too (run.mjs, after the social server; --only=messaging selects it among
// the load scenarios, --skip-messaging leaves it out) and puts the figures in latest.json/.md.
// See bench/README.md "The messaging benchmark".
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { apiClient, mapLimit } from './dataset.mjs';
import { createDatabase, reachableRedis } from './lib/database.mjs';
import { cpuByPid, cpuTimes, measure } from './lib/load.mjs';
import { createLedger, latencySummary, messageSlot, percentile, perConnectionKB, sustainedStep } from './lib/messaging.mjs';
import { seedMessaging } from './lib/messaging-seed.mjs';
import { cleanEnv, cleanupStack, ROOT, SERVER_MAIN, SPOTLIST_READY, spawnUntilReady, startPrivateRedis, stop } from './lib/processes.mjs';

/** The sizes and durations of a full run (`npm run bench`, `node bench/messaging.mjs`). */
export const MESSAGING_DEFAULTS = {
  /** Users with one socket each, in pairs: users / 2 direct conversations. */
  users: 1000,
  /** The overview's user: direct conversations with that many of the users (friends of theirs). */
  hubConversations: 500,
  /** Messages in each of them (written by SQL, alternating sides; a fifth of them with 2 unread). */
  hubMessagesPerConversation: 20,
  /** Messages already in each pair's conversation (SQL, a day old, read): the table is not the overview user's alone. */
  pairHistory: 200,
  /** Offered rates of the open-loop windows, messages per second, in this order. */
  rates: [50, 100, 150, 200],
  /** The rate whose cross-instance p99 is held against the 300 ms target (one of `rates`). */
  latencyRate: 100,
  windowSec: 25,
  /** A discarded window at the first rate before the measured ones. */
  warmupSec: 5,
  /** The closed loop after the windows: this many senders, each sending its next message when its last was answered. */
  senders: 32,
  /** The overview: one connection for this long (the target), then 10 connections as long, each after a 2 s warm-up. */
  overviewSec: 10,
  /** Longest wait after a window for answers and events still under way. */
  drainMs: 10_000,
  /** Requests in flight at most (open loop): beyond, a due message waits and the window falls behind. */
  maxInFlight: 256,
};
/** --quick: the same shape, short windows. */
export const MESSAGING_QUICK = { windowSec: 5, warmupSec: 2, overviewSec: 3 };

/**
 * Limits the servers get explicitly. None is raised for the load: the sockets send one message
 * each (auth) and everything else goes over HTTP, so the defaults hold; they are set here so the
 * report says what ran. Sessions are written to the database with tokens valid 2 h, so no login
 * (and no login throttle) is involved.
 */
export const MESSAGING_SERVER_LIMITS = {
  REALTIME_MESSAGES_PER_SECOND: '20',
  REALTIME_MAX_BUFFERED_BYTES: String(1024 * 1024),
  REALTIME_AUTH_TIMEOUT_MS: '10000',
  REALTIME_HEARTBEAT_MS: '20000',
  ACCESS_TOKEN_TTL_SECONDS: '7200',
};

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** How long the servers sit still before their resident memory is read. */
const SETTLE_MS = 3000;

/** VmRSS and VmHWM in kB (KiB) from /proc/<pid>/status; null elsewhere. */
function residentKiB(pid) {
  try {
    const s = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (f) => Number(s.match(new RegExp(`^${f}:\\s+(\\d+) kB`, 'm'))?.[1] ?? NaN);
    return { rss: field('VmRSS'), hwm: field('VmHWM') };
  } catch {
    return null;
  }
}
/** VmRSS (KiB) of each pid: the median of a sample every 250 ms for 2 s (a garbage collection in between moves one sample, not the figure). */
async function residentMedian(pids) {
  const samples = pids.map(() => []);
  for (let n = 0; n < 8; n++) {
    if (n > 0) await sleep(250);
    pids.forEach((pid, i) => {
      const r = residentKiB(pid)?.rss;
      if (r != null && !Number.isNaN(r)) samples[i].push(r);
    });
  }
  return samples.map((list) =>
    list.length
      ? {
          rss: percentile(
            list.sort((a, b) => a - b),
            50,
          ),
        }
      : null,
  );
}
const mb = (kib) => (kib == null || Number.isNaN(kib) ? null : Number(((kib * 1024) / 1e6).toFixed(1)));

/**
 * Redis for the two instances. The server's pub/sub channels are `spotlist:*` with no prefix option
 * (apps/server/src/platform/events/pubsub.ts: redisPubSub(url) with its default prefix), so any
 * other Spotlist on the same Redis would hear these events and answer their confirmations: a
 * private redis-server on a free port when the binary is there, else BENCH_REDIS_URL / 6379.
 */
async function startRedis(track, log) {
  const own = await startPrivateRedis(track, reachableRedis);
  if (own) return { ...own, private: true };
  const url = await reachableRedis();
  if (!url) throw new Error('no redis-server binary and no Redis at BENCH_REDIS_URL / 127.0.0.1:6379');
  log(`  no redis-server binary: using ${url}, shared — other Spotlist instances on it would hear these events`);
  return { url, pid: null, private: false, note: `${url}, shared (no redis-server binary for a private one)` };
}

/** A keep-alive POST of JSON; resolves { status, body? } (status 0: no answer). Never rejects. */
function post(target, pathname, token, payload) {
  return new Promise((resolve) => {
    const body = JSON.stringify(payload);
    const req = http.request(
      {
        host: target.host,
        port: target.port,
        path: pathname,
        method: 'POST',
        agent: target.agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          accept: 'application/json',
          'x-auth-token': token,
        },
      },
      (res) => {
        const ok = res.statusCode >= 200 && res.statusCode < 300;
        let text = '';
        if (ok) res.resume();
        else res.setEncoding('utf8').on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode, body: ok ? undefined : text.slice(0, 300) }));
        res.on('error', () => resolve({ status: 0, body: 'response error' }));
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.on('error', (err) => resolve({ status: 0, body: err.message }));
    req.end(body);
  });
}

/**
 * Opens one socket per user on its instance and authenticates it. Resolves the client side:
 * { sockets, authMs (open → ready), events by name, resyncs, closes by code, close() }.
 */
async function connectSockets({ users, instanceOf, wsUrls, ledger, log }) {
  const events = {};
  const closes = {};
  let resyncs = 0;
  let closing = false;
  const sockets = new Array(users.length);
  const authMs = [];
  const started = performance.now();
  await mapLimit(users, 50, (u) => {
    const instance = instanceOf(u.index);
    return new Promise((resolve, reject) => {
      const t0 = performance.now();
      const ws = new WebSocket(wsUrls[instance]);
      let ready = false;
      const timer = setTimeout(() => reject(new Error(`socket of user ${u.index} not ready after 20 s`)), 20_000);
      ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token: u.token }));
      ws.onmessage = (ev) => {
        const at = performance.now();
        const msg = JSON.parse(ev.data);
        if (msg.type === 'event') {
          events[msg.name] = (events[msg.name] ?? 0) + 1;
          if (msg.name === 'message.posted') ledger.heard(u.index, msg.payload.message.clientId, at);
        } else if (msg.type === 'ready') {
          if (ready) resyncs++;
          else {
            ready = true;
            authMs.push(at - t0);
            clearTimeout(timer);
            resolve();
          }
        }
      };
      ws.onclose = (ev) => {
        if (!closing) closes[ev.code] = (closes[ev.code] ?? 0) + 1;
        if (!ready) {
          clearTimeout(timer);
          reject(new Error(`socket of user ${u.index} closed ${ev.code} before ready`));
        }
      };
      ws.onerror = () => {};
      sockets[u.index] = { ws, instance };
    });
  });
  const connectMs = Math.round(performance.now() - started);
  log(`  ${users.length} sockets ready in ${connectMs} ms`);
  return {
    sockets,
    connectMs,
    authMs,
    events,
    closes,
    get resyncs() {
      return resyncs;
    },
    open: () => sockets.filter((s) => s.ws.readyState === WebSocket.OPEN).length,
    async close() {
      closing = true;
      for (const s of sockets) s?.ws.close(1000);
      await sleep(200);
    },
  };
}

/** CPU seconds of the servers, PostgreSQL's backends on the database, Redis and this process, now. */
async function cpuSnapshot({ serverPids, database, redisPid }) {
  const servers = serverPids.map((pid) => cpuTimes(pid)).map((t) => (t ? t.user + t.system : null));
  const db = database ? cpuByPid(await database.pids(), 'postgres') : null;
  const redis = redisPid ? cpuTimes(redisPid) : null;
  const self = process.cpuUsage();
  return { servers, db, redis: redis && redis.user + redis.system, self: (self.user + self.system) / 1e6 };
}

function cpuDelta(a, b, messages) {
  const per = (s) => (s == null || !messages ? null : Math.round((s / messages) * 1e6));
  let dbSeconds = null;
  if (a.db && b.db) {
    dbSeconds = 0;
    for (const [pid, s] of b.db) dbSeconds += s - (a.db.get(pid) ?? 0);
  }
  const servers =
    a.servers.every((x) => x != null) && b.servers.every((x) => x != null) ? b.servers.reduce((n, s, i) => n + s - a.servers[i], 0) : null;
  return {
    serversUsPerMessage: per(servers),
    postgresUsPerMessage: per(dbSeconds),
    redisUsPerMessage: per(a.redis != null && b.redis != null ? b.redis - a.redis : null),
    benchUsPerMessage: per(b.self - a.self),
  };
}

/**
 * One window: an open loop at `rate` messages per second (k-th message due at k / rate s), or a
 * closed loop of `senders` (each sends its next message when its last is answered), for
 * `windowSec`; then up to `drainMs` for the answers and events under way. Returns the window's figures.
 */
async function runWindow({ rate, senders, windowSec, ctx }) {
  const { ledger, send, options } = ctx;
  const keys = [];
  const loop = monitorEventLoopDelay({ resolution: 5 });
  const cpuBefore = await cpuSnapshot(ctx.cpu);
  loop.enable();
  const started = performance.now();
  const end = started + windowSec * 1000;
  const inFlight = new Set();
  let behindMax = 0;
  const fire = () => {
    const { key, done } = send();
    keys.push(key);
    inFlight.add(done);
    done.then(() => inFlight.delete(done));
    return done;
  };
  if (rate) {
    await new Promise((resolve) => {
      const timer = setInterval(() => {
        const now = performance.now();
        if (now >= end) {
          clearInterval(timer);
          return resolve();
        }
        const due = Math.floor(((now - started) / 1000) * rate) + 1;
        while (keys.length < due && inFlight.size < options.maxInFlight) fire();
        behindMax = Math.max(behindMax, due - keys.length);
      }, 1);
    });
  } else {
    await Promise.all(
      Array.from({ length: senders }, async () => {
        while (performance.now() < end) await fire();
      }),
    );
  }
  const windowMs = performance.now() - started;
  await Promise.all(inFlight);
  const drainStart = performance.now();
  while (!ledger.complete(keys) && performance.now() - drainStart < options.drainMs) await sleep(20);
  // late duplicates: a moment more for anything still on its way
  await sleep(300);
  loop.disable();
  const s = ledger.summary(keys, { since: started });
  const cpu = cpuDelta(cpuBefore, await cpuSnapshot(ctx.cpu), s.answeredOk);
  return {
    kind: rate ? 'open' : 'closed',
    offeredPerSec: rate ?? null,
    senders: rate ? null : senders,
    windowSec: Number((windowMs / 1000).toFixed(2)),
    ...s,
    okPerSec: Number((s.answeredOk / (windowMs / 1000)).toFixed(1)),
    deliveredPerSec: Number((s.delivered / (windowMs / 1000)).toFixed(1)),
    // an open loop that had due messages waiting for a free request slot fell behind its rate
    behindMax: rate ? behindMax : null,
    drainMs: Math.round(performance.now() - drainStart),
    benchLoopDelayP99Ms: Number((loop.percentile(99) / 1e6).toFixed(1)),
    ...cpu,
  };
}

/**
 * The whole benchmark. `options` override MESSAGING_DEFAULTS; `track(fn)` registers a cleanup (run
 * on failure and Ctrl-C by the caller, in reverse order); `log` writes progress. Returns the
 * figures for latest.json's `messaging` (see bench/README.md "The messaging benchmark").
 */
export async function runMessaging({ options: overrides = {}, track, log = () => {} }) {
  const options = { ...MESSAGING_DEFAULTS, ...overrides };
  const loadBefore = Number(os.loadavg()[0].toFixed(2));
  if (!options.rates.includes(options.latencyRate)) throw new Error(`--latency-rate ${options.latencyRate} is not one of the rates`);
  const started = performance.now();
  const local = [];
  const own = (fn) => {
    local.push(fn);
    track(fn);
  };

  const redis = await startRedis(own, log);
  const db = await createDatabase({ prefix: 'spotlist_bench_msg_' });
  own(() => db.drop());
  log(`Messaging: database ${db.name} (PostgreSQL ${db.version}), Redis ${redis.note}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotlist-bench-messaging-'));
  own(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const secret = crypto.randomBytes(32).toString('base64url');
  const env = cleanEnv({
    PORT: '0',
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: crypto.randomBytes(12).toString('base64url'),
    SECRET: secret,
    DATA_DIR: dataDir,
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    ...MESSAGING_SERVER_LIMITS,
  });
  // one after the other: the first migrates the fresh database
  const instances = [];
  for (let i = 0; i < 2; i++) {
    const s = spawnUntilReady(SERVER_MAIN, { env, ready: SPOTLIST_READY });
    own(() => stop(s.child));
    const { child, match } = await s.promise;
    const logLines = { warn: 0, error: 0, last: [] };
    let buffered = '';
    child.stdout.on('data', (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop();
      for (const line of lines) {
        const level = Number(line.match(/"level":(\d+)/)?.[1]);
        if (level >= 50) logLines.error++;
        else if (level >= 40) logLines.warn++;
        else continue;
        logLines.last.push(line.slice(0, 400));
        if (logLines.last.length > 5) logLines.last.shift();
      }
    });
    const url = new URL(`${match[1]}:${match[2]}`);
    instances.push({
      child,
      pid: child.pid,
      url: url.origin,
      wsUrl: `ws://${url.host}/api/ws`,
      readyMs: Number(match[3]),
      target: { host: url.hostname, port: Number(url.port), agent: new http.Agent({ keepAlive: true, maxSockets: 512 }) },
      logLines,
    });
    log(`  instance ${i}: ${url.origin} (pid ${child.pid}, ready in ${match[3]} ms)`);
  }
  own(() => instances.forEach((i) => i.target.agent.destroy()));

  log(`  seeding ${options.users} users in ${options.users / 2} conversations and a user with ${options.hubConversations} …`);
  const data = await seedMessaging({
    databaseUrl: db.url,
    apis: instances.map((i) => apiClient(i.url)),
    options,
    accessTtlSeconds: Number(MESSAGING_SERVER_LIMITS.ACCESS_TOKEN_TTL_SECONDS),
    log,
  });
  const database = db.local ? { pids: db.backendPids, comm: 'postgres' } : undefined;

  // memory before the sockets: both instances idle
  await sleep(SETTLE_MS);
  const before = await residentMedian(instances.map((i) => i.pid));
  const ledger = createLedger();
  const instanceOf = (index) => index % 2; // pairLayout: 2k on instance 0, 2k+1 on instance 1
  const clients = await connectSockets({ users: data.users, instanceOf, wsUrls: instances.map((i) => i.wsUrl), ledger, log });
  // idle with the sockets: resident memory, and the CPU the servers spend without a message (heartbeats, job polling)
  const cpuCtx = { serverPids: instances.map((i) => i.pid), database, redisPid: redis.pid };
  const idleFrom = await cpuSnapshot(cpuCtx);
  const idleStart = performance.now();
  await sleep(SETTLE_MS);
  const after = await residentMedian(instances.map((i) => i.pid));
  const idleTo = await cpuSnapshot(cpuCtx);
  const idleServersCpuShare = idleTo.servers.every((x) => x != null)
    ? Number((idleTo.servers.reduce((n, v, i) => n + v - idleFrom.servers[i], 0) / ((performance.now() - idleStart) / 1000)).toFixed(3))
    : null;
  const perInstance = [0, 1].map((k) => data.users.filter((u) => instanceOf(u.index) === k).length);
  const memory = instances.map((inst, k) => ({
    instance: k,
    sockets: perInstance[k],
    beforeMB: mb(before[k]?.rss),
    afterMB: mb(after[k]?.rss),
    perConnectionKB: perConnectionKB(before[k]?.rss, after[k]?.rss, perInstance[k]),
  }));
  log(
    `  memory: ${memory.map((m) => `instance ${m.instance} ${m.beforeMB} → ${m.afterMB} MB (${m.perConnectionKB} KB per connection)`).join(', ')}`,
  );

  // the overview of the user with 500 conversations, sockets connected and idle
  const overviewPath = '/api/messageoverview/list?p.i=0&p.s=30';
  const overviewRequests = [{ method: 'GET', path: overviewPath, headers: { 'x-auth-token': data.hub.token } }];
  const overview = { path: overviewPath, conversations: data.hubConversations, runs: [] };
  for (const connections of [1, 10]) {
    log(`  overview: ${connections} connection(s), 2 s warm-up + ${options.overviewSec} s …`);
    const r = await measure({
      baseUrl: instances[0].url,
      requests: overviewRequests,
      connections,
      durationSec: options.overviewSec,
      warmupSec: 2,
      pid: instances[0].pid,
      database,
    });
    overview.runs.push(r);
    log(`    ${r.reqPerSec} req/s, p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms, p99 ${r.p99Ms} ms, non-2xx ${r.non2xx}, errors ${r.errors}`);
  }

  // the messages
  const runId = crypto.randomBytes(3).toString('hex');
  let k = 0;
  const sendFailures = [];
  const send = () => {
    const n = k++;
    const { pair, writer } = messageSlot(n, data.layout.length);
    const p = data.layout[pair];
    const author = data.users[p.members[writer]];
    const via = instanceOf(author.index);
    const key = `b${runId}-${n}`;
    ledger.sent(key, { at: performance.now(), via, sockets: p.members.map((i) => [i, instanceOf(i)]) });
    const t0 = performance.now();
    const done = post(instances[via].target, `/api/conversation/${p.conversationId}/messages`, author.token, {
      text: `Bench message ${n} in pair ${pair}`,
      clientId: key,
    }).then((r) => {
      ledger.answered(key, r.status, performance.now() - t0);
      if (r.status < 200 || r.status >= 300) if (sendFailures.length < 5) sendFailures.push(`${r.status} ${r.body ?? ''}`.trim());
    });
    return { key, done };
  };
  const ctx = { ledger, send, options, cpu: cpuCtx };
  // discarded: JIT, pools and caches of the send path (its messages are counted all the same)
  log(`  warm-up: ${options.rates[0]} messages/s for ${options.warmupSec} s …`);
  const warmup = await runWindow({ rate: options.rates[0], windowSec: options.warmupSec, ctx });
  logWindow(warmup, log);
  const windows = [];
  for (const rate of options.rates) {
    log(`  open loop: ${rate} messages/s for ${options.windowSec} s …`);
    windows.push(await runWindow({ rate, windowSec: options.windowSec, ctx }));
    logWindow(windows.at(-1), log);
  }
  if (options.senders > 0) {
    log(`  closed loop: ${options.senders} senders for ${options.windowSec} s …`);
    windows.push(await runWindow({ senders: options.senders, windowSec: options.windowSec, ctx }));
    logWindow(windows.at(-1), log);
  }
  const stillOpen = clients.open();
  const afterLoad = instances.map((i) => residentKiB(i.pid));
  memory.forEach((m, i) => {
    m.afterLoadMB = mb(afterLoad[i]?.rss);
    m.peakMB = mb(afterLoad[i]?.hwm);
  });
  await clients.close();

  const totals = { sent: 0, delivered: 0, lost: 0, duplicated: 0, stray: 0, failed: 0, unanswered: 0 };
  for (const w of [warmup, ...windows]) for (const key of Object.keys(totals)) totals[key] += w[key];
  totals.strayUnknown = ledger.strayUnknown;
  const latencyWindow = windows.find((w) => w.kind === 'open' && w.offeredPerSec === options.latencyRate);
  const closed = windows.find((w) => w.kind === 'closed');

  for (const fn of local.reverse())
    await Promise.resolve()
      .then(fn)
      .catch((err) => log(`cleanup: ${err.message}`));
  return {
    instances: instances.length,
    database: `PostgreSQL ${db.version} (${db.name}, dropped after)`,
    redis: redis.note,
    serverLimits: MESSAGING_SERVER_LIMITS,
    options,
    dataset: { summary: data.summary, ms: data.ms, steps: data.steps },
    sockets: {
      connected: data.users.length,
      perInstance,
      connectMs: clients.connectMs,
      auth: latencySummary(clients.authMs),
      openAtEnd: stillOpen,
      // both servers' CPU seconds per second while the sockets sat idle (heartbeats, job polling …)
      idleServersCpuShare,
      closedDuringRun: clients.closes,
      resyncs: clients.resyncs,
      events: clients.events,
    },
    memory,
    // both instances together: the growth of the two processes ÷ all sockets (less GC noise than one instance's)
    perConnectionKB: perConnectionKB(
      before.reduce((n, b) => n + (b?.rss ?? NaN), 0),
      after.reduce((n, a) => n + (a?.rss ?? NaN), 0),
      data.users.length,
    ),
    overview,
    warmup,
    windows,
    latency: latencyWindow ? { offeredPerSec: latencyWindow.offeredPerSec, ...latencyWindow.crossInstance } : null,
    sustained: sustainedStep(windows.filter((w) => w.kind === 'open')),
    closedLoop: closed ? { senders: closed.senders, okPerSec: closed.okPerSec, lost: closed.lost, duplicated: closed.duplicated } : null,
    totals,
    loadAverage: { before: loadBefore, after: Number(os.loadavg()[0].toFixed(2)) },
    sendFailures,
    serverLog: instances.map((i) => i.logLines),
    ms: Math.round(performance.now() - started),
  };
}

function logWindow(w, log) {
  log(
    `    ${w.okPerSec} sent/s answered 2xx (${w.sent} sent, ${w.failed} failed), ${w.delivered}/${w.expected} deliveries, ` +
      `lost ${w.lost}, duplicated ${w.duplicated}, stray ${w.stray}; other instance p50 ${w.crossInstance.p50Ms} / p95 ${w.crossInstance.p95Ms} / p99 ${w.crossInstance.p99Ms} ms, ` +
      `HTTP p99 ${w.httpAnswer.p99Ms} ms; servers ${w.serversUsPerMessage} µs + PostgreSQL ${w.postgresUsPerMessage} µs CPU per message; bench loop delay p99 ${w.benchLoopDelayP99Ms} ms`,
  );
}

/** Options from the command line (run.mjs passes its own). */
export function messagingOptions(args) {
  const num = (v) => (v === undefined ? undefined : Number(v));
  const o = {
    ...(args.quick ? MESSAGING_QUICK : {}),
    users: num(args.users),
    windowSec: num(args.window),
    rates: args.rates?.split(',').map(Number),
    latencyRate: num(args['latency-rate']),
    senders: num(args.senders),
    overviewSec: num(args['overview-sec']),
  };
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      users: { type: 'string' },
      window: { type: 'string' },
      rates: { type: 'string' },
      'latency-rate': { type: 'string' },
      senders: { type: 'string' },
      'overview-sec': { type: 'string' },
      out: { type: 'string' },
    },
  });
  const { describeMachine, evaluateTargets, messagingSection, targetsTable } = await import('./lib/report.mjs');
  const log = (line) => process.stderr.write(`${line}\n`);
  const { cleanups, cleanup } = cleanupStack(log);
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'])
    process.on(sig, () => {
      log(`\n${sig}: stopping servers and Redis, dropping the database …`);
      cleanup().finally(() => process.exit(130));
    });
  try {
    if (!fs.existsSync(SERVER_MAIN)) {
      log('Building @spotlist/server …');
      const r = spawnSync('npm', ['run', 'build', '-w', '@spotlist/server'], { cwd: ROOT, stdio: ['ignore', 2, 2] });
      if (r.status !== 0) throw new Error(`npm run build -w @spotlist/server failed (${r.status})`);
    }
    const loadAtStart = os.loadavg()[0];
    const date = new Date();
    const messaging = await runMessaging({ options: messagingOptions(args), track: (fn) => cleanups.push(fn), log });
    const report = {
      schemaVersion: 1,
      date: date.toISOString(),
      command: `node bench/messaging.mjs${process.argv.length > 2 ? ` ${process.argv.slice(2).join(' ')}` : ''}`,
      machine: describeMachine({ loadAverageBefore: Number(loadAtStart.toFixed(2)) }),
      messaging,
    };
    report.targets = evaluateTargets(report, []).filter((t) => t.id.startsWith('messaging-'));
    const md = [
      `# Spotlist messaging benchmark`,
      '',
      `${report.date} · ${report.machine.cpu}, ${report.machine.cores} cores · Node ${report.machine.node} · load average before ${report.machine.loadAverageBefore}`,
      '',
      `Command: \`${report.command}\``,
      '',
      '## Targets (reported, not asserted)',
      '',
      ...targetsTable(report.targets),
      '',
      ...messagingSection(report),
    ].join('\n');
    const outDir = path.resolve(args.out ?? path.join(ROOT, 'bench/results'));
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(path.join(outDir, 'messaging.json'), `${JSON.stringify(report, null, 2)}\n`);
    fs.writeFileSync(path.join(outDir, 'messaging.md'), `${md}\n`);
    console.log(md);
    log(`Wrote ${path.relative(process.cwd(), path.join(outDir, 'messaging.json'))} and messaging.md`);
  } catch (err) {
    log(`messaging: ${err.stack ?? err.message}`);
    process.exitCode = 1;
  } finally {
    await cleanup();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
