import type { LikedPlace } from '@spotlist/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { LatLng } from '../../../lib/geolocation';
import { LIKES_KEY } from '../../../lib/place-queries';

interface Page<T> {
  list: T[];
  total: number;
}
const isPage = (v: unknown): v is Page<unknown> => typeof v === 'object' && v !== null && Array.isArray((v as { list?: unknown }).list);

/**
 * GET /api/like/default: the liked places with their distance from the `user-location` header
 * (sent by the api client once lib/geolocation knows a position). The location is part of the key:
 * when it becomes known, the list is read again with distances.
 */
export async function getLikes(): Promise<LikedPlace[]> {
  return (await api.get<Page<LikedPlace>>('/like/default', { query: { 'p.s': 100 }, guard: isPage })).list;
}

export const DEFAULT_LIKES_KEY = [LIKES_KEY, 'default'] as const;

export const likesQuery = (location: LatLng | null) =>
  queryOptions({ queryKey: [...DEFAULT_LIKES_KEY, location?.lat, location?.lng], queryFn: getLikes });
export const useLikes = (location: LatLng | null) => useQuery(likesQuery(location));
