import { APP_LANGUAGES, type AppLanguage } from '@spotlist/contracts';

/** The widget pages' paths (the same literals as in app/routes.tsx). */
export const WIDGET_PATHS = {
  v1: '/widget',
  list: '/widget-list',
  detail: (id: number) => `/widget-detail/${id}`,
  preview: (id: number) => `/widget-preview?id=${id}`,
} as const;

export { languageNameKey } from '../../lib/language';

export const isAppLanguage = (v: string): v is AppLanguage => (APP_LANGUAGES as readonly string[]).includes(v);

/** The languages a widget's texts are edited and previewed in: its offered ones, else the fallback. */
export function contentLanguages(offered: readonly string[], fallback: string): string[] {
  const known = offered.filter(isAppLanguage);
  return known.length > 0 ? known : [isAppLanguage(fallback) ? fallback : 'en'];
}
