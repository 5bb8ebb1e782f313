import type { PlaceView } from '@spotlist/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { LatLng } from '../../../lib/geolocation';
import { LIKES_KEY, PLACE_KEY } from '../../../lib/place-queries';
import { PLACE_SEARCH_KEY } from '../../../lib/place-search';

/** Checked structurally: the contracts' zod schema would load zod with every place page. */
export const isPlace = (v: unknown): v is PlaceView =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as { id?: unknown }).id === 'number' &&
  typeof (v as { name?: unknown }).name === 'string' &&
  Array.isArray((v as { accessibility?: unknown }).accessibility);

/**
 * GET /api/place/{id}: the place in the request's app-language, with its pictures, `editable`,
 * `liked`, and its distance from the `user-location` header (sent by the api client once
 * lib/geolocation knows a position). Silent: the page says what went wrong (error.place.notfound).
 */
export const getPlace = (id: number): Promise<PlaceView> => api.get<PlaceView>(`/place/${id}`, { guard: isPlace, silent: true });

/** The location is part of the key: when it becomes known, the place is read again with its distance. */
export const placeQuery = (id: number, location: LatLng | null) =>
  queryOptions({ queryKey: [PLACE_KEY, id, location?.lat, location?.lng], queryFn: () => getPlace(id) });
export const usePlace = (id: number, location: LatLng | null) => useQuery(placeQuery(id, location));

/**
 * DELETE /api/place/delete/{id} (its creator, while nobody else keeps it: else 409
 * error.place.inuse). The place itself is not read again (it is gone); the lists showing it are.
 */
export function useDeletePlace() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.request(`/place/delete/${id}`, { method: 'DELETE', silent: true }),
    onSuccess: () => client.invalidateQueries({ predicate: (q) => q.queryKey[0] === LIKES_KEY || q.queryKey[0] === PLACE_SEARCH_KEY }),
  });
}

/** POST /api/place/objectionable/{id} { reason } (SPEC §7 "report content"); the reason may be empty. */
export function useReportPlace() {
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      api.post(`/place/objectionable/${id}`, reason.trim() ? { reason: reason.trim() } : {}, { silent: true }),
  });
}

/** A list of the user's own (the choice of "Add to a list"). */
export interface OwnList {
  id: number;
  name: string;
}
const isPage = (v: unknown): v is { list: OwnList[] } =>
  typeof v === 'object' && v !== null && Array.isArray((v as { list?: unknown }).list);

/** GET /api/list/mine?f.kind=list: the user's own lists, for "Add to a list" (the likes list is the Like button). */
export const useOwnLists = () =>
  useQuery({
    queryKey: ['lists', 'mine', 'choice'],
    queryFn: async () =>
      (await api.get<{ list: OwnList[] }>('/list/mine', { query: { 'f.kind': 'list', 'p.s': 100 }, guard: isPage })).list,
  });

/** POST /api/list/{id}/items/add { placeId }: the place at the end of the list; the lists' answers are read again. */
export function useAddToList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ listId, placeId }: { listId: number; placeId: number }) =>
      api.post(`/list/${listId}/items/add`, { placeId }, { silent: true }),
    onSuccess: () => client.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'lists' }),
  });
}
