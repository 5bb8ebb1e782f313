import OpenAI, { APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { Config } from '../../config.ts';

/** What the AI client needs, read from AI_* (README "Configuration"). */
export interface AiConfig {
  /** The API's base URL with its `/v1` (Ollama: http://localhost:11434/v1). */
  baseUrl: string;
  apiKey: string;
  model: string;
  /** The models a request may name (the default among them). */
  models: string[];
  timeoutMs: number;
  maxTokens: number;
}

/** The AI configuration, or undefined when AI_BASE_URL is not set (the assistant answers 503). */
export function aiConfig(config: Config): AiConfig | undefined {
  if (!config.AI_BASE_URL) return undefined;
  return {
    baseUrl: config.AI_BASE_URL.replace(/\/+$/, ''),
    // local servers ignore the key, the SDK wants one
    apiKey: config.AI_API_KEY ?? 'none',
    model: config.AI_MODEL,
    models: [...new Set([config.AI_MODEL, ...config.AI_MODELS])],
    timeoutMs: config.AI_TIMEOUT_MS,
    maxTokens: config.AI_MAX_TOKENS,
  };
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface ChatResult {
  model: string;
  content: string;
  finishReason: string | null;
  /** The provider's count; null when it sent none (a stream without usage, a cut one). */
  usage: ChatUsage | null;
}

/** Why a completion failed: `timeout` (AI_TIMEOUT_MS), `aborted` (the caller went away), `provider` (anything else). */
export class AiError extends Error {
  constructor(
    readonly reason: 'timeout' | 'aborted' | 'provider',
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AiError';
  }
}

/** The small interface the assistant uses. */
export interface ChatClient {
  complete(model: string, messages: ChatMessage[], signal?: AbortSignal): Promise<ChatResult>;
  /** Calls `onDelta` with each piece of text as it comes; answers what came, with the usage when the provider sent it. */
  stream(model: string, messages: ChatMessage[], onDelta: (text: string) => void, signal?: AbortSignal): Promise<ChatResult>;
}

/** An SDK failure → AiError (never with the key or the prompt in its message). */
function asAiError(error: unknown, signal?: AbortSignal): AiError {
  if (error instanceof AiError) return error;
  if (error instanceof APIUserAbortError || signal?.aborted)
    return new AiError('aborted', 'the completion was cancelled', undefined, { cause: error });
  if (error instanceof APIConnectionTimeoutError)
    return new AiError('timeout', 'the AI provider did not answer in time', undefined, { cause: error });
  if (error instanceof APIError)
    return new AiError('provider', `the AI provider answered ${error.status ?? 'without a status'}`, error.status, { cause: error });
  // a body that is not JSON, a cut stream, a refused connection
  return new AiError('provider', 'the AI provider failed', undefined, { cause: error });
}

/**
 * The official `openai` SDK against any OpenAI-compatible server (POST {baseUrl}/chat/completions,
 * JSON or server-sent chunks ending in `data: [DONE]`). No retries: a completion is not idempotent
 * for the user's quota, and a streamed one cannot be replayed; the caller shows the failure.
 */
export function openAiChat(cfg: AiConfig, fetchImpl?: typeof fetch): ChatClient {
  const client = new OpenAI({
    apiKey: cfg.apiKey,
    baseURL: cfg.baseUrl,
    timeout: cfg.timeoutMs,
    maxRetries: 0,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
  return {
    async complete(model, messages, signal) {
      try {
        const res = await client.chat.completions.create({ model, messages, max_tokens: cfg.maxTokens }, { signal });
        const choice = res.choices?.[0];
        if (!choice || typeof choice.message?.content !== 'string')
          throw new AiError('provider', 'the AI provider answered without a message');
        return {
          model: res.model || model,
          content: choice.message.content,
          finishReason: choice.finish_reason ?? null,
          usage: res.usage ? { promptTokens: res.usage.prompt_tokens, completionTokens: res.usage.completion_tokens } : null,
        };
      } catch (error) {
        throw asAiError(error, signal);
      }
    },

    async stream(model, messages, onDelta, signal) {
      let content = '';
      let finishReason: string | null = null;
      let usage: ChatUsage | null = null;
      let answeredModel = model;
      try {
        // the SDK's timeout covers the answer's start; the stream's end is bounded here
        const deadline = AbortSignal.timeout(cfg.timeoutMs);
        const both = signal ? AbortSignal.any([signal, deadline]) : deadline;
        const stream = await client.chat.completions.create(
          { model, messages, max_tokens: cfg.maxTokens, stream: true, stream_options: { include_usage: true } },
          { signal: both },
        );
        try {
          for await (const chunk of stream) {
            if (chunk.model) answeredModel = chunk.model;
            if (chunk.usage) usage = { promptTokens: chunk.usage.prompt_tokens, completionTokens: chunk.usage.completion_tokens };
            const choice = chunk.choices?.[0];
            if (choice?.finish_reason) finishReason = choice.finish_reason;
            const delta = choice?.delta?.content;
            if (delta) {
              content += delta;
              onDelta(delta);
            }
          }
        } catch (error) {
          if (deadline.aborted && !signal?.aborted)
            throw new AiError('timeout', 'the AI provider did not finish in time', undefined, { cause: error });
          throw error;
        }
        // a stream that ended without a finish reason was cut
        if (finishReason === null) throw new AiError('provider', 'the AI provider ended the stream early');
        return { model: answeredModel, content, finishReason, usage };
      } catch (error) {
        const failure = asAiError(error, signal);
        // what came before the failure: the caller counts it
        Object.assign(failure, { partial: { model: answeredModel, content, finishReason, usage } satisfies ChatResult });
        throw failure;
      }
    },
  };
}

/** What a failed stream delivered before it failed (for the quota: only what was used counts). */
export const partialOf = (error: unknown): ChatResult | undefined => (error as { partial?: ChatResult } | null)?.partial;
