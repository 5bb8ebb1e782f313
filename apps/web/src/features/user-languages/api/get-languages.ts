import type { Language } from '@spotlist/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { isLanguage, isListOf } from './language-guards';

/** SPEC §8: when the language list cannot be loaded, English and German only. */
export const FALLBACK_LANGUAGES: Language[] = [
  { id: 1, isocode: 'en-US', key: 'en', name: 'English' },
  { id: 2, isocode: 'de-DE', key: 'de', name: 'Deutsch' },
];

/** GET /api/language/list: every language content can be written in (names are endonyms). */
export async function getLanguages(): Promise<Language[]> {
  try {
    const { list } = await api.request<{ list: Language[] }>('/language/list', { guard: isListOf(isLanguage), silent: true });
    return list.length > 0 ? list : FALLBACK_LANGUAGES;
  } catch {
    return FALLBACK_LANGUAGES;
  }
}

export const languagesQueryOptions = () => queryOptions({ queryKey: ['languages'], queryFn: getLanguages, staleTime: Infinity });

export const useLanguages = () => useQuery(languagesQueryOptions());
