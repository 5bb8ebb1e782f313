import type { AppLanguage } from '@spotlist/contracts';
import { normalizeLanguage, resolveLanguage, setCurrentLanguage, getCurrentLanguage } from './language';
import { local, session, STORAGE_KEYS } from './storage';
import { i18next, type Messages } from './translator';

/**
 * The translator (lib/translator.ts) with one flat JSON file per app language (src/locales/<lang>.json, keys such as
 * `FORM.ERROR.REQUIRED` or `ERROR.error.login.failed` — no key or namespace separator). Only the
 * active language is loaded (each file is its own small chunk); all files have the same keys
 * (src/locales/locales.test.ts), so no fallback file is needed at run time.
 */
const loaders = import.meta.glob<Messages>('../locales/*.json', { import: 'default' });

const loaderFor = (lang: AppLanguage) => loaders[`../locales/${lang}.json`];

/** The texts a language ships with (the console's translations editor compares against them). */
export async function bundledMessages(lang: AppLanguage): Promise<Messages> {
  const load = loaderFor(lang);
  if (!load) throw new Error(`no translations for ${lang}`);
  return load();
}

/** SPEC §7: the server's translations, merged over the local file (its own chunk: lib/remote-translations.ts). */
const remote = () => import('./remote-translations');

async function ensureLoaded(lang: AppLanguage): Promise<void> {
  if (i18next.hasResourceBundle(lang)) return;
  const load = loaderFor(lang);
  if (!load) throw new Error(`no translations for ${lang}`);
  i18next.addResourceBundle(lang, await load());
}

let initialized: Promise<void> | null = null;

export function initI18n(lang: AppLanguage): Promise<void> {
  initialized ??= applyLanguage(lang);
  return initialized;
}

/** Changes in flight: only the latest one is applied (a file that loads slower must not win). */
let changes = 0;

async function applyLanguage(lang: AppLanguage): Promise<void> {
  const change = ++changes;
  await ensureLoaded(lang);
  if (change !== changes) return;
  // the API's app-language first: what listens to i18next's change (lib/query-client refetches) asks in it
  const asked = getCurrentLanguage();
  setCurrentLanguage(lang);
  // also when the texts were in this language already but answers were asked in another: changing
  // to the same language emits languageChanged, and those answers are asked again
  if (i18next.language !== lang || asked !== lang) i18next.changeLanguage(lang);
  session.set(STORAGE_KEYS.appLanguage, lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  // In the background: the page renders with the local texts; a failure keeps them (SPEC §8).
  void remote()
    .then((m) => m.mergeRemoteTranslations(lang))
    .catch(() => undefined);
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

/**
 * SPEC §4: the language at start and after login/logout. At start (`restore`) the app language
 * chosen earlier in this tab (SPEC §9: kept in session storage) wins, so a reload keeps it.
 */
export function startLanguage(userLanguageKey: string | null | undefined, restore = false): AppLanguage {
  const kept = restore ? normalizeLanguage(session.get(STORAGE_KEYS.appLanguage)) : null;
  return (
    kept ??
    resolveLanguage({
      userLanguageKey,
      storedLanguageId: local.get(STORAGE_KEYS.userLanguage),
      browserLanguages: browserLanguages(),
    })
  );
}

export { i18next };
