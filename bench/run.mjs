#!/usr/bin/env node
// `npm run bench`: load, Lighthouse, bundle-size and cold-start benchmarks of the BUILT app.
// Writes bench/results/latest.json and latest.md and prints the markdown. See bench/README.md.
//
//   --quick               every scenario a few seconds, one Lighthouse run per page
//   --only=a,b            only these load scenarios (the baseline always runs: ratios need it)
//   --skip-lighthouse     no Chromium
//   --skip-cold-start     no PGlite start-up timing
//   --duration=S --warmup=S --lighthouse-runs=N --users=N --places=N
//   --out=DIR             where latest.json / latest.md go (default bench/results)
//   --web-dist=DIR        measure the bundle of another build folder (the harness test's fixture)
//   --rebuild             build server and web app even when their dist exists
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { seedDataset } from './dataset.mjs';
import { measureColdStart } from './lib/cold-start.mjs';
import { createDatabase, reachableRedis } from './lib/database.mjs';
import { measure } from './lib/load.mjs';
import { cleanEnv, ROOT, SERVER_MAIN, SPOTLIST_READY, spawnUntilReady, stop } from './lib/processes.mjs';
import { describeMachine, evaluateTargets, markdown } from './lib/report.mjs';
import { analyzeWebDist } from './lib/sizes.mjs';
import { lighthousePages, scenarios as registry } from './scenarios.mjs';

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
    out: { type: 'string' },
    'web-dist': { type: 'string' },
    rebuild: { type: 'boolean', default: false },
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
const outDir = path.resolve(args.out ?? path.join(ROOT, 'bench/results'));
const webDist = path.resolve(args['web-dist'] ?? path.join(ROOT, 'apps/web/dist'));
const log = (line) => process.stderr.write(`${line}\n`);

let selected = registry;
if (args.only) {
  const names = args.only
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !registry.some((s) => s.name === n));
  if (unknown.length) {
    console.error(`Unknown scenario(s): ${unknown.join(', ')}. Known: ${registry.map((s) => s.name).join(', ')}`);
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
    env: cleanEnv({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: db.url,
      ...(redisUrl && { REDIS_URL: redisUrl }),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      ADMIN_PASSWORD: crypto.randomBytes(12).toString('base64url'),
      SECRET: crypto.randomBytes(32).toString('base64url'),
      // The seeded tokens must outlive a full run (15 minutes by default).
      ACCESS_TOKEN_TTL_SECONDS: '7200',
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

  const results = [];
  for (const s of selected) {
    log(`Load: ${s.name} (${s.connections} connections, ${config.warmupSec} s warm-up + ${config.durationSec} s) …`);
    try {
      const figures = await measure({
        baseUrl: urls[s.server],
        requests: s.requests({ data: dataset.data }),
        connections: s.connections,
        durationSec: config.durationSec,
        warmupSec: config.warmupSec,
        pid: pids[s.server],
      });
      results.push({ name: s.name, title: s.title, server: s.server, ...figures });
      log(
        `  ${figures.reqPerSec} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, errors ${figures.errors + figures.timeouts}, non-2xx ${figures.non2xx}`,
      );
    } catch (err) {
      results.push({ name: s.name, title: s.title, server: s.server, connections: s.connections, error: err.message });
      log(`  failed: ${err.message}`);
    }
  }
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

  let lighthouse;
  if (args['skip-lighthouse']) lighthouse = { skipped: true, reason: '--skip-lighthouse' };
  else {
    log(`Lighthouse (${config.lighthouseRuns} run(s) per page) …`);
    const { runLighthouse } = await import('./lib/lighthouse.mjs');
    try {
      lighthouse = await runLighthouse({
        baseUrl: urls.app,
        runs: config.lighthouseRuns,
        log,
        track: (fn) => cleanups.push(fn),
        pages: lighthousePages.map((p) => {
          const user = p.user?.({ data: dataset.data });
          const pagePath = typeof p.path === 'function' ? p.path({ data: dataset.data }) : p.path;
          return {
            name: p.name,
            path: pagePath,
            expectPath: pagePath.split('?')[0],
            login: user && { email: user.email, password: user.password },
          };
        }),
      });
    } catch (err) {
      lighthouse = { error: err.message, pages: [] };
      log(`  Lighthouse failed: ${err.message}`);
    }
  }

  // Servers and database go before the cold start, so it has the machine to itself.
  await cleanup();
  cleaning = undefined;

  let coldStart;
  if (args['skip-cold-start']) coldStart = { skipped: true, reason: '--skip-cold-start' };
  else {
    log('Cold start (PGlite, empty DATA_DIR, then reopen) …');
    coldStart = await measureColdStart({ track: (fn) => cleanups.push(fn) });
    log(coldStart.error ? `  failed: ${coldStart.error}` : `  ${coldStart.firstStartMs} ms, reopen ${coldStart.reopenMs} ms`);
  }

  const report = {
    schemaVersion: 1,
    date: date.toISOString(),
    // 'custom' when sizes or durations were changed: such figures do not compare with full runs.
    mode:
      args.duration || args.warmup || args.users || args.places || args.only || args['lighthouse-runs']
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
    lighthouse,
    bundle,
    coldStart,
  };
  report.targets = evaluateTargets(report, selected, lighthousePages);
  const md = markdown(report);
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
