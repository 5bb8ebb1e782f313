import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalAccountListSchema, ExternalMediaSchema, ExternalProvidersSchema, OkSchema } from '@spotlist/contracts';
import { api } from '../../../lib/api-client';

const KEY = ['external-accounts'] as const;

/** The configured providers and the account's connections (SPEC §7 GET /api/externalaccount/ by userId). */
export const useConnections = (userId: number) =>
  useQuery({
    queryKey: [...KEY, userId],
    queryFn: async () => {
      const [providers, accounts] = await Promise.all([
        api.request('/externalaccount/providers', { schema: ExternalProvidersSchema }),
        api.request('/externalaccount/', { query: { 'f.userId': userId }, schema: ExternalAccountListSchema }),
      ]);
      return { providers: providers.list, accounts: accounts.list };
    },
  });

/** SPEC §7: removal by id through the resource = disconnect. */
export function useDisconnect() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.request(`/externalaccount/delete/${id}`, { method: 'DELETE', schema: OkSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** An Instagram connection's recent posts. */
export const useConnectionMedia = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: [...KEY, 'media', id],
    enabled,
    queryFn: () => api.request(`/externalaccount/${id}/media`, { schema: ExternalMediaSchema, silent: true }),
    staleTime: 5 * 60_000,
  });
