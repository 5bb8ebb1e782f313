import { useMemo, useSyncExternalStore } from 'react';

/**
 * The app's translator: one flat message map per language (keys such as `FORM.ERROR.REQUIRED` or
 * `ERROR.error.login.failed`), `{{name}}` placeholders, and the part of i18next's interface the app
 * uses (`language`, `t`, `exists`, resource bundles, the `languageChanged` and `added` events),
 * with a `useTranslation` hook. It replaced i18next and react-i18next, which were 16 KB of the
 * first bundle's 160 KB (gzip) for features the app never used: plurals, namespaces, nesting,
 * formatters, backends (docs/decisions/0023).
 */
export type Messages = Record<string, string>;
export interface TOptions {
  /** The text when the key has no message. */
  defaultValue?: string;
  [placeholder: string]: unknown;
}
export type TFunction = (key: string, options?: TOptions) => string;
type TranslatorEvent = 'languageChanged' | 'added';
type Handler = (lang: string) => void;

const bundles = new Map<string, Messages>();
const handlers: Record<TranslatorEvent, Set<Handler>> = { languageChanged: new Set(), added: new Set() };
const subscribers = new Set<() => void>();
/** Bumped by every change a rendered text may depend on (language, messages). */
let version = 0;

/** `{{name}}` → the option's value; a missing value becomes '' (as i18next does). */
const interpolate = (text: string, options: TOptions): string =>
  text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_all, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? '' : String(value);
  });

function emit(event: TranslatorEvent, lang: string): void {
  version += 1;
  for (const handler of [...handlers[event]]) handler(lang);
  for (const notify of [...subscribers]) notify();
}

export const i18next = {
  /** The active language ('' before the first change). */
  language: '',
  t(key: string, options?: TOptions): string {
    const message = bundles.get(i18next.language)?.[key];
    const text = typeof message === 'string' ? message : (options?.defaultValue ?? key);
    return options ? interpolate(text, options) : text;
  },
  exists: (key: string): boolean => typeof bundles.get(i18next.language)?.[key] === 'string',
  hasResourceBundle: (lang: string): boolean => bundles.has(lang),
  getResourceBundle: (lang: string): Messages | undefined => bundles.get(lang),
  /** Merges the messages over the language's (later ones win) and re-renders what shows them. */
  addResourceBundle(lang: string, messages: Messages): void {
    bundles.set(lang, { ...bundles.get(lang), ...messages });
    emit('added', lang);
  },
  /** Switches to the language (its messages added before); `languageChanged` also when it is the same one. */
  changeLanguage(lang: string): void {
    i18next.language = lang;
    emit('languageChanged', lang);
  },
  on(event: TranslatorEvent, handler: Handler): () => void {
    handlers[event].add(handler);
    return () => handlers[event].delete(handler);
  },
};

const subscribe = (notify: () => void) => {
  subscribers.add(notify);
  return () => {
    subscribers.delete(notify);
  };
};
const currentVersion = () => version;

/**
 * `t` and the translator. A component re-renders when the language or the messages change; `t`
 * itself changes with the language only (as react-i18next's does), so effects and memos that
 * depend on it run again for a new language, not each time remote texts are merged in.
 */
export function useTranslation(): { t: TFunction; i18n: typeof i18next } {
  useSyncExternalStore(subscribe, currentVersion, currentVersion);
  const lang = i18next.language;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new function per language, on purpose
  const t = useMemo<TFunction>(() => (key, options) => i18next.t(key, options), [lang]);
  return useMemo(() => ({ t, i18n: i18next }), [t]);
}
