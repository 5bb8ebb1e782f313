import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OpenAI-compatible server for tests: plain Node HTTP speaking `POST /v1/chat/completions`
 * as the API reference documents it (platform.openai.com/docs/api-reference/chat):
 * - a JSON body `{ model, messages: [{ role, content }], max_tokens?, stream?, stream_options? }`
 *   with `Authorization: Bearer <key>`;
 * - the answer `{ id, object: "chat.completion", created, model, choices: [{ index, message:
 *   { role: "assistant", content }, finish_reason }], usage: { prompt_tokens, completion_tokens,
 *   total_tokens } }`;
 * - with `stream: true`, `text/event-stream` chunks `data: {"object":"chat.completion.chunk",
 *   "choices":[{"index":0,"delta":{"content":"…"},"finish_reason":null}]}`, the last with its
 *   `finish_reason`, a usage chunk with empty `choices` when `stream_options.include_usage`, then
 *   `data: [DONE]`;
 * - errors `{ error: { message, type, code } }` with 401 (key), 404 (unknown model), 429, 500.
 *
 * The reply is chosen by `reply(messages)` (default: echoes the last user message, "Echo: …"),
 * split into word pieces when streamed. Switches: `delayMs` before the answer starts, `chunkDelayMs`
 * between streamed pieces, `failNext(status)`, `cutNext()` (the stream stops after two pieces,
 * without a finish reason or [DONE]), `garbageNext()` (a 200 that is not JSON).
 */
export interface FakeOpenAi {
  /** The base URL with its /v1, as AI_BASE_URL takes it. */
  url: string;
  requests: { model: string; messages: { role: string; content: string }[]; stream: boolean; authorization: string | undefined }[];
  reply: (messages: { role: string; content: string }[]) => string;
  delayMs: number;
  chunkDelayMs: number;
  failNext(status: number): void;
  cutNext(): void;
  garbageNext(): void;
  /** Streams whose client went away before the end. */
  abandoned: number;
  close(): Promise<void>;
}

const tokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startFakeOpenAi(opts: { apiKey?: string; models?: string[] } = {}): Promise<FakeOpenAi> {
  let next: { kind: 'fail'; status: number } | { kind: 'cut' } | { kind: 'garbage' } | null = null;
  const fake: FakeOpenAi = {
    url: '',
    requests: [],
    reply: (messages) => `Echo: ${[...messages].reverse().find((m) => m.role === 'user')?.content ?? ''}`,
    delayMs: 0,
    chunkDelayMs: 0,
    failNext: (status) => void (next = { kind: 'fail', status }),
    cutNext: () => void (next = { kind: 'cut' }),
    garbageNext: () => void (next = { kind: 'garbage' }),
    abandoned: 0,
    close: async () => {},
  };
  const error = (res: http.ServerResponse, status: number, message: string, code: string) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message, type: status === 429 ? 'rate_limit_error' : 'invalid_request_error', code } }));
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', async () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return error(res, 404, 'Not found', 'not_found');
      if (opts.apiKey && req.headers.authorization !== `Bearer ${opts.apiKey}`)
        return error(res, 401, 'Incorrect API key provided', 'invalid_api_key');
      let body: {
        model?: string;
        messages?: { role: string; content: string }[];
        stream?: boolean;
        stream_options?: { include_usage?: boolean };
      };
      try {
        body = JSON.parse(raw);
      } catch {
        return error(res, 400, 'We could not parse the JSON body of your request.', 'invalid_json');
      }
      const messages = body.messages ?? [];
      fake.requests.push({ model: String(body.model), messages, stream: body.stream === true, authorization: req.headers.authorization });
      if (opts.models && !opts.models.includes(String(body.model)))
        return error(res, 404, `The model \`${body.model}\` does not exist`, 'model_not_found');
      const now = next;
      next = null;
      if (fake.delayMs) await sleep(fake.delayMs);
      if (now?.kind === 'fail') return error(res, now.status, 'The server had an error while processing your request.', 'server_error');
      if (now?.kind === 'garbage') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('<html>Bad gateway</html>');
      }
      const text = fake.reply(messages);
      const promptTokens = tokens(messages.map((m) => m.content).join(' '));
      const usage = { prompt_tokens: promptTokens, completion_tokens: tokens(text), total_tokens: promptTokens + tokens(text) };
      const id = `chatcmpl-${Date.now().toString(36)}`;
      const created = Math.floor(Date.now() / 1000);
      if (!body.stream) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(
          JSON.stringify({
            id,
            object: 'chat.completion',
            created,
            model: body.model,
            choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
            usage,
          }),
        );
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
      let closed = false;
      res.on('close', () => {
        if (!res.writableFinished) {
          closed = true;
          fake.abandoned += 1;
        }
      });
      const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, choices, ...extra })}\n\n`;
      const pieces = text.match(/\S+\s*/g) ?? [];
      res.write(chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]));
      for (const [i, piece] of pieces.entries()) {
        if (closed) return;
        if (now?.kind === 'cut' && i === 2) {
          // what was written reaches the client first; then the connection drops
          await sleep(50);
          return res.destroy();
        }
        res.write(chunk([{ index: 0, delta: { content: piece }, finish_reason: null }]));
        if (fake.chunkDelayMs) await sleep(fake.chunkDelayMs);
      }
      res.write(chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]));
      if (body.stream_options?.include_usage) res.write(chunk([], { usage }));
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}/v1`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
