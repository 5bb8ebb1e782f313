import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AiCompletion, AiStatus } from '@spotlist/contracts';
import { buildTestApp, req, type LoggedIn, type TestApp } from '../../../test/helpers.ts';
import { business } from '../../../test/widget-helpers.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fakes/openai.ts';

const KEY = 'sk-test-secret-key-do-not-leak';
let fake: FakeOpenAi;
let t: TestApp;
let hotel: LoggedIn; // aiassistantactivated
let plain: LoggedIn; // a business without the flag

const ask = (u: LoggedIn | null, body: unknown, headers: Record<string, string> = {}) =>
  req(t.app, 'POST', '/api/openai/completion', { token: u?.token, body, headers });
const user = (content: string) => ({ role: 'user', content });

/** Server-sent events of a response body: `[{ event, data }]`. */
const events = (body: string) =>
  body
    .split('\n\n')
    .filter(Boolean)
    .map((block) => {
      const name = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      return { event: name, data: JSON.parse(/^data: (.*)$/m.exec(block)![1]!) as Record<string, unknown> };
    });

beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: KEY, models: ['gpt-3.5-turbo', 'llama3.2'] });
  t = await buildTestApp({
    config: {
      AI_BASE_URL: fake.url,
      AI_API_KEY: KEY,
      AI_MODELS: 'llama3.2',
      AI_TIMEOUT_MS: '1500',
      AI_MAX_PROMPT_CHARS: '2000',
      AI_QUOTA_USER_REQUESTS: '50',
      AI_QUOTA_USER_TOKENS: '100000',
      AI_QUOTA_CLIENT_REQUESTS: '1000',
      AI_QUOTA_CLIENT_TOKENS: '1000000',
    },
  });
  hotel = await business(t.app, { aiassistantactivated: true });
  plain = await business(t.app);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('POST /api/openai/completion (SPEC §7)', () => {
  it('needs a login and the flag', async () => {
    expect((await ask(null, { messages: [user('Hi')] })).statusCode).toBe(401);
    const refused = await ask(plain, { messages: [user('Hi')] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ key: 'error.flag.missing' });
    expect((await req(t.app, 'GET', '/api/openai/status', { token: plain.token })).statusCode).toBe(403);
  });

  it('answers the completion of the default model through the SDK, with the key sent to the provider only', async () => {
    const before = fake.requests.length;
    const res = await ask(hotel, { messages: [user('Write a welcome line')] });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as AiCompletion;
    expect(answer).toMatchObject({ model: 'gpt-3.5-turbo', content: 'Echo: Write a welcome line', finishReason: 'stop' });
    expect(answer.usage.totalTokens).toBe(answer.usage.promptTokens + answer.usage.completionTokens);
    const sent = fake.requests[before]!;
    expect(sent).toMatchObject({ model: 'gpt-3.5-turbo', stream: false, authorization: `Bearer ${KEY}` });
    expect(sent.messages).toEqual([user('Write a welcome line')]);
    // the key never reaches the browser
    expect(res.body).not.toContain(KEY);
    // a model of the allow-list
    expect((await ask(hotel, { model: 'llama3.2', messages: [user('Hi')] })).json()).toMatchObject({ model: 'llama3.2' });
  });

  it('streams server-sent events: the text in pieces, then done with the usage', async () => {
    fake.reply = () => 'Welcome to our hotel by the lake.';
    try {
      const res = await ask(hotel, { stream: true, messages: [{ role: 'system', content: 'You write for a hotel.' }, user('Welcome')] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      const got = events(res.body);
      const deltas = got.filter((e) => e.event === 'message').map((e) => e.data.delta);
      expect(deltas.length).toBeGreaterThan(3);
      expect(deltas.join('')).toBe('Welcome to our hotel by the lake.');
      expect(got.at(-1)).toMatchObject({ event: 'done', data: { content: 'Welcome to our hotel by the lake.', finishReason: 'stop' } });
      expect((got.at(-1)!.data.usage as { completionTokens: number }).completionTokens).toBeGreaterThan(0);
      // Accept: text/event-stream asks for the same
      const accepted = await ask(hotel, { messages: [user('Welcome')] }, { accept: 'text/event-stream' });
      expect(events(accepted.body).at(-1)!.event).toBe('done');
    } finally {
      fake.reply = (m) => `Echo: ${m.at(-1)!.content}`;
    }
  });

  it('refuses bad input with a key and asks the provider nothing', async () => {
    const before = fake.requests.length;
    const cases: [unknown, number, string][] = [
      [{ messages: [] }, 400, 'error.validation'],
      [{ messages: [user('   ')] }, 400, 'error.validation'],
      [{ messages: [{ role: 'tool', content: 'x' }] }, 400, 'error.validation'],
      [{ messages: [{ role: 'user', content: 'x', name: 'extra' }] }, 400, 'error.validation'],
      [{ messages: [user('x\u0000y')] }, 400, 'error.validation'],
      [{ model: 'gpt-4o', messages: [user('Hi')] }, 400, 'error.ai.model'],
      [{ messages: [user('x'.repeat(1500)), user('y'.repeat(600))] }, 400, 'error.ai.prompt.toolarge'],
      ['not an object', 400, 'error.validation'],
    ];
    for (const [body, status, key] of cases) {
      const res = await ask(hotel, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(status);
      expect(res.json()).toMatchObject({ key });
    }
    expect(fake.requests.length).toBe(before);
  });

  it('a provider error, a non-JSON answer and a timeout are 502/504 with their key, counting no tokens', async () => {
    const quota = async () => (await req(t.app, 'GET', '/api/openai/status', { token: hotel.token })).json() as AiStatus;
    const start = await quota();
    fake.failNext(500);
    expect((await ask(hotel, { messages: [user('Hi')] })).json()).toMatchObject({ key: 'error.ai.provider' });
    fake.garbageNext();
    const garbage = await ask(hotel, { messages: [user('Hi')] });
    expect(garbage.statusCode).toBe(502);
    expect(garbage.json()).toMatchObject({ key: 'error.ai.provider' });
    fake.failNext(500);
    const streamed = await ask(hotel, { stream: true, messages: [user('Hi')] });
    expect(streamed.statusCode).toBe(502);
    expect(streamed.json()).toMatchObject({ key: 'error.ai.provider' });
    fake.delayMs = 2500;
    try {
      const slow = await ask(hotel, { messages: [user('Hi')] });
      expect(slow.statusCode).toBe(504);
      expect(slow.json()).toMatchObject({ key: 'error.ai.timeout' });
    } finally {
      fake.delayMs = 0;
    }
    // none of them used anything: the quota is where it was
    expect((await quota()).quota).toMatchObject({ requests: start.quota.requests, tokens: start.quota.tokens });
  });

  it('a stream cut halfway ends with an error event, and counts what came', async () => {
    fake.reply = () => 'one two three four five six seven';
    try {
      const before = (await req(t.app, 'GET', '/api/openai/status', { token: hotel.token })).json() as AiStatus;
      fake.cutNext();
      const res = await ask(hotel, { stream: true, messages: [user('Count')] });
      expect(res.statusCode).toBe(200);
      const got = events(res.body);
      expect(
        got
          .filter((e) => e.event === 'message')
          .map((e) => e.data.delta)
          .join(''),
      ).toBe('one two ');
      expect(got.at(-1)).toEqual({ event: 'error', data: { key: 'error.ai.provider' } });
      const after = (await req(t.app, 'GET', '/api/openai/status', { token: hotel.token })).json() as AiStatus;
      expect(after.quota.requests.used).toBe(before.quota.requests.used + 1);
      expect(after.quota.tokens.used).toBeGreaterThan(before.quota.tokens.used);
    } finally {
      fake.reply = (m) => `Echo: ${m.at(-1)!.content}`;
    }
  });
});

describe('a caller leaving mid-stream', () => {
  it("stops the provider's stream, and counts what came", async () => {
    // a real connection (inject cannot drop one): the browser closes it after the first pieces
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const reply = fake.reply;
    fake.reply = () => Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    fake.chunkDelayMs = 30;
    const abandoned = fake.abandoned;
    try {
      const controller = new AbortController();
      const res = await fetch(`${base}/api/openai/completion`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-auth-token': hotel.token, accept: 'text/event-stream' },
        body: JSON.stringify({ messages: [user('Write a long text')] }),
        signal: controller.signal,
      });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      const first = await reader.read();
      expect(new TextDecoder().decode(first.value)).toContain('"delta"');
      controller.abort();
      // the server aborts its request to the provider: the fake sees its client go before the end
      const until = Date.now() + 3000;
      while (fake.abandoned === abandoned && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      expect(fake.abandoned).toBe(abandoned + 1);
      // the usage row ends failed with the text that came (not all sixty words)
      const until2 = Date.now() + 3000;
      let row: { status: string; completion_tokens: number } | undefined;
      while (Date.now() < until2) {
        const { rows } = (await t.database.db.execute(
          sql`select status, completion_tokens from ai_usage where user_id = ${hotel.user.id} order by id desc limit 1`,
        )) as unknown as { rows: { status: string; completion_tokens: number }[] };
        row = rows[0];
        if (row?.status !== 'running') break;
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(row?.status).toBe('failed');
      expect(row!.completion_tokens).toBeLessThan(Math.ceil(fake.reply([]).length / 4));
    } finally {
      fake.reply = reply;
      fake.chunkDelayMs = 0;
    }
  });
});

describe('quotas', () => {
  it('counts requests and tokens per user and business per UTC day; over the limit 429 with Retry-After', async () => {
    const q = await buildTestApp({
      database: t.database,
      config: { AI_BASE_URL: fake.url, AI_API_KEY: KEY, AI_QUOTA_USER_REQUESTS: '2', AI_QUOTA_CLIENT_REQUESTS: '1000' },
    });
    try {
      const b = await business(q.app, { aiassistantactivated: true });
      const status = async () => (await req(q.app, 'GET', '/api/openai/status', { token: b.token })).json() as AiStatus;
      expect(await status()).toMatchObject({ configured: true, model: 'gpt-3.5-turbo', quota: { requests: { used: 0, limit: 2 } } });
      for (let i = 0; i < 2; i++)
        expect((await req(q.app, 'POST', '/api/openai/completion', { token: b.token, body: { messages: [user('Hi')] } })).statusCode).toBe(
          200,
        );
      const over = await req(q.app, 'POST', '/api/openai/completion', { token: b.token, body: { messages: [user('Hi')] } });
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({ key: 'error.ai.quota' });
      const wait = Number(over.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(86_400);
      // refused once, the user is refused at once until the reset: the provider is not asked again
      const asked = fake.requests.length;
      const again = await req(q.app, 'POST', '/api/openai/completion', { token: b.token, body: { messages: [user('Hi')], stream: true } });
      expect(again.statusCode).toBe(429);
      expect(again.json()).toMatchObject({ key: 'error.ai.quota' });
      expect(fake.requests.length).toBe(asked);
      const s = await status();
      expect(s.quota.requests).toEqual({ used: 2, limit: 2 });
      expect(s.quota.tokens.used).toBeGreaterThan(0);
      expect(Date.parse(s.quota.resetsAt) - Date.now()).toBeCloseTo(wait * 1000, -4);
      // another user of the same client: their own count is theirs, the client's counts both
      const other = await business(q.app, { aiassistantactivated: true });
      const theirs = (await req(q.app, 'GET', '/api/openai/status', { token: other.token })).json() as AiStatus;
      expect(theirs.quota.requests.used).toBe(0);
      expect(theirs.quota.clientRequests.used).toBe(s.quota.clientRequests.used);
      expect(s.quota.clientRequests.used).toBeGreaterThanOrEqual(2);
      expect(
        (await req(q.app, 'POST', '/api/openai/completion', { token: other.token, body: { messages: [user('Hi')] } })).statusCode,
      ).toBe(200);
    } finally {
      await q.close();
    }
  });
});

describe('without a provider', () => {
  it('answers 503 error.ai.notconfigured and says so in the status', async () => {
    const n = await buildTestApp({ database: t.database });
    try {
      const b = await business(n.app, { aiassistantactivated: true });
      const res = await req(n.app, 'POST', '/api/openai/completion', { token: b.token, body: { messages: [user('Hi')] } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ key: 'error.ai.notconfigured' });
      expect((await req(n.app, 'GET', '/api/openai/status', { token: b.token })).json()).toMatchObject({ configured: false });
    } finally {
      await n.close();
    }
  });
});
