import isoCountries from 'i18n-iso-countries';
import type { AppLanguage, Country } from '@spotlist/contracts';

/**
 * Country names by app-language from i18n-iso-countries. The library knows several names for some
 * countries; the list shows the usual one: the first (official) name, except for Dutch, where the
 * first is the formal state name (Bondsrepubliek Duitsland) and the alias is the usual one; names
 * with a comma ("Tansania, Vereinigte Republik") and abbreviations (UK, USA) are skipped when another
 * name exists.
 */
const ALIAS_FIRST = new Set<string>(['nl']);
const awkward = (s: string) => s.includes(',') || /^[A-Z.]{2,6}$/.test(s);
const cache = new Map<string, string>();

export function countryName(countrykey: string, lang: AppLanguage, fallback: string): string {
  const cacheKey = `${lang}:${countrykey}`;
  const hit = cache.get(cacheKey);
  if (hit !== undefined) return hit;
  const all = isoCountries.getName(countrykey, lang, { select: 'all' }) ?? [];
  const ordered = ALIAS_FIRST.has(lang) ? [...all.slice(1), ...all.slice(0, 1)] : all;
  const name = ordered.find((n) => !awkward(n)) ?? ordered[0] ?? fallback;
  cache.set(cacheKey, name);
  return name;
}

/** A countries row as the API shows it (SPEC §3 id, key, name, countrykey). */
export const countryView = (row: { id: number; key: string; countrykey: string; name: string }, lang: AppLanguage): Country => ({
  id: row.id,
  key: row.key,
  name: countryName(row.countrykey, lang, row.name),
  countrykey: row.countrykey,
});

/** Whether a two-letter code is an ISO 3166-1 alpha-2 code. */
export const isIsoCountry = (code: string): boolean => isoCountries.isValid(code.toUpperCase()) && code.length === 2;
