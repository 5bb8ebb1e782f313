import type { ListDetail } from '@spotlist/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The assistant's calls (contracts ai.ts; server modules/ai/README.md). Answers are checked
 * structurally (no zod in this chunk).
 */
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isPage = (v: unknown): boolean => isObject(v) && Array.isArray(v.list);

export { streamCompletion, useAiStatus, useRefreshStatus } from '../../../lib/ai';

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
export { voiceOf, AI_VOICE_SETTING as VOICE_SETTING } from '@spotlist/contracts';
