import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local LibreTranslate for tests: a real HTTP server speaking `POST /translate` as its API
 * reference documents it (https://libretranslate.com/docs): a JSON (or form) body `{ q, source,
 * target, format, api_key }`, answering `{ translatedText, detectedLanguage: { confidence, language } }`
 * with `source: "auto"`; errors are `{ error }` — 400 for a missing `q` or an unsupported language,
 * 403 for a wrong or missing `api_key` (when the server requires one), 429 when throttled, 500.
 *
 * It "translates" from a small phrase book (tests know the answers); an unknown phrase comes back
 * marked with the target, `[de] …`, so a test can tell translated text from the original.
 */
export interface FakeTranslator {
  url: string;
  requests: Record<string, unknown>[];
  /** The next `times` requests answer `status` with an `{ error }` body. */
  failNext(status: number, times?: number): void;
  close(): Promise<void>;
}

const LANGUAGES = ['en', 'de', 'es', 'fr', 'hr', 'hu', 'it', 'pl', 'pt', 'ru', 'tr', 'nl', 'da'];
const PHRASES: Record<string, { from: string; to: Record<string, string> }> = {
  'Guten Morgen': { from: 'de', to: { en: 'Good morning', fr: 'Bonjour' } },
  'Where is the breakfast room?': { from: 'en', to: { de: 'Wo ist der Frühstücksraum?', tr: 'Kahvaltı salonu nerede?' } },
};

export async function startFakeTranslator(opts: { apiKey?: string } = {}): Promise<FakeTranslator> {
  const requests: Record<string, unknown>[] = [];
  let failing: { status: number; times: number } | null = null;
  const server = http.createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/translate') return answer(404, { error: 'Not Found' });
      let body: Record<string, unknown>;
      try {
        body = String(req.headers['content-type']).includes('json')
          ? (JSON.parse(raw) as Record<string, unknown>)
          : Object.fromEntries(new URLSearchParams(raw));
      } catch {
        return answer(400, { error: 'Invalid request' });
      }
      requests.push(body);
      if (failing && failing.times > 0) {
        failing.times -= 1;
        return answer(failing.status, { error: failing.status === 429 ? 'Slowdown: too many requests' : 'Internal error' });
      }
      if (opts.apiKey && body.api_key !== opts.apiKey) return answer(403, { error: 'Invalid API key' });
      const q = body.q;
      const target = String(body.target ?? '');
      if (typeof q !== 'string' || q === '') return answer(400, { error: 'Invalid request: missing q parameter' });
      if (!LANGUAGES.includes(target)) return answer(400, { error: `${target} is not supported` });
      const known = PHRASES[q];
      const source = body.source === 'auto' ? (known?.from ?? 'en') : String(body.source);
      const translatedText = known?.to[target] ?? (source === target ? q : `[${target}] ${q}`);
      answer(200, { translatedText, ...(body.source === 'auto' ? { detectedLanguage: { confidence: 90, language: source } } : {}) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext(status, times = 1) {
      failing = { status, times };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
