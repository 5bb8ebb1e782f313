import type { Config } from '../../config.ts';

/** What the translation client needs, read from TRANSLATION_* (README "Configuration"). */
export interface TranslationConfig {
  /** The API's base URL, without `/translate`. */
  url: string;
  apiKey?: string;
  timeoutMs: number;
}

/** The translation configuration, or undefined when TRANSLATION_URL is not set (no "Translate" action). */
export function translationConfig(config: Config): TranslationConfig | undefined {
  if (!config.TRANSLATION_URL) return undefined;
  return {
    url: config.TRANSLATION_URL.replace(/\/+$/, ''),
    ...(config.TRANSLATION_API_KEY ? { apiKey: config.TRANSLATION_API_KEY } : {}),
    timeoutMs: config.TRANSLATION_TIMEOUT_MS,
  };
}

/** The small interface messaging uses. */
export interface Translator {
  /** `text` in `target` (an ISO 639-1 code), the source detected by the provider. Throws TranslationError. */
  translate(text: string, target: string): Promise<{ text: string; detected: string | null }>;
}

export class TranslationError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'TranslationError';
  }
}

/**
 * LibreTranslate's API (libretranslate.com/docs): `POST /translate` with JSON `{q, source: "auto",
 * target, format: "text", api_key}`, answering `{translatedText, detectedLanguage: {language,
 * confidence}}`; errors are `{error}` with 400 (bad request), 403 (key), 429 (slow down) or 500.
 * `format: "text"` keeps the message plain: no HTML goes in or comes back interpreted.
 */
export function libreTranslate(cfg: TranslationConfig, fetchImpl: typeof fetch = fetch): Translator {
  return {
    async translate(text, target) {
      let res: Response;
      try {
        res = await fetchImpl(`${cfg.url}/translate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ q: text, source: 'auto', target, format: 'text', ...(cfg.apiKey ? { api_key: cfg.apiKey } : {}) }),
          signal: AbortSignal.timeout(cfg.timeoutMs),
        });
      } catch (cause) {
        throw new TranslationError('translation provider unreachable', undefined, { cause });
      }
      let body: unknown;
      try {
        body = await res.json();
      } catch (cause) {
        throw new TranslationError(`translation provider answered ${res.status} without JSON`, res.status, { cause });
      }
      if (!res.ok) {
        const said = typeof body === 'object' && body !== null && 'error' in body ? String((body as { error: unknown }).error) : '';
        throw new TranslationError(`translation provider answered ${res.status}${said ? `: ${said}` : ''}`, res.status);
      }
      const b = body as { translatedText?: unknown; detectedLanguage?: { language?: unknown } };
      if (typeof b.translatedText !== 'string')
        throw new TranslationError('translation provider answered without translatedText', res.status);
      const detected = typeof b.detectedLanguage?.language === 'string' ? b.detectedLanguage.language : null;
      return { text: b.translatedText, detected };
    },
  };
}
