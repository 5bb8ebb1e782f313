import { FALLBACK_INDUSTRIES, IndustrySchema, listResponseSchema, type Industry } from '@spotlist/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const IndustryListSchema = listResponseSchema(IndustrySchema);

/** GET /api/industry/list; on failure or an empty list the fallback industries (SPEC §3, §7). */
export async function getIndustries(): Promise<Industry[]> {
  try {
    const { list } = await api.request('/industry/list', { schema: IndustryListSchema, silent: true });
    return list.length > 0 ? list : FALLBACK_INDUSTRIES;
  } catch {
    return FALLBACK_INDUSTRIES;
  }
}

export const industriesQueryOptions = () => queryOptions({ queryKey: ['industries'], queryFn: getIndustries, staleTime: Infinity });

export const useIndustries = () => useQuery(industriesQueryOptions());
