import { useTranslation } from './translator';
import { getKnownLocation } from './geolocation';
import { numberFormat } from './format';
import { localeFor, normalizeLanguage } from './language';

/**
 * SPEC §5 distance display: -1 (unknown: the API's UNKNOWN_DISTANCE) shows 'world' (pass the
 * translated word), under 1000 m as whole metres, otherwise rounded kilometres; numbers and units
 * localized with Intl (`locale` is a BCP 47 tag such as en-US or de-DE).
 */
export function formatDistance(meters: number, locale: string, world = 'world'): string {
  if (!Number.isFinite(meters) || meters < 0) return world;
  const km = meters >= 1000;
  return numberFormat(locale, { style: 'unit', unit: km ? 'kilometer' : 'meter', unitDisplay: 'short' }).format(
    km ? Math.round(meters / 1000) : Math.min(999, Math.round(meters)),
  );
}

/** Nearest first; unknown distances (-1) last, keeping their order. */
export function byDistance<T extends { distance: number }>(items: readonly T[]): T[] {
  const key = (d: number) => (d < 0 ? Number.POSITIVE_INFINITY : d);
  return [...items].sort((a, b) => key(a.distance) - key(b.distance));
}

/**
 * formatDistance in the active language, with its translated 'world'; '' while the device's own
 * position is unknown (every distance is then -1: 'world' beside each place says nothing).
 */
export function useFormatDistance(): (meters: number) => string {
  const { t, i18n } = useTranslation();
  const locale = localeFor(normalizeLanguage(i18n.language) ?? 'en');
  return (meters) => (getKnownLocation() ? formatDistance(meters, locale, t('DISTANCE.WORLD')) : '');
}
