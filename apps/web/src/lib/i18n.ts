import type { AppLanguage } from '@spotlist/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { normalizeLanguage, resolveLanguage, setCurrentLanguage, getCurrentLanguage } from './language';
import { local, session, STORAGE_KEYS } from './storage';

/**
 * i18next with one flat JSON file per app language (src/locales/<lang>.json, keys such as
 * `FORM.ERROR.REQUIRED` or `ERROR.error.login.failed` — no key or namespace separator). Only the
 * active language is loaded (each file is its own small chunk); all files have the same keys
 * (src/locales/locales.test.ts), so no fallback file is needed at run time.
 */
type Messages = Record<string, string>;
const loaders = import.meta.glob<Messages>('../locales/*.json', { import: 'default' });

const loaderFor = (lang: AppLanguage) => loaders[`../locales/${lang}.json`];

async function ensureLoaded(lang: AppLanguage): Promise<void> {
  if (i18next.hasResourceBundle(lang, 'translation')) return;
  const load = loaderFor(lang);
  if (!load) throw new Error(`no translations for ${lang}`);
  i18next.addResourceBundle(lang, 'translation', await load(), true, true);
}

let initialized: Promise<void> | null = null;

export function initI18n(lang: AppLanguage): Promise<void> {
  initialized ??= i18next
    .use(initReactI18next)
    .init({
      lng: lang,
      fallbackLng: false,
      resources: {},
      partialBundledLanguages: true,
      keySeparator: false,
      nsSeparator: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    })
    .then(() => applyLanguage(lang));
  return initialized;
}

async function applyLanguage(lang: AppLanguage): Promise<void> {
  await ensureLoaded(lang);
  if (i18next.language !== lang) await i18next.changeLanguage(lang);
  setCurrentLanguage(lang);
  session.set(STORAGE_KEYS.appLanguage, lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/**
 * SPEC §4: a change with an empty value is ignored; a language outside the supported list
 * becomes English. Returns the language now active.
 */
export async function changeLanguage(value: string | null | undefined): Promise<AppLanguage> {
  if (!value || value.trim() === '') return getCurrentLanguage();
  const lang = normalizeLanguage(value) ?? 'en';
  await applyLanguage(lang);
  return lang;
}

export const browserLanguages = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];

/** SPEC §4: the language at start and after login/logout. */
export function startLanguage(userLanguageKey: string | null | undefined): AppLanguage {
  return resolveLanguage({
    userLanguageKey,
    storedLanguageId: local.get(STORAGE_KEYS.userLanguage),
    browserLanguages: browserLanguages(),
  });
}

export { i18next };
