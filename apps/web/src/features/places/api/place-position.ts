import type { PlacePosition } from '@spotlist/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';

/** The address fields a position is looked up from ('' for an empty field). */
export interface PositionFields {
  address: string;
  city: string;
  country: string;
}

const isPosition = (v: unknown): v is PlacePosition =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as PlacePosition).latitude === 'number' &&
  typeof (v as PlacePosition).longitude === 'number' &&
  ((v as PlacePosition).source === 'address' || (v as PlacePosition).source === 'city');

/** Whether there is something to look up: an address or a city. */
export const hasAddress = (f: PositionFields): boolean => f.address.trim() !== '' || f.city.trim() !== '';

/**
 * GET /api/place/position: where the server puts a place with these address fields when it is
 * saved without coordinates (the geocoder's answer for the address, else the city centre); null
 * when neither knows it (404 error.place.position.notfound). Silent: the form says it in words.
 */
export async function getPlacePosition(f: PositionFields, signal?: AbortSignal): Promise<PlacePosition | null> {
  const query: Record<string, string> = {};
  if (f.address.trim()) query.address = f.address.trim();
  if (f.city.trim()) query.city = f.city.trim();
  if (f.country.trim()) query.country = f.country.trim();
  try {
    return await api.get<PlacePosition>('/place/position', { query, guard: isPosition, silent: true, signal });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export const PLACE_POSITION_KEY = 'place-position';

/** The position for these fields (null: nothing to look up yet); the server caches the geocoder's answers too. */
export const usePlacePosition = (f: PositionFields | null) =>
  useQuery({
    queryKey: [PLACE_POSITION_KEY, f?.address.trim(), f?.city.trim(), f?.country.trim()],
    queryFn: ({ signal }) => getPlacePosition(f!, signal),
    enabled: f !== null && hasAddress(f),
    staleTime: 10 * 60_000,
    retry: false,
  });
