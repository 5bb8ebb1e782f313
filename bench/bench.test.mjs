// The benchmark harness itself, as CI runs it (never the full benchmark): a one-second run of the
// load scenarios against the built server on a fresh PostgreSQL database and on embedded PGlite,
// and the size ratchet on a generated build folder. Needs PostgreSQL (BENCH_PG_URL, default
// postgres@127.0.0.1:5432).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prng } from './dataset.mjs';
import { gzipSize, sizeMeasures } from './lib/sizes.mjs';
import { latencyHistogram } from './lib/load.mjs';
import { evaluateTargets, lighthouseSection } from './lib/report.mjs';
import { lighthousePages } from './scenarios.mjs';
import { CITIES, generateSocialGraph } from './social-dataset.mjs';

const BENCH = path.dirname(fileURLToPath(import.meta.url));

function node(script, args) {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(BENCH, script), ...args],
      { cwd: path.join(BENCH, '..'), timeout: 110_000 },
      (err, stdout, stderr) => resolve({ code: err ? (err.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Incompressible-ish text of about `bytes` bytes (gzip keeps ~75 % of it), the same on every run. */
function filler(bytes, seed) {
  const random = prng(seed);
  let s = '';
  while (s.length < bytes) s += Math.floor(random() * 2 ** 32).toString(36);
  return `const filler${seed}=${JSON.stringify(s.slice(0, bytes))};`;
}

/**
 * A build folder shaped like Vite's: an entry that index.html loads plus a modulepreloaded vendor
 * chunk (initial JS); two lazy pages, one of which imports a lazy shared chunk; a large lazy
 * library chunk; a service worker at the root that is no page.
 */
function writeFixtureDist(dir) {
  const files = {
    'index.html':
      '<!doctype html><html><head>' +
      '<script type="module" crossorigin src="/assets/index-AbCdEf12.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/vendor-Zz11Yy22.js">' +
      '<link rel="stylesheet" crossorigin href="/assets/index-Qq33Ww44.css">' +
      '</head><body><div id="root"></div></body></html>',
    'assets/index-AbCdEf12.js': `import{v as a}from"./vendor-Zz11Yy22.js";${filler(30_000, 1)}const p=()=>import("./login-page-Ab-dEf12.js"),d=()=>import("./dashboard-page-Mn0pQr9s.js");`,
    'assets/vendor-Zz11Yy22.js': `${filler(50_000, 2)}export const v=1;`,
    'assets/index-Qq33Ww44.css': 'body{margin:0}',
    'assets/login-page-Ab-dEf12.js': `import{v}from"./vendor-Zz11Yy22.js";import{f}from"./form-Xy98Vu76.js";${filler(8_000, 3)}export default 1;`,
    'assets/form-Xy98Vu76.js': `${filler(4_000, 4)}export const f=1;`,
    'assets/dashboard-page-Mn0pQr9s.js': `import{v}from"./vendor-Zz11Yy22.js";${filler(12_000, 5)}const m=()=>import("./map-Kk77Jj66.js");export default 2;`,
    'assets/map-Kk77Jj66.js': `${filler(100_000, 7)}export const map=1;`, // a lazy library chunk over the 60 KB target
    'sw.js': filler(5_000, 6),
  };
  for (const [rel, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), content);
  }
  const gz = (rel) => gzipSize(Buffer.from(files[rel]));
  return {
    initial: gz('assets/index-AbCdEf12.js') + gz('assets/vendor-Zz11Yy22.js'),
    loginPage: gz('assets/login-page-Ab-dEf12.js') + gz('assets/form-Xy98Vu76.js'),
    dashboardPage: gz('assets/dashboard-page-Mn0pQr9s.js'),
  };
}

/**
 * An embed build folder shaped like apps/embed's: the loader at the root, two pages whose assets
 * the server serves from dist/assets under /embed-assets/, a shared chunk both preload, a lazy map
 * chunk, a service worker at the root. `loaderBytes` sizes the loader.
 */
function writeEmbedFixture(dir, loaderBytes = 1_500) {
  const page = (entry) =>
    '<!doctype html><html><head>' +
    `<script type="module" crossorigin src="/embed-assets/${entry}"></script>` +
    '<link rel="modulepreload" crossorigin href="/embed-assets/shell-Sh11Sh22.js">' +
    '<link rel="stylesheet" crossorigin href="/embed-assets/shell-Cs33Cs44.css">' +
    '</head><body><div id="app"></div></body></html>';
  const files = {
    'embed.js': filler(loaderBytes, 11),
    'frame.html': page('frame-Fr12Fr34.js'),
    'guest.html': page('guest-Gu12Gu34.js'),
    'assets/frame-Fr12Fr34.js': `import{s}from"./shell-Sh11Sh22.js";${filler(1_000, 12)}`,
    'assets/guest-Gu12Gu34.js': `import{s}from"./shell-Sh11Sh22.js";${filler(3_000, 13)}`,
    'assets/shell-Sh11Sh22.js': `${filler(20_000, 14)}const m=()=>import("./map-view-Mv12Mv34.js");export const s=1;`,
    'assets/shell-Cs33Cs44.css': 'body{margin:0}',
    'assets/map-view-Mv12Mv34.js': `${filler(60_000, 15)}export const map=1;`,
    'guest-sw.js': filler(2_000, 16),
  };
  for (const [rel, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), content);
  }
  const gz = (rel) => gzipSize(Buffer.from(files[rel]));
  return {
    loader: gz('embed.js'),
    frame: gz('assets/frame-Fr12Fr34.js') + gz('assets/shell-Sh11Sh22.js'),
    guest: gz('assets/guest-Gu12Gu34.js') + gz('assets/shell-Sh11Sh22.js'),
  };
}

let tmp;
let expected;
let expectedEmbed;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'spotlist-bench-test-'));
  expected = writeFixtureDist(path.join(tmp, 'apps/web/dist'));
  expectedEmbed = writeEmbedFixture(path.join(tmp, 'apps/embed/dist'));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('bench/run.mjs', () => {
  it('writes latest.json with every field after a one-second run', { timeout: 120_000 }, async () => {
    const out = path.join(tmp, 'results');
    const r = await node('run.mjs', [
      '--skip-lighthouse',
      // the messaging benchmark is minutes of two servers and 1,000 sockets: `npm run bench` only
      '--skip-messaging',
      // the push benchmark likewise (9,999 notices to 2,000 devices)
      '--skip-push',
      // the fleet benchmark likewise (500 sockets for minutes)
      '--skip-fleet',
      '--duration=1',
      '--warmup=0',
      '--users=8',
      '--places=300',
      // the suggestions scenario's own data set, small: 30 users (the 30 logged in) with 100 likes of 400 places
      '--social-users=30',
      '--social-places=400',
      `--out=${out}`,
      `--web-dist=${path.join(tmp, 'apps/web/dist')}`,
    ]);
    expect(r.stderr + r.stdout, 'run.mjs failed').not.toMatch(/^bench: /m);
    expect(r.code).toBe(0);
    const res = JSON.parse(fs.readFileSync(path.join(out, 'latest.json'), 'utf8'));

    expect(res).toMatchObject({ schemaVersion: 1, mode: 'custom', dataset: { summary: { users: 8, places: 300 } } });
    expect(res.machine).toMatchObject({
      cpu: expect.any(String),
      cores: expect.any(Number),
      memoryGB: expect.any(Number),
      node: process.version,
    });
    expect(res.machine.postgres).toMatch(/^\d+/);

    expect(res.scenarios.map((s) => s.name)).toEqual([
      'baseline',
      'api-info',
      'session-user',
      'login',
      'liked-places',
      'liked-places-browser',
      'list-detail',
      'list-detail-embedded',
      'my-lists',
      'shared-list',
      'place-detail',
      'place-search',
      'place-nearby',
      'profile',
      'translations',
      'public-widget',
      'public-widget-browser',
      'public-overlay',
      'suggestions',
    ]);
    for (const s of res.scenarios) {
      // Every request answered 2xx: the seeded tokens and passwords work, no throttling kicked in.
      expect(s, s.name).toMatchObject({ errors: 0, timeouts: 0, non2xx: 0 });
      expect(s.reqPerSec, s.name).toBeGreaterThan(0);
      for (const k of ['p50Ms', 'p90Ms', 'p95Ms', 'p97_5Ms', 'p99Ms', 'maxMs', 'ratioToBaseline', 'bodyBytes'])
        expect(s[k], `${s.name}.${k}`).toEqual(expect.any(Number));
    }
    expect(res.scenarios[0].ratioToBaseline).toBe(1);
    // the servers' CPU per request, read from /proc during the measured run
    for (const s of res.scenarios) expect(s.serverCpuUsPerRequest, `${s.name}.serverCpuUsPerRequest`).toBeGreaterThan(0);
    for (const s of res.scenarios) expect(s.serverKernelShare, `${s.name}.serverKernelShare`).toBeGreaterThan(0);
    // a browser's Accept-Encoding gets the widget's compressed copy: fewer bytes per answer
    const bytes = (name) => res.scenarios.find((s) => s.name === name).bytesPerResponse;
    expect(bytes('public-widget-browser')).toBeLessThan(bytes('public-widget') / 2);
    expect(bytes('liked-places-browser')).toBeLessThan(bytes('liked-places') / 2);
    expect(res.scenarios[0].cpuRatioToBaseline).toBe(1);
    expect(res.scenarios.find((s) => s.name === 'login').connections).toBe(8);
    // PostgreSQL's backends found and measured beside the server on PostgreSQL (a number, 0 when
    // every answer came from the server's cache); on the embedded database they are the server
    const scenario = (name) => res.scenarios.find((s) => s.name === name);
    for (const s of res.scenarios.filter((x) => x.server === 'app')) expect(s.dbCpuUsPerRequest, s.name).toEqual(expect.any(Number));
    expect(scenario('list-detail-embedded')).toMatchObject({ server: 'embedded', dbCpuUsPerRequest: null });
    // the suggestions on a server and database of their own, with their own data set
    expect(scenario('suggestions')).toMatchObject({ server: 'social', connections: 10, dbCpuUsPerRequest: expect.any(Number) });
    expect(scenario('suggestions').bodyBytes).toBeGreaterThan(100); // a list of people, not an empty one
    for (const s of res.scenarios) expect(s.p95Ms, s.name).toBeGreaterThanOrEqual(s.p50Ms);
    for (const s of res.scenarios) expect(s.p95Ms, s.name).toBeLessThanOrEqual(s.p97_5Ms);
    expect(res.social).toMatchObject({
      dataset: { summary: { users: 30, 'logged-in users': 30, places: 400, likes: 3000, friendships: expect.any(Number) } },
    });
    expect(res.social.dataset.summary.friendships).toBeGreaterThan(0);
    // the embedded server's own data set (at most 20 owners) and its memory idle after start and after the load
    expect(res.embedded).toMatchObject({ dataset: { summary: { users: 8, places: 300 } } });
    for (const m of [res.memory.embedded.afterStart, res.memory.embedded.afterLoad, res.memory.postgres.afterRun]) {
      expect(m.rssMB).toBeGreaterThan(0);
      expect(m.peakRssMB).toBeGreaterThanOrEqual(m.rssMB);
    }

    expect(res.lighthouse).toEqual({ skipped: true, reason: '--skip-lighthouse' });
    expect(res.messaging).toEqual({ skipped: true, reason: '--skip-messaging' });
    expect(res.push).toEqual({ skipped: true, reason: '--skip-push' });
    expect(res.fleet).toEqual({ skipped: true, reason: '--skip-fleet' });
    // the AI benchmark runs (about 20 s): its overhead and the 12-language translation are measured
    expect(res.ai).toMatchObject({ delayMs: 250, streams: 20, translation: { languages: 12, drafts: 12 } });
    expect(res.ai.firstPieceMs.server.n).toBeGreaterThan(0);
    expect(res.ai.overheadMs.p95).toEqual(expect.any(Number));
    expect(res.bundle.initial.gzip).toBe(expected.initial);
    expect(res.bundle.initial.files.map((f) => f.name).sort()).toEqual(['index', 'vendor']);
    expect(res.bundle.pages).toEqual([
      expect.objectContaining({ name: 'dashboard-page', gzip: expected.dashboardPage }),
      expect.objectContaining({ name: 'login-page', gzip: expected.loginPage }),
    ]);
    expect(res.coldStart).toMatchObject({ error: null, firstStartMs: expect.any(Number), reopenMs: expect.any(Number) });

    const byId = Object.fromEntries(res.targets.map((t) => [t.id, t]));
    expect(byId['initial-js']).toMatchObject({ met: true, actual: expected.initial });
    expect(byId['cold-start'].met).toEqual(expect.any(Boolean));
    expect(byId['session-user-ratioToBaseline-0'].met).toEqual(expect.any(Boolean));
    expect(byId['suggestions-p95Ms-0']).toMatchObject({ unit: 'ms', limit: 200, met: expect.any(Boolean) });
    expect(byId['embedded-memory-start'].met).toEqual(expect.any(Boolean));
    expect(byId['embedded-memory-after-load'].met).toEqual(expect.any(Boolean));
    expect(byId['lighthouse-login-performance'].met).toBeNull();

    const md = fs.readFileSync(path.join(out, 'latest.md'), 'utf8');
    expect(md).toContain('| scenario | connections | req/s | p50 | p95 | p99 | errors | non-2xx | vs baseline |');
    expect(md).toContain('Scenarios on server `social`');
    expect(md).toContain('| embedded (PGlite) | idle after start');
    expect(md).toMatch(/AMD|Intel|ARM|cores/);
  });
});

describe('p95 (autocannon has none)', () => {
  it('counts whole milliseconds and answers the nearest rank, as autocannon counts its percentiles', () => {
    const h = latencyHistogram();
    expect(h.percentile(95)).toBeNull();
    for (let i = 1; i <= 100; i++) h.record(i - 0.5); // 0.5 … 99.5 ms: truncated to 0 … 99
    expect(h.total).toBe(100);
    expect(h.percentile(50)).toBe(49);
    expect(h.percentile(95)).toBe(94);
    expect(h.percentile(100)).toBe(99);
    h.record(5000);
    expect(h.percentile(100)).toBe(5000);
  });
});

describe('the social data set (scenario suggestions)', () => {
  const options = { users: 2000, loggedIn: 50, places: 4000, likesPerUser: 100, friendsPerUser: 6 };
  const graph = generateSocialGraph(options);

  it('is the same on every run', () => {
    const again = generateSocialGraph(options);
    expect(again.likes).toEqual(graph.likes);
    expect(again.friendPairs).toEqual(graph.friendPairs);
  });

  it('gives every user 100 distinct places, a few of them liked by many', () => {
    const perPlace = new Array(options.places).fill(0);
    for (let u = 0; u < options.users; u++) {
      const mine = graph.likes.subarray(u * 100, (u + 1) * 100);
      expect(new Set(mine).size).toBe(100);
      for (const p of mine) perPlace[p]++;
    }
    const sorted = perPlace.sort((a, b) => b - a);
    const median = sorted[Math.floor(sorted.length / 2)];
    expect(sorted[0]).toBeGreaterThan(options.users / 5); // the famous place: in over a fifth of all lists
    expect(sorted[0]).toBeGreaterThan(10 * median);
    expect(median).toBeGreaterThan(0);
  });

  it('puts users in cities, most likes in their own, and friends in pairs, the logged-in users with 8 or more', () => {
    expect(graph.userCity.slice(0, 50).every((c) => c >= 0)).toBe(true);
    const home = graph.place.cities.map((name) => CITIES.findIndex((c) => c.name === name));
    let inHome = 0;
    for (let k = 0; k < 100; k++) inHome += home[graph.likes[k]] === graph.userCity[0] ? 1 : 0;
    expect(inHome).toBeGreaterThan(50);
    const keys = graph.friendPairs.map(([a, b]) => `${a}:${b}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const [a, b] of graph.friendPairs) expect(a).toBeLessThan(b);
    const degree = new Map();
    for (const [a, b] of graph.friendPairs) for (const u of [a, b]) degree.set(u, (degree.get(u) ?? 0) + 1);
    for (let u = 0; u < 50; u++) expect(degree.get(u) ?? 0).toBeGreaterThanOrEqual(8);
    // no relation of a logged-in user's doubles a friendship
    for (const o of graph.others) expect(keys).not.toContain(o.from < o.to ? `${o.from}:${o.to}` : `${o.to}:${o.from}`);
  });
});

describe('Lighthouse targets', () => {
  const page = (name, figures) => ({ name, url: `http://127.0.0.1:1/${name}`, accessibility: 100, bestPractices: 100, ...figures });
  const results = (pages) => ({ lighthouse: { referencePage: 'static-reference', runsPerPage: 1, pages } });

  it("compares each app page's LCP with the static reference's of the same run, and checks TBT, CLS and scores", () => {
    const r = results([
      page('static-reference', { performance: 100, lcpMs: 1000, tbtMs: 0, cls: 0 }),
      page('login', { performance: 96, lcpMs: 1250, tbtMs: 200, cls: 0 }),
      page('dashboard-private', { performance: 90, lcpMs: 1260, tbtMs: 201, cls: 0.01 }),
    ]);
    const byId = Object.fromEntries(evaluateTargets(r, [], lighthousePages).map((t) => [t.id, t]));
    expect(byId['lighthouse-login-lcpToReference']).toMatchObject({ actual: 1.25, met: true });
    expect(byId['lighthouse-login-tbtMs']).toMatchObject({ actual: 200, met: true });
    expect(byId['lighthouse-login-cls']).toMatchObject({ actual: 0, met: true });
    expect(byId['lighthouse-login-performance']).toMatchObject({ actual: 96, met: true });
    expect(byId['lighthouse-dashboard-private-lcpToReference']).toMatchObject({ actual: 1.26, met: false });
    expect(byId['lighthouse-dashboard-private-tbtMs']).toMatchObject({ met: false });
    expect(byId['lighthouse-dashboard-private-cls']).toMatchObject({ met: false });
    expect(byId['lighthouse-dashboard-private-performance']).toMatchObject({ met: false });
    // pages not measured have no verdict; the reference itself has no targets
    expect(byId['lighthouse-map-lcpToReference']).toMatchObject({ actual: null, met: null });
    expect(Object.keys(byId).some((id) => id.startsWith('lighthouse-static-reference'))).toBe(false);
  });

  it('compares the overlay host page with the same page without the overlay, in the same run', () => {
    const verdict = (withOverlay, without = { performance: 98 }) =>
      Object.fromEntries(
        evaluateTargets(results([page('overlay-host-without', without), page('overlay-host-with', withOverlay)]), [], lighthousePages).map(
          (t) => [t.id, t],
        ),
      )['lighthouse-overlay-host-with-performanceDrop'];
    expect(verdict({ performance: 96 })).toMatchObject({ actual: 2, limit: 2, met: true });
    expect(verdict({ performance: 95 })).toMatchObject({ actual: 3, met: false, missedBy: 1 });
    expect(verdict({ performance: 99 })).toMatchObject({ actual: -1, met: true });
    // a page that failed has no score: no verdict
    expect(verdict({ performance: 96 }, { error: 'timed out' })).toMatchObject({ actual: null, met: null });
  });

  it('has no LCP verdict when the reference failed', () => {
    const r = results([page('static-reference', { error: 'timed out' }), page('login', { performance: 99, lcpMs: 900, tbtMs: 0, cls: 0 })]);
    const byId = Object.fromEntries(evaluateTargets(r, [], lighthousePages).map((t) => [t.id, t]));
    expect(byId['lighthouse-login-lcpToReference']).toMatchObject({ actual: null, met: null });
  });

  it("shows each page's LCP beside the reference's in the report", () => {
    const r = results([
      page('static-reference', { performance: 100, lcpMs: 800, tbtMs: 0, cls: 0 }),
      page('login', { performance: 97, lcpMs: 1000, tbtMs: 50, cls: 0 }),
    ]);
    const md = lighthouseSection(r).join('\n');
    expect(md).toContain('| static-reference (/static-reference) | 100 | 100 | 100 | 800 ms | reference | 0 ms | 0 |');
    expect(md).toContain('| login (/login) | 97 | 100 | 100 | 1000 ms | 1.25 | 50 ms | 0 |');
  });
});

describe('bench/check-size.mjs', () => {
  const budgetFile = () => path.join(tmp, 'size-budget.json');
  const writeBudgets = (budgets) => fs.writeFileSync(budgetFile(), JSON.stringify({ budgets }));
  const check = (...extra) => node('check-size.mjs', [`--root=${tmp}`, `--budget=${budgetFile()}`, ...extra]);

  it('passes at the current sizes and fails, naming the budget, when one is a byte too small', { timeout: 30_000 }, async () => {
    const m = sizeMeasures(tmp);
    const at = Object.fromEntries(Object.entries(m).map(([k, v]) => [k, { budget: v.bytes, target: v.target }]));
    writeBudgets(at);
    const ok = await check();
    expect(ok.code, ok.stdout + ok.stderr).toBe(0);

    writeBudgets({ ...at, 'web:page:login-page': { budget: m['web:page:login-page'].bytes - 1, target: 60_000 } });
    const bad = await check();
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/^FAIL\s+web:page:login-page\s.*grew by 1 bytes/m);
    expect(bad.stdout).toMatch(/^ok\s+web:initial-js/m);
  });

  it(
    'measures the embed loader and the initial JS of the frame and guest pages (served under /embed-assets/)',
    { timeout: 30_000 },
    async () => {
      const m = sizeMeasures(tmp);
      expect(m['embed:loader']).toEqual({ bytes: expectedEmbed.loader, target: 3000, file: 'embed.js' });
      expect(m['embed:frame-initial-js']).toEqual({ bytes: expectedEmbed.frame, target: 45_000 });
      expect(m['embed:guest-initial-js']).toEqual({ bytes: expectedEmbed.guest, target: 45_000 });

      // A loader over its 3 KB target fails even without a budget; a missing embed build is an error.
      const big = fs.mkdtempSync(path.join(os.tmpdir(), 'spotlist-bench-embed-'));
      try {
        writeFixtureDist(path.join(big, 'apps/web/dist'));
        writeEmbedFixture(path.join(big, 'apps/embed/dist'), 6_000);
        const r = await node('check-size.mjs', [`--root=${big}`, `--budget=${path.join(big, 'none.json')}`]);
        expect(r.code).toBe(1);
        expect(r.stdout).toMatch(/^FAIL\s+embed:loader\s.*over its target/m);
        expect(r.stdout).toMatch(/^new\s+embed:frame-initial-js\s/m);
        fs.rmSync(path.join(big, 'apps/embed/dist/embed.js'));
        const missing = await node('check-size.mjs', [`--root=${big}`, `--budget=${path.join(big, 'none.json')}`]);
        expect(missing.code).toBe(2);
        expect(missing.stderr).toContain('npm run build -w @spotlist/embed');
      } finally {
        fs.rmSync(big, { recursive: true, force: true });
      }
    },
  );

  it('--update lowers budgets towards the current size, never below the target, never up', { timeout: 30_000 }, async () => {
    const m = sizeMeasures(tmp);
    writeBudgets({
      'web:initial-js': { budget: 170_000, target: 160_000 }, // above target → lowered to the target
      'web:largest-lazy-chunk': { budget: m['web:largest-lazy-chunk'].bytes + 10, target: 60_000 }, // over its target → current size
      'web:page:login-page': { budget: 20_000, target: 60_000 }, // below target already → kept
      'web:page:removed-page': { budget: 1000, target: 60_000 }, // nothing built → dropped
    });
    const r = await check('--update');
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const { budgets } = JSON.parse(fs.readFileSync(budgetFile(), 'utf8'));
    expect(budgets['web:initial-js'].budget).toBe(160_000);
    expect(budgets['web:largest-lazy-chunk'].budget).toBe(m['web:largest-lazy-chunk'].bytes);
    expect(budgets['web:page:login-page'].budget).toBe(20_000);
    expect(budgets['web:page:dashboard-page'].budget).toBe(60_000); // new page: recorded at its target
    expect(budgets).not.toHaveProperty('web:page:removed-page');
  });
});
