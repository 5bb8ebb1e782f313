import { APP_LANGUAGES, DEFAULT_LANGUAGE, HELP_LANGUAGES, LOCALES, USER_LANGUAGES, type AppLanguage } from '@spotlist/contracts';

/**
 * Language rules of SPEC §4 / §9 as pure functions, plus the holder of the active language that
 * the api-client reads for its `app-language` header (kept here, not in i18n.ts, so the client
 * does not pull i18next in).
 */
export const isAppLanguage = (value: unknown): value is AppLanguage =>
  typeof value === 'string' && (APP_LANGUAGES as readonly string[]).includes(value);

/** 'de-AT' → 'de', 'PT_br' → 'pt'; null when the value is empty or not an app language. */
export function normalizeLanguage(value: string | null | undefined): AppLanguage | null {
  if (!value) return null;
  const base = value.trim().toLowerCase().split(/[-_]/)[0];
  return isAppLanguage(base) ? base : null;
}

export interface LanguageSources {
  /** The logged-in user's language key (from the stored user), if any. */
  userLanguageKey?: string | null;
  /** The stored user-language id (localStorage), if any. */
  storedLanguageId?: number | string | null;
  /** navigator.languages (or [navigator.language]). */
  browserLanguages?: readonly string[];
}

/**
 * SPEC §4: the user's language if logged in, else the stored language id, else the browser
 * language. A language not in the supported list resets to English.
 */
export function resolveLanguage(sources: LanguageSources): AppLanguage {
  if (sources.userLanguageKey) return normalizeLanguage(sources.userLanguageKey) ?? DEFAULT_LANGUAGE.key;
  const stored = userLanguageById(sources.storedLanguageId);
  if (stored) return stored.key;
  const browser = sources.browserLanguages ?? [];
  if (browser.length > 0) return normalizeLanguage(browser.find((l) => normalizeLanguage(l)) ?? null) ?? DEFAULT_LANGUAGE.key;
  return DEFAULT_LANGUAGE.key;
}

/** SPEC §9 user languages (1 English, 2 German). */
export function userLanguageById(id: number | string | null | undefined): (typeof USER_LANGUAGES)[number] | null {
  if (id === null || id === undefined || id === '') return null;
  const n = Number(id);
  return USER_LANGUAGES.find((l) => l.id === n) ?? null;
}

export const userLanguageByKey = (key: string): (typeof USER_LANGUAGES)[number] | null => USER_LANGUAGES.find((l) => l.key === key) ?? null;

/** SPEC §4: locale per language (en-US, pt-BR, …). */
export const localeFor = (lang: AppLanguage): string => LOCALES[lang];

/** SPEC §9: help pages exist in HELP_LANGUAGES, anything else uses en. */
export const helpLanguageFor = (lang: string): string => ((HELP_LANGUAGES as readonly string[]).includes(lang) ? lang : 'en');

let current: AppLanguage = DEFAULT_LANGUAGE.key;
export const getCurrentLanguage = (): AppLanguage => current;
export const setCurrentLanguage = (lang: AppLanguage): void => {
  current = lang;
};

/** Language names are endonyms, whatever the active language (locale keys LANGUAGE.XX). */
export const languageNameKey = (lang: string): string => `LANGUAGE.${lang.toUpperCase()}`;
