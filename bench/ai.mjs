#!/usr/bin/env node
// The AI assistant benchmark (issue 20): the built server on a PostgreSQL database of its own,
// talking through the openai SDK to the local OpenAI-compatible fake of the tests
// (apps/server/test/fakes/openai.ts, in this process), which waits `delayMs` before it answers.
//   - overhead per streamed completion: 20 streams at once, time to the first text piece through
//     the server minus the same through the fake directly, measured in the same run, round after
//     round (target: p95 ≤ 20 ms);
//   - "Translate to all languages" of one overlay into the 12 other app languages (one job each,
//     all at once): from the click to the last draft (target: ≤ 13 × the fake's delay; in
//     parallel it is about one delay).
//
//   node bench/ai.mjs            # alone (~1 min): bench/results/ai.json and .md
//     --delay=MS --streams=N --rounds=N --out=DIR
//
// `npm run bench` runs it too (run.mjs; --skip-ai leaves it out).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { apiClient } from './dataset.mjs';
import { connect, createDatabase, reachableRedis } from './lib/database.mjs';
import { cleanEnv, cleanupStack, ROOT, SERVER_MAIN, SPOTLIST_READY, spawnUntilReady, stop } from './lib/processes.mjs';

export const AI_DEFAULTS = {
  /** The fake's wait before its answer starts (ms): a model's time to its first token. */
  delay: 250,
  /** Streams at once. */
  streams: 20,
  /** Rounds of `streams` requests, through the server and directly, alternating. */
  rounds: 10,
};
/** The app languages (contracts constants.ts APP_LANGUAGES). */
const LANGUAGES = ['de', 'en', 'es', 'fr', 'hr', 'hu', 'it', 'pl', 'pt', 'ru', 'tr', 'nl', 'da'];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
function percentile(sorted, p) {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const stats = (values) => {
  const s = [...values].sort((a, b) => a - b);
  const r = (x) => (x === null ? null : Math.round(x * 10) / 10);
  return { n: s.length, p50: r(percentile(s, 50)), p95: r(percentile(s, 95)), p99: r(percentile(s, 99)), max: r(s.at(-1) ?? null) };
};

/** Milliseconds from sending to the first text piece of a streamed completion (`url`: the server's route or the fake's). */
async function firstPiece(url, headers, body) {
  const started = performance.now();
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let at = null;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    // the first piece with text: the server's `data: {"delta":…}`, the provider's `"content":"<something>"`
    if (at === null && (/"delta":"[^"]/.test(text) || /"content":"[^"]/.test(text))) at = performance.now() - started;
  }
  if (at === null) throw new Error(`${url}: no text came`);
  return at;
}

export async function runAi({ options: overrides = {}, track, log = () => {} }) {
  const o = { ...AI_DEFAULTS, ...overrides };
  const started = performance.now();
  const { startFakeOpenAi } = await import(path.join(ROOT, 'apps/server/test/fakes/openai.ts'));
  const fake = await startFakeOpenAi();
  track(() => fake.close());
  fake.delayMs = o.delay;
  const db = await createDatabase({ prefix: 'spotlist_bench_ai_' });
  track(() => db.drop());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotlist-bench-ai-'));
  track(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  // as the README deploys it (and the main benchmark runs it): sessions cached through Redis when it answers
  const redisUrl = await reachableRedis();
  const env = cleanEnv({
    ...(redisUrl && { REDIS_URL: redisUrl }),
    PORT: '0',
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: crypto.randomBytes(12).toString('base64url'),
    SECRET: crypto.randomBytes(32).toString('base64url'),
    DATA_DIR: dataDir,
    DATABASE_URL: db.url,
    AI_BASE_URL: fake.url,
    AI_QUOTA_USER_REQUESTS: '100000',
    AI_QUOTA_USER_TOKENS: '100000000',
    AI_QUOTA_CLIENT_REQUESTS: '100000',
    AI_QUOTA_CLIENT_TOKENS: '100000000',
    ACCESS_TOKEN_TTL_SECONDS: '7200',
  });
  const s = spawnUntilReady(SERVER_MAIN, { env, ready: SPOTLIST_READY });
  track(() => stop(s.child));
  const { match } = await s.promise;
  const url = new URL(`${match[1]}:${match[2]}`).origin;
  const api = apiClient(url);
  log(`AI: database ${db.name}, ${redisUrl ? 'Redis' : 'no Redis'}, server ${url}, fake ${fake.url} (${o.delay} ms before each answer)`);

  // a business with the assistant and overlays, offering the 13 languages (English first)
  const email = `bench.ai.${Date.now().toString(36)}@bench.spotlist.test`;
  const user = await api.post('/api/signup', {
    email,
    password: 'bench correct horse battery',
    accountType: { id: 4 },
    termsaccepted: true,
  });
  const token = user.authtoken;
  const sql = await connect(db.url);
  try {
    await sql.query('update users set aiassistantactivated = true, overlayactivated = true where id = $1', [user.id]);
  } finally {
    await sql.end();
  }
  const { list: languages } = await api.get('/api/language/list');
  for (const key of ['en', ...LANGUAGES.filter((l) => l !== 'en')])
    await api.post('/api/language/add', { id: languages.find((l) => l.key === key).id }, { token });

  // 1. overhead per streamed completion, 20 at once
  const messages = [{ role: 'user', content: 'Write two lines about breakfast on the terrace.' }];
  const viaServer = [];
  const direct = [];
  const serverRound = () =>
    Promise.all(
      Array.from({ length: o.streams }, () =>
        firstPiece(`${url}/api/openai/completion`, { 'x-auth-token': token, accept: 'text/event-stream' }, { messages, stream: true }),
      ),
    );
  const directRound = () =>
    Promise.all(
      Array.from({ length: o.streams }, () =>
        firstPiece(
          `${fake.url}/chat/completions`,
          {},
          { model: 'gpt-3.5-turbo', messages, stream: true, stream_options: { include_usage: true } },
        ),
      ),
    );
  // one round each to warm up (connections, the server's first queries), not counted
  await serverRound();
  await directRound();
  for (let r = 0; r < o.rounds; r++) {
    viaServer.push(...(await serverRound()));
    direct.push(...(await directRound()));
  }
  const server = stats(viaServer);
  const provider = stats(direct);
  const overhead = {
    p50: Math.round((server.p50 - provider.p50) * 10) / 10,
    p95: Math.round((server.p95 - provider.p95) * 10) / 10,
    p99: Math.round((server.p99 - provider.p99) * 10) / 10,
  };
  log(
    `  ${server.n} streams through the server: first piece p95 ${server.p95} ms; directly: p95 ${provider.p95} ms; overhead p95 ${overhead.p95} ms`,
  );

  // 2. "Translate to all languages" of one overlay
  const overlay = await api.post(
    '/api/overlay',
    {
      name: 'Terrace breakfast',
      format: 'modal',
      where: { guestApp: true, widgetIds: [], urlPatterns: [] },
      trigger: { kind: 'load', delaySeconds: 3 },
      frequency: { kind: 'session' },
      schedule: { from: null, until: null, timeZone: 'Europe/Berlin' },
      fallback: ['en'],
      language: 'en',
      content: {
        title: 'Breakfast on the terrace',
        html: '<p>Every morning from 7 to 11, <strong>€14</strong> per person. Menu: https://hotel.example/breakfast</p>',
        imageDocumentId: null,
        buttons: [{ kind: 'url', label: 'Book a table', url: 'https://hotel.example/book' }],
      },
    },
    { token },
  );
  const clicked = performance.now();
  const run = await api.post('/api/openai/translations', { kind: 'overlay', id: overlay.id, from: 'en' }, { token });
  let view = run;
  while (view.items.some((i) => i.status === 'queued' || i.status === 'running')) {
    if (performance.now() - clicked > 60_000) throw new Error('the translation did not finish in 60 s');
    await sleep(10);
    view = await api.get(`/api/openai/translations/${run.id}`, { token });
  }
  const translateMs = Math.round(performance.now() - clicked);
  const done = view.items.filter((i) => i.status === 'done').length;
  log(
    `  translated into ${view.items.length} languages (${done} drafts) in ${translateMs} ms (${(translateMs / o.delay).toFixed(1)} × the delay)`,
  );

  return {
    redis: Boolean(redisUrl),
    delayMs: o.delay,
    streams: o.streams,
    rounds: o.rounds,
    firstPieceMs: { server, direct: provider },
    overheadMs: overhead,
    translation: { languages: view.items.length, drafts: done, ms: translateMs, delays: Math.round((translateMs / o.delay) * 10) / 10 },
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}

export function aiMarkdown(r) {
  return [
    `### AI assistant (fake provider, ${r.delayMs} ms before each answer)`,
    '',
    '| figure | value | target |',
    '| --- | ---: | --- |',
    `| first text piece through the server, p50 / p95 (${r.firstPieceMs.server.n} streams, ${r.streams} at once) | ${r.firstPieceMs.server.p50} / ${r.firstPieceMs.server.p95} ms | |`,
    `| the same directly from the provider, p50 / p95 | ${r.firstPieceMs.direct.p50} / ${r.firstPieceMs.direct.p95} ms | |`,
    `| server overhead to the first piece, p95 | ${r.overheadMs.p95} ms | ≤ 20 ms |`,
    `| Translate to all languages: ${r.translation.languages} languages, ${r.translation.drafts} drafts | ${r.translation.ms} ms (${r.translation.delays} × the delay) | ≤ 13 × the delay |`,
    '',
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values: args } = parseArgs({
    options: {
      delay: { type: 'string' },
      streams: { type: 'string' },
      rounds: { type: 'string' },
      out: { type: 'string', default: path.join(ROOT, 'bench/results') },
    },
  });
  const { cleanups, cleanup } = cleanupStack(console.log);
  const track = (fn) => cleanups.push(fn);
  const options = {};
  for (const k of ['delay', 'streams', 'rounds']) if (args[k]) options[k] = Number(args[k]);
  try {
    const result = await runAi({ options, track, log: console.log });
    fs.mkdirSync(args.out, { recursive: true });
    fs.writeFileSync(path.join(args.out, 'ai.json'), JSON.stringify(result, null, 2) + '\n');
    const md = aiMarkdown(result);
    fs.writeFileSync(path.join(args.out, 'ai.md'), md);
    console.log(md);
  } finally {
    await cleanup();
  }
}
