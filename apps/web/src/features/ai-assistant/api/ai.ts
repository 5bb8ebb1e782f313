import { ErrorKey, type AiCompletion, type AiPromptMessage, type AiStatus, type AiVoice, type ListDetail } from '@spotlist/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';

/**
 * The assistant's calls (contracts ai.ts; server modules/ai/README.md). Answers are checked
 * structurally (no zod in this chunk).
 */
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isStatus = (v: unknown): boolean => isObject(v) && typeof v.configured === 'boolean' && isObject(v.quota);
const isCompletion = (v: unknown): v is AiCompletion => isObject(v) && typeof v.content === 'string' && isObject(v.usage);
const isPage = (v: unknown): boolean => isObject(v) && Array.isArray(v.list);

const statusKey = ['ai', 'status'] as const;

/** GET /api/openai/status: configured or not, the models, today's quota. */
export const useAiStatus = () => useQuery({ queryKey: statusKey, queryFn: () => api.get<AiStatus>('/openai/status', { guard: isStatus }) });

/** The quota changed (a completion ran): read the status again. */
export function useRefreshStatus() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: statusKey });
}

/** The business's content languages (what it writes in), by key. */
export const useContentLanguages = () =>
  useQuery({
    queryKey: ['ai', 'languages'],
    queryFn: async () =>
      // the default content language first
      (await api.get<{ list: { key: string; isDefault?: boolean }[] }>('/language/mine', { guard: isPage })).list
        .slice()
        .sort((a, b) => Number(b.isDefault === true) - Number(a.isDefault === true))
        .map((l) => l.key),
  });

/** The business's lists with their places, as grounding data (at most 5 lists of 30 places). */
export async function groundingData(): Promise<{
  places: { name: string; description: string | null; address: string | null; city: string | null }[];
  lists: { name: string; description: string | null; places: string[] }[];
}> {
  const mine = (
    await api.get<{ list: { id: number; name: string }[] }>('/list/mine', { query: { 'f.kind': 'list', 'p.s': 5 }, guard: isPage })
  ).list;
  const places = new Map<number, { name: string; description: string | null; address: string | null; city: string | null }>();
  const lists = [];
  for (const l of mine.slice(0, 5)) {
    const detail = await api.get<ListDetail>(`/list/${l.id}`, { query: { 'p.s': 30 }, guard: (v) => isObject(v) && isPage(v.items) });
    const items = detail.items.list.slice(0, 30);
    for (const { place } of items)
      places.set(place.id, {
        name: place.name,
        description: place.description ?? null,
        address: place.address ?? null,
        city: place.city ?? null,
      });
    lists.push({ name: detail.name, description: detail.description ?? null, places: items.map((i) => i.place.name) });
  }
  return { places: [...places.values()], lists };
}

/** The voice as saved (setting `ai.voice`), read defensively. */
export function voiceOf(value: unknown): AiVoice {
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  if (!isObject(value)) return { description: '', use: [], avoid: [] };
  return {
    description: typeof value.description === 'string' ? value.description : '',
    use: strings(value.use),
    avoid: strings(value.avoid),
  };
}
export const VOICE_SETTING = 'ai.voice';

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
