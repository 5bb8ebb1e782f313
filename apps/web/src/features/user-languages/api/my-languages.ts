import type { UserLanguage } from '@spotlist/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { isListOf, isUserLanguage } from './language-guards';

const isUserLanguageList = isListOf(isUserLanguage);

/** GET /api/language/mine: the content languages the user offers (one of them the default). */
export async function getMyLanguages(): Promise<UserLanguage[]> {
  return (await api.request<{ list: UserLanguage[] }>('/language/mine', { guard: isUserLanguageList })).list;
}

export const myLanguagesQueryOptions = () => queryOptions({ queryKey: ['user-languages'], queryFn: getMyLanguages });

export const useMyLanguages = () => useQuery(myLanguagesQueryOptions());

export type MyLanguagesChange = 'add' | 'remove' | 'assignDefault';

/** POST /api/language/add | remove | assignDefault { id }: each answers the whole list afterwards. */
export async function changeMyLanguages(change: MyLanguagesChange, id: number): Promise<UserLanguage[]> {
  return (await api.request<{ list: UserLanguage[] }>(`/language/${change}`, { method: 'POST', body: { id }, guard: isUserLanguageList }))
    .list;
}

export function useChangeMyLanguages() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ change, id }: { change: MyLanguagesChange; id: number }) => changeMyLanguages(change, id),
    onSuccess: (list) => client.setQueryData(myLanguagesQueryOptions().queryKey, list),
  });
}
