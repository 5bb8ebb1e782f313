#!/usr/bin/env node
// `npm run bench`: load, Lighthouse, bundle-size and cold-start benchmarks of the BUILT app.
// Writes bench/results/latest.json and latest.md and prints the markdown. See bench/README.md.
//
//   --quick               every scenario a few seconds, one Lighthouse run per page
//   --only=a,b            only these load scenarios (the baseline always runs: ratios need it)
//   --skip-lighthouse     no Chromium
//   --skip-cold-start     no PGlite start-up timing
//   --duration=S --warmup=S --lighthouse-runs=N --users=N --places=N
//   --social-users=N --social-places=N   the suggestions scenario's own data set (10,000 and 20,000)
//   --out=DIR             where latest.json / latest.md go (default bench/results)
//   --web-dist=DIR        measure the bundle of another build folder (the harness test's fixture)
//   --rebuild             build server and web app even when their dist exists
//   --skip-messaging      no messaging benchmark (bench/messaging.mjs: two servers, 1,000 sockets, ~4 min)
//   --skip-push           no push benchmark (bench/push.mjs: 9,999 notices to 2,000 devices, ~2 min)
//   --skip-ai             no AI assistant benchmark (bench/ai.mjs: 220 streams and a 12-language translation, ~20 s)
//   --skip-fleet          no fleet-tracking benchmark (bench/fleet.mjs: 200 simulated vehicles, 500 viewers)
//   --fleet-minutes=N     the fleet benchmark's measured window (default 2, --quick 1; the issue's figure is 10)
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { seedDataset, seedEmbeddedDataset } from './dataset.mjs';
import { measureColdStart } from './lib/cold-start.mjs';
import { createDatabase, reachableRedis } from './lib/database.mjs';
import { measure } from './lib/load.mjs';
import { cleanEnv, memoryOf, ROOT, SERVER_MAIN, SPOTLIST_READY, spawnUntilReady, stop } from './lib/processes.mjs';
import { describeMachine, evaluateTargets, markdown } from './lib/report.mjs';
import { analyzeWebDist } from './lib/sizes.mjs';
import { MESSAGING_QUICK, runMessaging } from './messaging.mjs';
import { runPush } from './push.mjs';
import { runAi } from './ai.mjs';
import { fleetSection, runFleet } from './fleet.mjs';
import { lighthousePages, scenarios as registry } from './scenarios.mjs';
import { seedSocialDataset } from './social-dataset.mjs';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    'skip-lighthouse': { type: 'boolean', default: false },
    'skip-cold-start': { type: 'boolean', default: false },
    duration: { type: 'string' },
    warmup: { type: 'string' },
    'lighthouse-runs': { type: 'string' },
    users: { type: 'string' },
    places: { type: 'string' },
    'social-users': { type: 'string' },
    'social-places': { type: 'string' },
    out: { type: 'string' },
    'web-dist': { type: 'string' },
    rebuild: { type: 'boolean', default: false },
    'no-cache': { type: 'boolean', default: false },
    'skip-messaging': { type: 'boolean', default: false },
    'skip-push': { type: 'boolean', default: false },
    'skip-ai': { type: 'boolean', default: false },
    'skip-fleet': { type: 'boolean', default: false },
    'fleet-minutes': { type: 'string' },
  },
});

const num = (v, fallback) => (v === undefined ? fallback : Number(v));
const config = {
  durationSec: num(args.duration, args.quick ? 3 : 15),
  warmupSec: num(args.warmup, args.quick ? 1 : 3),
  lighthouseRuns: num(args['lighthouse-runs'], args.quick ? 1 : 3),
};
const sizes = {
  ...(args.users ? { users: Number(args.users) } : {}),
  ...(args.places ? { places: Number(args.places) } : {}),
};
const socialSizes = {
  ...(args['social-users'] ? { users: Number(args['social-users']) } : {}),
  ...(args['social-places'] ? { places: Number(args['social-places']) } : {}),
};
const outDir = path.resolve(args.out ?? path.join(ROOT, 'bench/results'));
const webDist = path.resolve(args['web-dist'] ?? path.join(ROOT, 'apps/web/dist'));
const log = (line) => process.stderr.write(`${line}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** How long a server sits without requests before its idle memory is read. */
const IDLE_SETTLE_MS = 3000;

let selected = registry;
// the fleet benchmark is no entry of the registry: --only names it like a scenario
let fleetSelected = true;
if (args.only) {
  const names = args.only
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  fleetSelected = names.includes('fleet');
  const unknown = names.filter((n) => n !== 'fleet' && !registry.some((s) => s.name === n));
  if (unknown.length) {
    console.error(`Unknown scenario(s): ${unknown.join(', ')}. Known: ${[...registry.map((s) => s.name), 'fleet'].join(', ')}`);
    process.exit(2);
  }
  selected = registry.filter((s) => s.name === 'baseline' || names.includes(s.name));
}

// Everything started is undone in reverse order: on success, on failure and on Ctrl-C.
const cleanups = [];
let cleaning;
function cleanup() {
  cleaning ??= (async () => {
    while (cleanups.length) {
      const fn = cleanups.pop();
      await Promise.resolve()
        .then(fn)
        .catch((err) => log(`cleanup: ${err.message}`));
    }
  })();
  return cleaning;
}
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    log(`\n${sig}: stopping servers and dropping the benchmark database …`);
    cleanup().finally(() => process.exit(130));
  });
}

function ensureBuilt() {
  const needWeb = !args['web-dist'];
  // the visitor pages (/w/…, /g/…) Lighthouse opens are the embed build the server serves
  const needs = [
    [SERVER_MAIN, '@spotlist/server'],
    [path.join(ROOT, 'apps/embed/dist/frame.html'), '@spotlist/embed'],
  ];
  if (needWeb) needs.unshift([path.join(ROOT, 'apps/web/dist/index.html'), '@spotlist/web']);
  for (const [file, workspace] of needs) {
    if (fs.existsSync(file) && !args.rebuild) continue;
    log(`Building ${workspace} …`);
    const r = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: ROOT, stdio: ['ignore', 2, 2] });
    if (r.status !== 0) throw new Error(`npm run build -w ${workspace} failed (${r.status})`);
  }
}

/** Copies a build folder to a temporary one; copies again while the copy misses a file its index.html names. */
async function snapshotWebDist(source) {
  if (!fs.existsSync(path.join(source, 'index.html'))) return undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotlist-bench-web-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  for (let attempt = 1; ; attempt++) {
    let missing;
    try {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.cpSync(source, dir, { recursive: true });
      ({ missing } = analyzeWebDist(dir));
    } catch (err) {
      missing = [err.message]; // a file vanished while copying
    }
    if (!missing.length) return dir;
    if (attempt === 10) throw new Error(`${source}/index.html names missing files: ${missing.join(', ')}`);
    log(`  ${source} is being rebuilt (missing ${missing[0]}); copying again …`);
    await new Promise((r) => setTimeout(r, 3000));
  }
}

/** Runs `list` one after the other, each against `servers[s.server]` ({ url, pid, database? }) with `data`; appends to `results`. */
async function runScenarios(list, { servers, data, results }) {
  for (const s of list) {
    log(`Load: ${s.name} (${s.connections} connections, ${config.warmupSec} s warm-up + ${config.durationSec} s) …`);
    try {
      const figures = await measure({
        baseUrl: servers[s.server].url,
        requests: s.requests({ data }),
        connections: s.connections,
        durationSec: config.durationSec,
        warmupSec: config.warmupSec,
        pid: servers[s.server].pid,
        database: servers[s.server].database,
      });
      results.push({ name: s.name, title: s.title, server: s.server, ...figures });
      log(
        `  ${figures.reqPerSec} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, errors ${figures.errors}, non-2xx ${figures.non2xx}, ` +
          `CPU per request ${figures.serverCpuUsPerRequest} µs${figures.dbCpuUsPerRequest == null ? '' : ` + PostgreSQL ${figures.dbCpuUsPerRequest} µs`}, ${figures.bytesPerResponse} bytes per answer`,
      );
    } catch (err) {
      results.push({ name: s.name, title: s.title, server: s.server, connections: s.connections, error: err.message });
      log(`  failed: ${err.message}`);
    }
  }
}

const serverSecret = crypto.randomBytes(32).toString('base64url');
/** The environment of a Spotlist server under test: nothing from the shell, quiet, no demo data. */
function serverEnv(extra) {
  return cleanEnv({
    PORT: '0',
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: crypto.randomBytes(12).toString('base64url'),
    // the same across the embedded server's restarts: its seeded sessions stay valid
    SECRET: serverSecret,
    // The seeded tokens must outlive a full run (15 minutes by default).
    ACCESS_TOKEN_TTL_SECONDS: '7200',
    // --no-cache: every answer read from the database (what a cache miss costs)
    ...(args['no-cache'] ? { CACHE_MAX_AGE_MS: '0' } : {}),
    ...extra,
  });
}

/**
 * The embedded scenarios: the built server on PGlite in a temporary DATA_DIR (no DATABASE_URL, no
 * Redis: as `npm start` runs for someone trying Spotlist), with the list detail's data set, its
 * memory idle after start and after the load. Runs with the machine to itself (the PostgreSQL
 * servers are stopped before). Returns { dataset, readyMs, memory } and appends to `results`.
 */
async function runEmbedded(list, results) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotlist-bench-embedded-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  let current;
  const server = {
    async start() {
      const s = spawnUntilReady(SERVER_MAIN, { env: serverEnv({ DATA_DIR: dataDir }), ready: SPOTLIST_READY });
      cleanups.push(() => stop(s.child));
      const { child, match } = await s.promise;
      current = { child, url: `${match[1]}:${match[2]}`, readyMs: Number(match[3]) };
      return { baseUrl: current.url };
    },
    stop: () => stop(current.child),
  };
  log('Embedded server (PGlite): seeding the list detail data set …');
  const dataset = await seedEmbeddedDataset({ server, pgdata: path.join(dataDir, 'pgdata'), sizes });
  log(
    `  ${Object.entries(dataset.summary)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ')} in ${dataset.ms} ms; server ready in ${current.readyMs} ms`,
  );
  // idle after start: the first answer, then a few seconds without requests
  const info = await fetch(`${current.url}/api/api/info`);
  if (!info.ok) throw new Error(`the embedded server answered GET /api/api/info with ${info.status}`);
  await sleep(IDLE_SETTLE_MS);
  const afterStart = memoryOf(current.child.pid);
  log(`  memory idle after start: ${afterStart?.rssMB} MB`);
  await runScenarios(list, { servers: { embedded: { url: current.url, pid: current.child.pid } }, data: dataset.data, results });
  await sleep(IDLE_SETTLE_MS);
  const afterLoad = memoryOf(current.child.pid);
  log(`  memory idle after the load: ${afterLoad?.rssMB} MB (peak ${afterLoad?.peakRssMB} MB)`);
  await server.stop();
  return {
    database: 'PGlite (embedded, temporary DATA_DIR)',
    readyMs: current.readyMs,
    dataset: { sizes: dataset.options, summary: dataset.summary, ms: dataset.ms },
    memory: { settleMs: IDLE_SETTLE_MS, afterStart, afterLoad },
  };
}

/**
 * The scenarios on server `social` (suggestions): the built server on a PostgreSQL database of its
 * own with the social data set (bench/social-dataset.mjs: 10,000 users, 100 likes each of 20,000
 * places, friends), Redis as the app server has it. Runs after the app server and its database are
 * gone, with the machine to itself. Returns { database, dataset, memory } and appends to `results`.
 */
async function runSocial(list, results, redisUrl) {
  const db = await createDatabase();
  cleanups.push(() => db.drop());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotlist-bench-social-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const s = spawnUntilReady(SERVER_MAIN, {
    env: serverEnv({ DATA_DIR: dataDir, DATABASE_URL: db.url, ...(redisUrl && { REDIS_URL: redisUrl }) }),
    ready: SPOTLIST_READY,
  });
  cleanups.push(() => stop(s.child));
  const { child, match } = await s.promise;
  const url = `${match[1]}:${match[2]}`;
  log(`Social server ${url} on ${db.name} (ready in ${match[3]} ms): seeding the suggestions data set …`);
  const dataset = await seedSocialDataset({ baseUrl: url, databaseUrl: db.url, sizes: socialSizes, log });
  log(
    `  ${Object.entries(dataset.summary)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ')} in ${dataset.ms} ms`,
  );
  const database = db.local ? { pids: db.backendPids, comm: 'postgres' } : undefined;
  await runScenarios(list, { servers: { social: { url, pid: child.pid, database } }, data: dataset.data, results });
  const afterLoad = memoryOf(child.pid);
  await stop(child);
  await db.drop();
  return {
    database: `PostgreSQL ${db.version} (a database of its own)`,
    dataset: { sizes: dataset.options, summary: dataset.summary, ms: dataset.ms, steps: dataset.steps },
    memory: { afterLoad },
  };
}

async function main() {
  const date = new Date();
  // Figures from a machine that is busy with other work are low; the report says how busy it was.
  const loadAtStart = os.loadavg();
  if (loadAtStart[0] > os.availableParallelism() / 2) {
    log(
      `Note: load average ${loadAtStart[0].toFixed(2)} on ${os.availableParallelism()} cores: other processes are using the CPU, so figures may be low.`,
    );
  }
  ensureBuilt();

  // The web build is copied first: the server serves the copy (WEB_DIST) and the sizes are its
  // sizes, so a rebuild of apps/web/dist during the run cannot mix two builds.
  log('Bundle sizes …');
  let bundle;
  let webSnapshot;
  try {
    webSnapshot = await snapshotWebDist(webDist);
    if (!webSnapshot) throw new Error(`${webDist}/index.html not found: build the web app first (npm run build -w @spotlist/web)`);
    const a = analyzeWebDist(webSnapshot);
    bundle = { dist: path.relative(ROOT, webDist) || '.', html: a.html, initial: a.initial, css: a.css, lazy: a.lazy, pages: a.pages };
    // after the sizes: the static reference page is not part of the app
    (await import('./lib/lighthouse.mjs')).writeStaticReference(webSnapshot);
  } catch (err) {
    bundle = { error: err.message };
  }

  const db = await createDatabase();
  cleanups.push(() => db.drop());
  log(`Database ${db.name} (PostgreSQL ${db.version})`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotlist-bench-data-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  // as deployed (README: PostgreSQL and Redis): Redis carries the cache invalidation between
  // instances, and without it the server caches no sessions or answers on PostgreSQL
  const redisUrl = await reachableRedis();
  log(redisUrl ? `Redis at ${redisUrl}` : 'No Redis reachable: the server runs without it (no session or answer caches)');

  const baseline = spawnUntilReady(path.join(ROOT, 'bench/baseline-server.mjs'), {
    env: cleanEnv({ PORT: '0' }),
    ready: /baseline ready on (http:\/\/127\.0\.0\.1:\d+)/,
  });
  cleanups.push(() => stop(baseline.child));
  const app = spawnUntilReady(SERVER_MAIN, {
    env: serverEnv({
      DATA_DIR: dataDir,
      DATABASE_URL: db.url,
      ...(redisUrl && { REDIS_URL: redisUrl }),
      ...(webSnapshot && { WEB_DIST: webSnapshot }),
    }),
    ready: SPOTLIST_READY,
  });
  cleanups.push(() => stop(app.child));
  const [b, a] = await Promise.all([baseline.promise, app.promise]);
  const urls = { baseline: b.match[1], app: `${a.match[1]}:${a.match[2]}` };
  const pids = { baseline: b.child.pid, app: a.child.pid };
  log(`Server ${urls.app} (ready in ${a.match[3]} ms), baseline ${urls.baseline}`);

  log('Seeding the data set …');
  const dataset = await seedDataset({ baseUrl: urls.app, databaseUrl: db.url, sizes });
  log(
    `  ${Object.entries(dataset.summary)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ')} in ${dataset.ms} ms`,
  );
  // the overlay host page names the seeded site (the server reads the file when asked)
  if (webSnapshot) (await import('./lib/lighthouse.mjs')).writeOverlayHostPages(webSnapshot, dataset.data.overlays.sitePublicId);

  const results = [];
  const servers = {
    baseline: { url: urls.baseline, pid: pids.baseline },
    app: { url: urls.app, pid: pids.app, database: db.local ? { pids: db.backendPids, comm: 'postgres' } : undefined },
  };
  await runScenarios(
    selected.filter((s) => !['embedded', 'social', 'messaging', 'push', 'ai'].includes(s.server)),
    { servers, data: dataset.data, results },
  );

  let lighthouse;
  if (args['skip-lighthouse']) lighthouse = { skipped: true, reason: '--skip-lighthouse' };
  else {
    log(`Lighthouse (${config.lighthouseRuns} run(s) per page) …`);
    const { lighthouseOfPages } = await import('./lib/lighthouse.mjs');
    lighthouse = await lighthouseOfPages({
      baseUrl: urls.app,
      runs: config.lighthouseRuns,
      data: dataset.data,
      log,
      track: (fn) => cleanups.push(fn),
    });
  }

  const postgresMemory = { afterRun: memoryOf(pids.app) };

  // Servers and database go before the embedded server and the cold start, so they have the machine to themselves.
  await cleanup();
  cleaning = undefined;

  const socialList = selected.filter((s) => s.server === 'social');
  let social;
  if (!socialList.length) social = { skipped: true, reason: '--only without a social scenario' };
  else {
    try {
      social = await runSocial(socialList, results, redisUrl);
    } catch (err) {
      social = { error: err.message };
      for (const s of socialList.filter((e) => !results.some((r) => r.name === e.name)))
        results.push({ name: s.name, title: s.title, server: s.server, connections: s.connections, error: err.message });
      log(`  social server failed: ${err.message}`);
    }
    await cleanup();
    cleaning = undefined;
  }

  // the messaging benchmark: two servers of its own, Redis of its own, 1,000 sockets (bench/messaging.mjs)
  let messaging;
  if (args['skip-messaging']) messaging = { skipped: true, reason: '--skip-messaging' };
  else if (!selected.some((s) => s.server === 'messaging')) messaging = { skipped: true, reason: '--only without messaging' };
  else {
    try {
      messaging = await runMessaging({ options: args.quick ? MESSAGING_QUICK : {}, track: (fn) => cleanups.push(fn), log });
    } catch (err) {
      messaging = { error: err.message };
      log(`  messaging failed: ${err.message}`);
    }
    await cleanup();
    cleaning = undefined;
  }

  // the push benchmark: a server of its own, a local push service, 9,999 notices (bench/push.mjs)
  let push;
  if (args['skip-push']) push = { skipped: true, reason: '--skip-push' };
  else if (!selected.some((s) => s.server === 'push')) push = { skipped: true, reason: '--only without push' };
  else {
    try {
      push = await runPush({
        options: args.quick ? { users: 400, groups: 21, groupSize: 100 } : {},
        track: (fn) => cleanups.push(fn),
        log,
      });
    } catch (err) {
      push = { error: err.message };
      log(`  push failed: ${err.message}`);
    }
    await cleanup();
    cleaning = undefined;
  }

  // the AI assistant benchmark: a server of its own, the local OpenAI-compatible fake (bench/ai.mjs)
  let ai;
  if (args['skip-ai']) ai = { skipped: true, reason: '--skip-ai' };
  else if (!selected.some((s) => s.server === 'ai')) ai = { skipped: true, reason: '--only without ai' };
  else {
    try {
      ai = await runAi({ options: args.quick ? { rounds: 3 } : {}, track: (fn) => cleanups.push(fn), log });
    } catch (err) {
      ai = { error: err.message };
      log(`  ai failed: ${err.message}`);
    }
    await cleanup();
    cleaning = undefined;
  }

  // the fleet-tracking benchmark: a server and Redis of its own, 200 simulated vehicles, 500 viewers (bench/fleet.mjs)
  let fleet;
  if (args['skip-fleet']) fleet = { skipped: true, reason: '--skip-fleet' };
  else if (!fleetSelected) fleet = { skipped: true, reason: '--only without fleet' };
  else {
    try {
      const minutes = num(args['fleet-minutes'], args.quick ? 1 : 2);
      fleet = await runFleet({ options: { minutes }, track: (fn) => cleanups.push(fn), log });
    } catch (err) {
      fleet = { error: err.message };
      log(`  fleet failed: ${err.message}`);
    }
    await cleanup();
    cleaning = undefined;
  }

  const embeddedList = selected.filter((s) => s.server === 'embedded');
  let embedded;
  if (!embeddedList.length) embedded = { skipped: true, reason: '--only without an embedded scenario' };
  else {
    try {
      embedded = await runEmbedded(embeddedList, results);
    } catch (err) {
      embedded = { error: err.message };
      for (const s of embeddedList.filter((e) => !results.some((r) => r.name === e.name)))
        results.push({ name: s.name, title: s.title, server: s.server, connections: s.connections, error: err.message });
      log(`  embedded server failed: ${err.message}`);
    }
    await cleanup();
    cleaning = undefined;
  }

  // in the registry's order, whichever server ran them
  results.sort((x, y) => registry.findIndex((s) => s.name === x.name) - registry.findIndex((s) => s.name === y.name));
  // Successful answers per second, as a share of the baseline's (same run, same machine).
  const base = results.find((r) => r.name === 'baseline' && !r.error);
  for (const r of results) r.ratioToBaseline = base && !r.error ? Number((r.okPerSec / base.okPerSec).toFixed(4)) : null;
  // The same share by the servers' CPU per request: what req/s would give on an idle machine.
  for (const r of results) {
    r.cpuRatioToBaseline =
      base?.serverCpuUsPerRequest && r.serverCpuUsPerRequest
        ? Number((base.serverCpuUsPerRequest / r.serverCpuUsPerRequest).toFixed(4))
        : null;
  }

  let coldStart;
  if (args['skip-cold-start']) coldStart = { skipped: true, reason: '--skip-cold-start' };
  else {
    log('Cold start (PGlite, empty DATA_DIR, then reopen, then after kill -9; a PostgreSQL restart) …');
    const startDb = await createDatabase().catch(() => null);
    if (startDb) cleanups.push(() => startDb.drop());
    try {
      coldStart = await measureColdStart({ track: (fn) => cleanups.push(fn), postgres: startDb });
    } finally {
      await startDb?.drop().catch(() => undefined);
    }
    log(
      coldStart.error
        ? `  failed: ${coldStart.error}`
        : `  ${coldStart.firstStartMs} ms, reopen ${coldStart.reopenMs} ms, after kill -9 ${coldStart.afterKillMs} ms, PostgreSQL restart ${coldStart.postgresRestartMs ?? '–'} ms`,
    );
  }

  const report = {
    schemaVersion: 1,
    date: date.toISOString(),
    // 'custom' when sizes or durations were changed: such figures do not compare with full runs.
    mode:
      args.duration ||
      args.warmup ||
      args.users ||
      args.places ||
      args['social-users'] ||
      args['social-places'] ||
      args.only ||
      args['lighthouse-runs'] ||
      args['no-cache'] ||
      args['fleet-minutes']
        ? 'custom'
        : args.quick
          ? 'quick'
          : 'full',
    command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
    machine: describeMachine({
      postgres: db.version,
      redis: redisUrl ? 'yes' : 'no',
      // 1-minute load average before the run (during it, the run's own processes count too).
      loadAverageBefore: Number(loadAtStart[0].toFixed(2)),
    }),
    config: { ...config, loadGenerator: 'autocannon (benchmark process)', pipelining: 1 },
    dataset: { sizes: dataset.options, summary: dataset.summary, ms: dataset.ms },
    scenarios: results,
    social,
    messaging,
    push,
    ai,
    fleet,
    embedded,
    // resident memory (MB of 10^6 bytes) of the servers' processes, from /proc/<pid>/status
    memory: {
      embedded: embedded.memory ?? null,
      postgres: postgresMemory.afterRun ? postgresMemory : null,
    },
    lighthouse,
    bundle,
    coldStart,
  };
  report.targets = evaluateTargets(report, selected, lighthousePages);
  // the fleet section after the others (lib/report.mjs does not know it)
  const md = [markdown(report), ...fleetSection(fleet)].join('\n');
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  fs.writeFileSync(path.join(outDir, 'latest.md'), `${md}\n`);
  console.log(md);
  log(`Wrote ${path.relative(process.cwd(), path.join(outDir, 'latest.json'))} and latest.md`);
}

try {
  await main();
} catch (err) {
  log(`bench: ${err.stack ?? err.message}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
