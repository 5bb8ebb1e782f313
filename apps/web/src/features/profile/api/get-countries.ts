import { CountrySchema, FALLBACK_COUNTRIES, listResponseSchema, type Country } from '@spotlist/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useLocale } from '../../../lib/format';

const CountryListSchema = listResponseSchema(CountrySchema);

/** Fallback names in the user's language (the contracts name them in English). */
const localized = (countries: Country[], locale: string): Country[] => {
  try {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    return countries.map((c) => ({ ...c, name: names.of(c.countrykey) ?? c.name }));
  } catch {
    return countries;
  }
};

/**
 * GET /api/country/list2 (named in the request's app-language, sorted by name); SPEC §7/§8: the
 * fallback countries (Germany, Austria, Switzerland) when it fails or is empty, without a toast.
 */
export async function getCountries(locale: string): Promise<Country[]> {
  try {
    const { list } = await api.request('/country/list2', { schema: CountryListSchema, silent: true });
    if (list.length > 0) return list;
  } catch {
    // the fallback below
  }
  return localized(FALLBACK_COUNTRIES, locale);
}

export const countriesQueryOptions = (locale: string) =>
  queryOptions({ queryKey: ['countries', locale], queryFn: () => getCountries(locale), staleTime: Infinity });

/** The countries in the active language (a language change loads them again). */
export function useCountries() {
  return useQuery(countriesQueryOptions(useLocale()));
}
