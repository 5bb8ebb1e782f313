import { CITY_SEARCH_DEFAULT_LIMIT, listResponseSchema, PlaceSchema, type Place } from '@spotlist/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const PlaceListSchema = listResponseSchema(PlaceSchema);

/**
 * GET /api/city/search?q=&country=&limit= (SPEC §5: cities only, restricted to the chosen
 * country; the most populous first). Silent: the field shows that the search failed.
 */
export async function searchCities(q: string, country: string, signal?: AbortSignal): Promise<Place[]> {
  const { list } = await api.request('/city/search', {
    query: { q, country: country.toLowerCase(), limit: CITY_SEARCH_DEFAULT_LIMIT },
    schema: PlaceListSchema,
    silent: true,
    signal,
  });
  return list;
}

export const citySearchQueryOptions = (q: string, country: string | null) =>
  queryOptions({
    queryKey: ['cities', country, q],
    queryFn: ({ signal }) => searchCities(q, country!, signal),
    enabled: country !== null && q.trim().length > 0,
    staleTime: 60 * 60 * 1000,
    placeholderData: keepPreviousData,
  });

export const useCitySearch = (q: string, country: string | null) => useQuery(citySearchQueryOptions(q.trim(), country));
