import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExternalAccount, ExternalMedia, ExternalProviders } from '@spotlist/contracts';
import { api } from '../../../lib/api-client';

const KEY = ['external-accounts'] as const;

// light structural checks: the contracts' zod schemas would more than double the page (bench/size-budget.json)
const hasList = (v: unknown): v is { list: unknown[] } =>
  typeof v === 'object' && v !== null && Array.isArray((v as { list?: unknown }).list);

/** The configured providers and the account's connections (SPEC §7 GET /api/externalaccount/ by userId). */
export const useConnections = (userId: number) =>
  useQuery({
    queryKey: [...KEY, userId],
    queryFn: async () => {
      const [providers, accounts] = await Promise.all([
        api.get<ExternalProviders>('/externalaccount/providers', { guard: hasList }),
        api.get<{ list: ExternalAccount[] }>('/externalaccount/', { query: { 'f.userId': userId }, guard: hasList }),
      ]);
      return { providers: providers.list, accounts: accounts.list };
    },
  });

/** SPEC §7: removal by id through the resource = disconnect. */
export function useDisconnect() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.request(`/externalaccount/delete/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** An Instagram connection's recent posts. */
export const useConnectionMedia = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: [...KEY, 'media', id],
    enabled,
    queryFn: () => api.get<{ list: ExternalMedia[] }>(`/externalaccount/${id}/media`, { guard: hasList, silent: true }),
    staleTime: 5 * 60_000,
  });
