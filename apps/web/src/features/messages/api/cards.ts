import type { ListDetail, PlaceView } from '@spotlist/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getKnownLocation } from '../../../lib/geolocation';
import { isObject, isPage } from './guards';

/**
 * The place and list a message shares, read with the same requests and query keys as the place
 * page (features/places `placeQuery`: ['place', id, lat, lng]) and the list page (features/lists
 * `listQuery`: ['lists', id]), so one cache serves both and a like here shows there. Written out
 * here: importing them would load the places chunk with every conversation. Silent: a place or
 * list one may not read is the card's "not available", not a toast.
 */
const isPlace = (v: unknown): v is PlaceView => isObject(v) && typeof v.id === 'number' && typeof v.name === 'string';
const isListDetail = (v: unknown): v is ListDetail => isObject(v) && typeof v.id === 'number' && isPage(v.items);

export const placeCardQuery = (id: number) => {
  const location = getKnownLocation();
  return queryOptions({
    queryKey: ['place', id, location?.lat, location?.lng],
    queryFn: () => api.get<PlaceView>(`/place/${id}`, { guard: isPlace, silent: true }),
    staleTime: 60_000,
  });
};
export const usePlaceCard = (id: number) => useQuery(placeCardQuery(id));

export const listCardQuery = (id: number) =>
  queryOptions({
    queryKey: ['lists', id],
    queryFn: () => api.get<ListDetail>(`/list/${id}`, { query: { 'p.s': 100 }, guard: isListDetail, silent: true }),
    staleTime: 60_000,
  });
export const useListCard = (id: number) => useQuery(listCardQuery(id));

/**
 * Like or Unlike (POST /api/like/create or /remove { placeId }, as lib/place-queries does): the
 * places, likes and searches are read again, here and on the place pages.
 */
export function useToggleLike() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ placeId, like }: { placeId: number; like: boolean }) => api.post(like ? '/like/create' : '/like/remove', { placeId }),
    onSuccess: () => client.invalidateQueries({ predicate: (q) => ['place', 'likes', 'place-search'].includes(q.queryKey[0] as string) }),
  });
}
