// Lighthouse 13 (its default mobile preset: Moto G Power viewport, simulated slow 4G and 4× CPU
// slowdown) against the running server, in Debian Chromium.
//
// Logged-in pages: Chromium is started once by us with a debugging port. We log in the way a
// person does, through the login form in one tab (Chrome DevTools Protocol over the WebSocket
// built into Node), then let Lighthouse open its own tab in the same browser profile. Lighthouse
// clears caches, service workers and Cache Storage before loading a page (its default
// clearStorageTypes) but keeps cookies and localStorage, so the session survives and the page
// still loads cold. This needs no knowledge of how the web client stores its session.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { ROOT } from './processes.mjs';
import { lighthousePages, OVERLAY_HOST, STATIC_REFERENCE_PATH } from '../scenarios.mjs';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const MAX_ATTEMPTS = 3;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function launchChromium() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'spotlist-bench-chrome-'));
  // Own process group, so the renderer and GPU helpers go with it.
  const child = spawn(CHROME_PATH, [...CHROME_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (c) => (stderr = (stderr + c).slice(-4000)));
  let closed = false;
  const browser = {
    port: undefined,
    version: undefined,
    async close() {
      if (closed) return;
      closed = true;
      if (child.exitCode === null && child.signalCode === null) {
        const gone = new Promise((r) => child.once('exit', r));
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          child.kill('SIGTERM');
        }
        await Promise.race([gone, sleep(5000)]);
        if (child.exitCode === null && child.signalCode === null) {
          try {
            process.kill(-child.pid, 'SIGKILL');
          } catch {
            // already gone
          }
        }
      }
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
  try {
    const portFile = path.join(profile, 'DevToolsActivePort');
    const deadline = Date.now() + 30_000;
    while (!browser.port) {
      if (child.exitCode !== null) throw new Error(`Chromium exited (${child.exitCode}):\n${stderr}`);
      if (Date.now() > deadline) throw new Error(`Chromium did not open its debugging port:\n${stderr}`);
      if (fs.existsSync(portFile)) browser.port = Number(fs.readFileSync(portFile, 'utf8').split('\n')[0]) || undefined;
      if (!browser.port) await sleep(100);
    }
    browser.version = (await (await fetch(`http://127.0.0.1:${browser.port}/json/version`)).json()).Browser;
    return browser;
  } catch (err) {
    await browser.close();
    throw err;
  }
}

/** A minimal Chrome DevTools Protocol session on one page target. */
async function cdpPage(port) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const page = targets.find((t) => t.type === 'page');
  if (!page) throw new Error('Chromium has no page target');
  const ws = new WebSocket(page.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.addEventListener('open', resolve, { once: true });
    ws.addEventListener('error', () => reject(new Error('CDP connection failed')), { once: true });
  });
  let id = 0;
  const pending = new Map();
  ws.addEventListener('message', (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.id && pending.has(msg.id)) {
      const { resolve, reject } = pending.get(msg.id);
      pending.delete(msg.id);
      if (msg.error) reject(new Error(`${msg.error.message}`));
      else resolve(msg.result);
    }
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const n = ++id;
      pending.set(n, { resolve, reject });
      ws.send(JSON.stringify({ id: n, method, params }));
    });
  const evaluate = async (expression) => {
    const r = await send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
    if (r.exceptionDetails) throw new Error(`page script failed: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`);
    return r.result.value;
  };
  const waitFor = async (expression, what, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const v = await evaluate(expression).catch(() => undefined);
      if (v) return v;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await sleep(100);
    }
  };
  return { send, evaluate, waitFor, close: () => ws.close() };
}

// The native <input> for a field: Ionic's <ion-input> renders one inside itself.
const FIELD = {
  email: `input[type=email], input[autocomplete=username], input[autocomplete=email], input[name=email]`,
  password: `input[type=password]`,
};
const q = (sel) => `document.querySelector(${JSON.stringify(sel)})`;

/** Logs in through the login form, like a person: focus, type, submit; waits until the app leaves /login. */
async function loginThroughForm(port, baseUrl, { email, password }) {
  const page = await cdpPage(port);
  try {
    await page.send('Page.enable');
    // the session of the page before (another user) goes first: logged in, /login sends to the dashboard
    await page.send('Storage.clearDataForOrigin', { origin: new URL(baseUrl).origin, storageTypes: 'all' });
    await page.send('Page.navigate', { url: `${baseUrl}/login` });
    await page.waitFor(`!!(${q(FIELD.email)} && ${q(FIELD.password)})`, 'the login form');
    for (const [field, value] of [
      ['email', email],
      ['password', password],
    ]) {
      await page.evaluate(`(${q(FIELD[field])}).focus(), true`);
      await page.send('Input.insertText', { text: value });
    }
    // Enter in the password field submits the form as a keyboard user would.
    for (const type of ['keyDown', 'keyUp']) {
      await page.send('Input.dispatchKeyEvent', {
        type,
        key: 'Enter',
        code: 'Enter',
        windowsVirtualKeyCode: 13,
        text: type === 'keyDown' ? '\r' : undefined,
      });
    }
    try {
      await page.waitFor(`location.pathname !== '/login' && location.pathname !== '/'`, 'the app to leave /login after Enter', 5000);
    } catch {
      // No implicit submission (e.g. the submit control is not a native button): press the button.
      await page.evaluate(`(() => {
        const form = ${q(FIELD.password)}.closest('form');
        const button = (form ?? document).querySelector('button[type=submit], ion-button[type=submit], [type=submit]');
        if (button) button.click(); else form?.requestSubmit();
        return true;
      })()`);
      await page.waitFor(`location.pathname !== '/login' && location.pathname !== '/'`, 'the app to leave /login after submitting', 15_000);
    }
    const landed = await page.evaluate('location.pathname');
    // A returning user has answered the cookie notice: accept it as a person would (the logged-in
    // pages are then measured without it; the login page, a first visit, keeps it).
    await page.waitFor(`!!document.querySelector('.cookie-notice button')`, 'the cookie notice');
    await page.evaluate(`document.querySelector('.cookie-notice button').click(), true`);
    await page.waitFor(`!document.querySelector('.cookie-notice')`, 'the cookie notice to go');
    // Leave the logged-in app so it does not run (poll, render) while Lighthouse measures.
    await page.send('Page.navigate', { url: 'about:blank' });
    return landed;
  } finally {
    page.close();
  }
}

function summarize(lhr, name, url) {
  const score = (id) => (lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100));
  const num = (id, digits = 0) => {
    const v = lhr.audits[id]?.numericValue;
    return typeof v === 'number' ? Number(v.toFixed(digits)) : null;
  };
  const failing = (cat) =>
    (lhr.categories[cat]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && typeof lhr.audits[ref.id]?.score === 'number' && lhr.audits[ref.id].score < 1)
      .map((ref) => ref.id);
  return {
    name,
    url,
    finalUrl: lhr.finalDisplayedUrl,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: num('largest-contentful-paint'),
    tbtMs: num('total-blocking-time'),
    cls: num('cumulative-layout-shift', 3),
    fcpMs: num('first-contentful-paint'),
    failingAudits: { accessibility: failing('accessibility'), bestPractices: failing('best-practices') },
    // What the failing audits found (title and the first few items), so a miss can be acted on.
    auditDetails: Object.fromEntries(
      [...failing('accessibility'), ...failing('best-practices')].map((id) => [
        id,
        {
          title: lhr.audits[id].title,
          items: (lhr.audits[id].details?.items ?? []).slice(0, 3).map((item) => JSON.stringify(item).slice(0, 300)),
        },
      ]),
    ),
    // Lighthouse's CPU score of this machine: simulated timings scale with it, so compare runs on similar figures.
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    runtimeError: lhr.runtimeError?.message ?? null,
    warnings: lhr.runWarnings ?? [],
  };
}

const median = (runs) => {
  const sorted = [...runs].sort((a, b) => (a.performance ?? -1) - (b.performance ?? -1));
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

/**
 * Runs Lighthouse on each page `runs` times and keeps the run with the median performance score.
 * pages: [{ name, path, login?: { email, password }, expectPath? }]. Returns { chromium, pages }.
 * `track(fn)` registers a cleanup for Ctrl-C.
 */
export async function runLighthouse({ baseUrl, pages, runs = 1, log = () => {}, track = () => {} }) {
  const { default: lighthouse } = await import('lighthouse');
  const chrome = await launchChromium();
  // Chromium has its own process group (so its helpers can be ended together), which also keeps
  // Ctrl-C from reaching it: the caller's cleanup must close it.
  track(() => chrome.close());
  const results = [];
  // pages of one user in a row share one login
  let loggedInAs;
  try {
    for (const p of pages) {
      const url = `${baseUrl}${p.path}`;
      try {
        if (p.login && p.login.email !== loggedInAs) {
          loggedInAs = p.login.email;
          const landed = await loginThroughForm(chrome.port, baseUrl, p.login);
          log(`  logged in through the form (landed on ${landed})`);
        }
        const all = [];
        for (let i = 0; i < runs; i++) {
          // A run whose trace failed (NO_NAVSTART and the like, seen now and then on a fresh
          // browser) has no performance figures; Lighthouse itself says to run it again.
          let s;
          for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
            const r = await lighthouse(url, {
              port: chrome.port,
              hostname: '127.0.0.1',
              output: 'json',
              logLevel: 'error',
              onlyCategories: CATEGORIES,
            });
            s = { ...summarize(r.lhr, p.name, url), attempts: attempt };
            // LIGHTHOUSE_REPORT_DIR keeps every full report, to see what made a figure.
            if (process.env.LIGHTHOUSE_REPORT_DIR) {
              fs.mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
              fs.writeFileSync(path.join(process.env.LIGHTHOUSE_REPORT_DIR, `${p.name}-${i + 1}.json`), JSON.stringify(r.lhr));
            }
            if (!s.runtimeError) break;
            log(`  ${p.name} run ${i + 1}: ${s.runtimeError}${attempt < MAX_ATTEMPTS ? ' (running it again)' : ''}`);
          }
          log(
            `  ${p.name} run ${i + 1}/${runs}: performance ${s.performance}, accessibility ${s.accessibility}, best practices ${s.bestPractices}`,
          );
          all.push(s);
        }
        const chosen = median(all);
        const finalPath = chosen.finalUrl ? new URL(chosen.finalUrl).pathname : null;
        const error =
          chosen.runtimeError ??
          (p.expectPath && finalPath !== p.expectPath ? `ended on ${finalPath} instead of ${p.expectPath} (not logged in?)` : null);
        results.push({
          ...chosen,
          runs: all.map((r) => ({
            performance: r.performance,
            accessibility: r.accessibility,
            bestPractices: r.bestPractices,
            lcpMs: r.lcpMs,
            tbtMs: r.tbtMs,
            cls: r.cls,
            attempts: r.attempts,
          })),
          error,
        });
      } catch (err) {
        results.push({ name: p.name, url, error: err.message });
        log(`  ${p.name}: ${err.message}`);
      }
    }
  } finally {
    await chrome.close();
  }
  return { chromium: chrome.version, preset: 'mobile (Lighthouse default)', runsPerPage: runs, pages: results };
}

/**
 * The Lighthouse reference (bench/reference/login.html): the login page as static HTML with the
 * build's own stylesheet, served by the server from its copy of the build like the app's files.
 */
export function writeStaticReference(dir) {
  const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  const stylesheet = /<link rel="stylesheet"[^>]*href="([^"]+)"/.exec(html)?.[1];
  if (!stylesheet) throw new Error("the web build's index.html names no stylesheet");
  const page = fs.readFileSync(path.join(ROOT, 'bench/reference/login.html'), 'utf8').replaceAll('{{STYLESHEET}}', stylesheet);
  // a placeholder left would make the reference a page without styles, faster than the app could ever be
  if (page.includes('{{')) throw new Error('bench/reference/login.html has a placeholder the bench does not fill');
  fs.writeFileSync(path.join(dir, STATIC_REFERENCE_PATH.slice(1)), page);
  writeOverlayHostPages(dir, null);
}

/**
 * The overlay pair's host page (bench/reference/overlay-host.html; OVERLAY_HOST in scenarios.mjs)
 * twice: without the overlay, and with the snippet a business pastes naming site `sitePublicId`.
 * The server registers the build folder's files when it starts and reads them when asked, and the
 * site exists only once the data set is seeded: so the pages are written before the start (the one
 * "with" still without the snippet, `sitePublicId` null) and again after the seeding.
 */
export function writeOverlayHostPages(dir, sitePublicId) {
  if (sitePublicId !== null && !/^[\w-]{8,32}$/.test(sitePublicId)) throw new Error(`not an overlay site id: ${sitePublicId}`);
  const template = fs.readFileSync(path.join(ROOT, 'bench/reference/overlay-host.html'), 'utf8');
  const snippet = sitePublicId
    ? `<script src="/embed.js" data-spotlist-overlay="${sitePublicId}" data-lang="de" async></script>`
    : '<!-- the overlay snippet: written once the data set is seeded -->';
  for (const [page, overlay] of [
    [OVERLAY_HOST.without, ''],
    [OVERLAY_HOST.with, snippet],
  ]) {
    const html = template.replaceAll('{{OVERLAY_SNIPPET}}', overlay);
    if (html.includes('{{')) throw new Error('bench/reference/overlay-host.html has a placeholder the bench does not fill');
    fs.writeFileSync(path.join(dir, page.path.slice(1)), html);
  }
}

/**
 * Every page of `lighthousePages` (scenarios.mjs) with its path and login from the seeded data
 * set; a failure is reported as the result (`{ error, pages: [] }`), never thrown.
 */
export async function lighthouseOfPages({ baseUrl, runs, data, log, track }) {
  try {
    const result = await runLighthouse({
      baseUrl,
      runs,
      log,
      track,
      pages: lighthousePages.map((p) => {
        const user = p.user?.({ data });
        const pagePath = typeof p.path === 'function' ? p.path({ data }) : p.path;
        return {
          name: p.name,
          path: pagePath,
          expectPath: pagePath.split('?')[0],
          login: user && { email: user.email, password: user.password },
        };
      }),
    });
    result.referencePage = lighthousePages.find((p) => p.reference)?.name;
    return result;
  } catch (err) {
    log(`  Lighthouse failed: ${err.message}`);
    return { error: err.message, pages: [] };
  }
}
