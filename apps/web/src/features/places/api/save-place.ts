import { FALLBACK_COUNTRIES, type Country, type PlaceInput, type PlaceUpdate, type PlaceView } from '@spotlist/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/translator';
import { isPlace } from './place';

/*
 * The place form's requests (its own chunk with the form). Answers are checked structurally, like
 * the other place pages': the contracts' answer schemas would add zod parts (records) to the zod
 * chunk every form page shares. Silent: the form shows the server's keys on its fields and above
 * its buttons.
 */

/** POST /api/place/add: the new place as the API answers it. */
export const addPlace = (body: PlaceInput): Promise<PlaceView> => api.post('/place/add', body, { guard: isPlace, silent: true });

/** POST /api/place/update/{id}: the changed place. */
export const updatePlace = (id: number, body: PlaceUpdate): Promise<PlaceView> =>
  api.post(`/place/update/${id}`, body, { guard: isPlace, silent: true });

/** DELETE /api/document/delete/{id}: a place picture (documents.routes: pictures go through the document resource). */
export const deletePicture = (documentId: number): Promise<unknown> =>
  api.request(`/document/delete/${documentId}`, { method: 'DELETE', silent: true });

const isCountryList = (v: unknown): v is { list: Country[] } =>
  typeof v === 'object' &&
  v !== null &&
  Array.isArray((v as { list?: unknown }).list) &&
  (v as { list: unknown[] }).list.every(
    (c) => typeof (c as Country | null)?.countrykey === 'string' && typeof (c as Country).name === 'string',
  );

/**
 * GET /api/country/list2 (named in the request's app-language, sorted by name); the contracts'
 * fallback countries, named with Intl, when it fails or is empty (SPEC §8, no toast).
 */
async function getCountries(locale: string): Promise<Country[]> {
  try {
    const { list } = await api.get<{ list: Country[] }>('/country/list2', { guard: isCountryList, silent: true });
    if (list.length > 0) return list;
  } catch {
    // the fallback below
  }
  try {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    return FALLBACK_COUNTRIES.map((c) => ({ ...c, name: names.of(c.countrykey) ?? c.name }));
  } catch {
    return FALLBACK_COUNTRIES;
  }
}

/** The countries in the active language (a language change loads them again). */
export function useCountries() {
  // Intl names regions in the language itself (de → Deutschland); the list comes named by the API
  const locale = useTranslation().i18n.language;
  return useQuery(queryOptions({ queryKey: ['place-countries', locale], queryFn: () => getCountries(locale), staleTime: Infinity }));
}
