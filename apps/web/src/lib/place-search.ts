import type { PlaceView } from '@spotlist/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from './api-client';
import type { LatLng } from './geolocation';

const isPage = (v: unknown): v is { list: unknown[] } =>
  typeof v === 'object' && v !== null && Array.isArray((v as { list?: unknown }).list);

/** GET /api/place/list?f.q=…: the catalogue search (nearest first when the location is known). */
export async function searchPlaces(q: string, located: boolean): Promise<PlaceView[]> {
  const query: Record<string, string> = { 'f.q': q, 'p.s': '20' };
  if (located) query['o.sort'] = 'distance';
  return (await api.get<{ list: PlaceView[] }>('/place/list', { query, guard: isPage })).list;
}

/** Query key prefix of catalogue searches (liking a place invalidates them: the `liked` flag changes). */
export const PLACE_SEARCH_KEY = 'place-search';

export const useSearchPlaces = (q: string, location: LatLng | null) =>
  useQuery({
    queryKey: [PLACE_SEARCH_KEY, q, location?.lat, location?.lng],
    queryFn: () => searchPlaces(q, location !== null),
    enabled: q.trim().length > 0,
  });

/** The text, trimmed, once it has not changed for `ms` (a search while typing). */
export function useSettledText(text: string, ms = 300): string {
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text.trim()), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}
