import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { PLACE_SEARCH_KEY } from './place-search';

/** Query key prefix of single places (a like, an edit or a picture changes them). */
export const PLACE_KEY = 'place';

/** Query key prefix of like lists (features/likes). */
export const LIKES_KEY = 'likes';

/** Everything that shows places: after a change of one, all of them are read again. */
export const invalidatePlaces = (client: QueryClient) =>
  client.invalidateQueries({ predicate: (q) => [PLACE_KEY, LIKES_KEY, PLACE_SEARCH_KEY].includes(q.queryKey[0] as string) });

/**
 * POST /api/like/create or /api/like/remove { placeId } (the default like list); the likes, searches
 * and places are read again. Shared by the liked-places pages and the place page.
 */
export function useToggleLike() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ placeId, like }: { placeId: number; like: boolean }) => api.post(like ? '/like/create' : '/like/remove', { placeId }),
    onSuccess: () => invalidatePlaces(client),
  });
}
