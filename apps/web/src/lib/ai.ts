import {
  ErrorKey,
  type AiCompletion,
  type AiPromptMessage,
  type AiStatus,
  type AiTranslationRun,
  type UserFlag,
} from '@spotlist/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, isApiError } from './api-client';
import { useAuth } from './auth';

/**
 * The AI assistant's calls shared by the pages that offer it (the assistant page, the inline ✨
 * actions, "Translate to all languages" and its review): contracts ai.ts, server modules/ai.
 * Answers are checked structurally (no zod here).
 */
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isStatus = (v: unknown): boolean => isObject(v) && typeof v.configured === 'boolean' && isObject(v.quota);
const isCompletion = (v: unknown): v is AiCompletion => isObject(v) && typeof v.content === 'string' && isObject(v.usage);
const isRun = (v: unknown): v is AiTranslationRun => isObject(v) && typeof v.id === 'number' && Array.isArray(v.items);

const AI_FLAG: UserFlag = 'aiassistantactivated';

const statusKey = ['ai', 'status'] as const;

/** GET /api/openai/status: configured or not, the models, today's quota. */
export const useAiStatus = () => useQuery({ queryKey: statusKey, queryFn: () => api.get<AiStatus>('/openai/status', { guard: isStatus }) });

/** The quota changed (a completion ran): read the status again. */
export function useRefreshStatus() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: statusKey });
}

/** What a failed completion shows: stopped by the user, the API's key, or a general failure. */
export function completionFailure(error: unknown): string {
  if ((error as { name?: unknown })?.name === 'AbortError') return 'AI.STOPPED';
  if (isApiError(error)) return `ERROR.${error.key}`;
  return 'AI.FAILED';
}

/** Whether the assistant is offered to this user: the flag, and a provider configured on the server. */
export function useAiOffered(): boolean {
  const { user } = useAuth();
  const flagged = user?.[AI_FLAG] === true;
  const status = useQuery({
    queryKey: statusKey,
    queryFn: () => api.get<AiStatus>('/openai/status', { guard: isStatus }),
    enabled: flagged,
    staleTime: 60_000,
  });
  return flagged && status.data?.configured === true;
}

/** The review of a translation run. */
export const aiReviewPath = (runId: number) => `/ai-translations/${runId}`;

/** POST /api/openai/translations: an overlay's or a widget's text into every other language, as drafts. */
export const startTranslation = (kind: 'overlay' | 'widget', id: number, from: string) =>
  api.post<AiTranslationRun>('/openai/translations', { kind, id, from }, { guard: isRun });

export const translationKey = (runId: number) => ['ai', 'translation', runId] as const;

/** GET /api/openai/translations/{id}, read again every second while a language is still being translated. */
export const useTranslationRun = (runId: number) =>
  useQuery({
    queryKey: translationKey(runId),
    queryFn: () => api.get<AiTranslationRun>(`/openai/translations/${runId}`, { guard: isRun }),
    refetchInterval: (q) => (q.state.data?.items.some((i) => i.status === 'queued' || i.status === 'running') ? 1000 : false),
  });

/** Publish, retry or discard one language of a run; answers the run as it is then. */
export function useTranslationAction(runId: number) {
  const client = useQueryClient();
  return async (action: 'publish' | 'retry' | 'discard', language: string) => {
    const run = await api.post<AiTranslationRun>(`/openai/translations/${runId}/${action}`, undefined, {
      query: { language },
      guard: isRun,
    });
    client.setQueryData(translationKey(runId), run);
    return run;
  };
}

/**
 * POST /api/openai/completion with `stream: true`: `onDelta` gets each piece of text as it
 * comes; answers the whole completion. An error before the first piece is the API's error (its
 * key, shown by the error toast); an `error` event after it throws an ApiError with its key.
 */
export async function streamCompletion(
  messages: AiPromptMessage[],
  onDelta: (text: string) => void,
  signal: AbortSignal,
): Promise<AiCompletion> {
  const res = await api.request<Response>('/openai/completion', { method: 'POST', body: { messages, stream: true }, raw: true, signal });
  if (!res.body) throw new ApiError(ErrorKey.aiProvider, 502, '/openai/completion');
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let done: AiCompletion | null = null;
  for (;;) {
    const { value, done: ended } = await reader.read();
    if (ended) break;
    buffer += value;
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const name = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (data === undefined) continue;
      const parsed = JSON.parse(data) as unknown;
      if (name === 'error') throw new ApiError(String((parsed as { key?: unknown }).key ?? ErrorKey.aiProvider), 502, '/openai/completion');
      if (name === 'done' && isCompletion(parsed)) done = parsed;
      else if (isObject(parsed) && typeof parsed.delta === 'string') onDelta(parsed.delta);
    }
  }
  if (!done) throw new ApiError(ErrorKey.aiProvider, 502, '/openai/completion');
  return done;
}
