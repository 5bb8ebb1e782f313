import { useTranslation } from './translator';
import { localeFor, normalizeLanguage } from './language';

/**
 * Dates and numbers in the active language's locale (SPEC §4: en → en-US, pt → pt-BR …), with Intl.
 * Lazy pages only (the first bundle formats nothing).
 */
export function useLocale(): string {
  const { i18n } = useTranslation();
  return localeFor(normalizeLanguage(i18n.language) ?? 'en');
}

/**
 * Intl formatters, one per locale and options: making one costs (the first of a locale ~13 ms on
 * a fast machine, ICU loads its data), using one does not; a list of distances or dates made one
 * per row in the render that shows the page's answer.
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d ${locale} ${JSON.stringify(options)}`;
  let f = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(locale, options)));
  return f;
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `n ${locale} ${JSON.stringify(options)}`;
  let f = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!f) formatters.set(key, (f = new Intl.NumberFormat(locale, options)));
  return f;
}

/** A calendar day (yyyy-MM-dd) as the locale writes it; the day itself, whatever the time zone. */
export const formatDay = (isoDay: string, locale: string): string =>
  dateFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${isoDay}T00:00:00Z`));

/**
 * Makes the app language's date formatter ahead of use: the first Intl formatter of a page costs
 * 13-33 ms (ICU's data), on a slow phone four times that; made in a task of its own while the
 * page's answers are on their way, it is not part of the render that shows them (main.tsx).
 */
export function prepareFormatters(language: string): void {
  dateFormat(localeFor(normalizeLanguage(language) ?? 'en'), { dateStyle: 'medium' });
}

export const formatNumber = (value: number, locale: string, options?: Intl.NumberFormatOptions): string =>
  numberFormat(locale, options).format(value);

/** A coordinate pair, 5 decimals (about a metre). */
export const formatLatLng = (lat: number, lng: number, locale: string): string => {
  const options = { minimumFractionDigits: 5, maximumFractionDigits: 5 };
  return `${formatNumber(lat, locale, options)} / ${formatNumber(lng, locale, options)}`;
};

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A place's address line: its address, then its city unless the address already names it as a
 * word of its own ("Marienplatz 8, München"; an imported "Rindermarkt 5, 80331 München" stays as
 * it is, "Münchner Straße 5" still gets its city). Case and Unicode form do not matter.
 */
export function formatAddress(address: string | null | undefined, city: string | null | undefined): string {
  const a = (address ?? '').trim().normalize('NFC');
  const c = (city ?? '').trim().normalize('NFC');
  if (c === '') return a;
  if (a === '') return c;
  const named = new RegExp(`(?:^|[^\\p{L}\\p{N}])${escapeRegExp(c)}(?:$|[^\\p{L}\\p{N}])`, 'iu').test(a);
  return named ? a : `${a}, ${c}`;
}

/** A moment (an ISO timestamp) as the locale writes a date with its time: the console's and the notices' times. */
export const formatDateTime = (iso: string, locale: string): string =>
  dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** A moment's calendar day in the reader's time zone. */
export const formatDate = (iso: string, locale: string): string => dateFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));
