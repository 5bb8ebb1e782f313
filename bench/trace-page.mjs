// Where a page's main-thread time goes while it loads, on a slowed-down CPU: the long tasks
// (≥ 50 ms) of Chrome's own trace, what ran in each (the trace's events, and CPU-profile samples
// mapped through the web build's hidden source maps to our modules and the packages'), and the
// LCP candidates. The Lighthouse figures say how long; this says why.
//
//   node bench/trace-page.mjs [--slowdown=4] [--as=private|blogger|business] [--samples] /dashboard /lists/first …
//
// It starts the built server on a fresh PostgreSQL database with the bench data set (as
// `npm run bench` does), logs in as the first user of that account type, opens each path cold
// (cache disabled, cookie notice answered) and stops everything after. `/lists/first` and
// `/place/first` stand for the user's first own list and the first catalogue place.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright';
import { SourceMapConsumer } from 'source-map-js';
import { seedDataset } from './dataset.mjs';
import { createDatabase } from './lib/database.mjs';
import { CHROME_FLAGS, CHROME_PATH } from './lib/lighthouse.mjs';
import { cleanEnv, ROOT, SERVER_MAIN, SPOTLIST_READY, spawnUntilReady, stop } from './lib/processes.mjs';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { slowdown: { type: 'string', default: '4' }, as: { type: 'string', default: 'private' }, samples: { type: 'boolean' } },
});
const ACCOUNT_TYPES = { private: 1, business: 2, blogger: 4 };
const WEB_ASSETS = path.join(ROOT, 'apps/web/dist/assets');
/** The web build's source maps, read when a sample needs them. */
const maps = new Map();
if (!fs.existsSync(SERVER_MAIN) || !fs.existsSync(WEB_ASSETS)) throw new Error('build first: npm run build');

const db = await createDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotlist-trace-'));
const env = { PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: db.url };
const server = spawnUntilReady(SERVER_MAIN, {
  env: cleanEnv({ ...env, ADMIN_PASSWORD: 'trace-admin-2026', ACCESS_TOKEN_TTL_SECONDS: '7200' }),
  ready: SPOTLIST_READY,
});
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.filter((f) => !f.startsWith('--headless')) });
let serverProcess;
try {
  const { child, match } = await server.promise;
  serverProcess = child;
  const baseUrl = `${match[1]}:${match[2]}`;
  const { data } = await seedDataset({ baseUrl, databaseUrl: db.url });
  const user = data.users.find((u) => u.accountType === ACCOUNT_TYPES[args.as]);
  if (!user) throw new Error(`no ${args.as} user in the data set`);
  const paths = (positionals.length ? positionals : ['/dashboard']).map((p) =>
    p.replace('/lists/first', `/lists/${data.users[0].ownLists[0]}`).replace('/place/first', `/place/${data.places.ids[0]}`),
  );
  for (const pagePath of paths) await trace(baseUrl, user, pagePath);
} finally {
  if (serverProcess) await stop(serverProcess);
  await browser.close();
  await db.drop?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function trace(baseUrl, user, pagePath) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.evaluate(() => localStorage.setItem('spotlist.cookieNoticeDismissed', '1'));
  await page
    .getByLabel(/e-mail/i)
    .first()
    .fill(user.email);
  await page
    .getByLabel(/password/i)
    .first()
    .fill(user.password);
  await page
    .getByRole('button', { name: /log in/i })
    .first()
    .click();
  await page.waitForURL(/dashboard|onboarding/);
  await page.goto('about:blank');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(args.slowdown) });
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
  await cdp.send('Profiler.start');
  const traceFile = path.join(dataDir, 'trace.json');
  await browser.startTracing(page, {
    path: traceFile,
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading'],
  });
  await page.goto(`${baseUrl}${pagePath}`, { waitUntil: 'load' });
  await page.waitForTimeout(4000);
  await browser.stopTracing();
  const { profile } = await cdp.send('Profiler.stop');
  await context.close();
  report(pagePath, JSON.parse(fs.readFileSync(traceFile, 'utf8')).traceEvents, profile);
}

function original(file, line, column) {
  const mapFile = path.join(WEB_ASSETS, `${file}.map`);
  if (!fs.existsSync(mapFile)) return '';
  if (!maps.has(mapFile)) maps.set(mapFile, new SourceMapConsumer(JSON.parse(fs.readFileSync(mapFile, 'utf8'))));
  const o = maps.get(mapFile).originalPositionFor({ line: line + 1, column });
  return o.source ? `${o.source.replace(/.*node_modules\//, '').replace(/.*\/src\//, 'src/')}:${o.line}${o.name ? ` ${o.name}` : ''}` : '';
}

function report(pagePath, events, profile) {
  const nav = events.find(
    (e) => e.name === 'navigationStart' && new URL(e.args?.data?.documentLoaderURL || 'about:blank').pathname === pagePath,
  );
  if (!nav)
    throw new Error(
      `no navigation to ${pagePath} in the trace: ${events
        .filter((e) => e.name === 'navigationStart')
        .map((e) => e.args?.data?.documentLoaderURL)
        .join(', ')}`,
    );
  const main = events.filter((e) => e.pid === nav.pid && e.tid === nav.tid && e.ph === 'X' && e.ts >= nav.ts);
  const ms = (us) => Math.round(us / 1000);
  // profile samples on the trace's clock (both are the browser's monotonic microseconds)
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map(profile.nodes.flatMap((n) => (n.children ?? []).map((c) => [c, n.id])));
  const label = (n) => {
    const file = n.callFrame.url.split('/').pop();
    return (
      (file && original(file, n.callFrame.lineNumber, n.callFrame.columnNumber)) ||
      `${n.callFrame.functionName || '(anonymous)'} ${file}`.trim()
    );
  };
  const times = [];
  profile.timeDeltas.reduce((t, d) => (times.push(t + d), t + d), profile.startTime);
  const samplesIn = (from, to) => {
    const ours = new Map();
    for (let i = 0; i < times.length - 1; i++) {
      if (times[i] < from || times[i] > to) continue;
      let node = nodes.get(profile.samples[i]);
      if (node.callFrame.functionName === '(idle)') continue;
      // the innermost frame of our own code, else the frame itself
      let key = label(node);
      for (let n = node; n; n = nodes.get(parent.get(n.id))) {
        const l = n.callFrame.url.includes('/assets/') ? label(n) : '';
        if (l.startsWith('src/')) {
          key = l;
          break;
        }
      }
      ours.set(key, (ours.get(key) ?? 0) + (times[i + 1] - times[i]));
    }
    return [...ours]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([k, v]) => `${k} ${ms(v)}`)
      .join(' | ');
  };
  console.log(`\n${pagePath} (CPU ${args.slowdown}× slower)`);
  let blocking = 0;
  for (const task of main.filter((e) => e.name === 'RunTask' && e.dur >= 50_000)) {
    blocking += task.dur / 1000 - 50;
    const inside = new Map();
    for (const e of main) {
      if (
        e === task ||
        e.ts < task.ts ||
        e.ts + (e.dur ?? 0) > task.ts + task.dur ||
        /^(ProfileCall|v8\.run|V8\.|RunMicrotasks|v8\.callFunction)/.test(e.name)
      )
        continue;
      const what =
        e.name === 'FunctionCall'
          ? `${e.name} ${e.args?.data?.url?.split('/').pop() ?? ''}`
          : e.name === 'v8.evaluateModule'
            ? `${e.name} ${(e.args?.data?.url ?? e.args?.fileName ?? '').split('/').pop()}`
            : e.name;
      inside.set(what, (inside.get(what) ?? 0) + e.dur);
    }
    const top = [...inside]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([k, v]) => `${k} ${ms(v)}`);
    console.log(`  at ${ms(task.ts - nav.ts)} ms, ${ms(task.dur)} ms: ${top.join(' | ')}`);
    if (args.samples) console.log(`      ${samplesIn(task.ts, task.ts + task.dur)}`);
  }
  const lcp = events.filter((e) => e.name === 'largestContentfulPaint::Candidate' && e.ts >= nav.ts);
  console.log(
    `  blocking time over 50 ms: ${Math.round(blocking)} ms; LCP candidates: ${lcp.map((e) => `${ms(e.ts - nav.ts)} ms ${e.args?.data?.nodeName ?? ''} ${e.args?.data?.size ?? ''}`).join(', ')}`,
  );
}
