import { dateFormat } from '../../../lib/format';
import type { TFunction } from '../../../lib/translator';

/**
 * Dates and times of messaging in the app language's locale and the reader's time zone (Intl): the
 * day separators of a conversation, the time under a bubble, the inbox's "how long ago", a
 * meeting's start.
 */

/** The reader's calendar day of a moment ("2026-03-14"): what groups messages under one separator. */
export function dayKey(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const daysBetween = (a: Date, b: Date) =>
  Math.round((Date.UTC(b.getFullYear(), b.getMonth(), b.getDate()) - Date.UTC(a.getFullYear(), a.getMonth(), a.getDate())) / 86_400_000);

/** A day separator: "Today", "Yesterday", else the full date ("Saturday, March 14, 2026"). */
export function dayLabel(iso: string, locale: string, t: TFunction, now = new Date()): string {
  const d = new Date(iso);
  const ago = daysBetween(d, now);
  if (ago === 0) return t('MESSAGES.TODAY');
  if (ago === 1) return t('MESSAGES.YESTERDAY');
  return dateFormat(locale, { dateStyle: 'full' }).format(d);
}

/** The time under a bubble ("14:05", "2:05 PM"). */
export const timeOf = (iso: string, locale: string): string => dateFormat(locale, { timeStyle: 'short' }).format(new Date(iso));

/** A moment with its date and time ("Saturday, March 14, 2026 at 2:05 PM"): a meeting's start. */
export const dateTimeOf = (iso: string, locale: string): string =>
  dateFormat(locale, { dateStyle: 'full', timeStyle: 'short' }).format(new Date(iso));

const relative = new Map<string, Intl.RelativeTimeFormat>();
const relativeFormat = (locale: string) => {
  let f = relative.get(locale);
  if (!f) relative.set(locale, (f = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' })));
  return f;
};

/**
 * The inbox's last activity: "now", "5 min. ago", "3 hr. ago" within a day, then "yesterday", the
 * weekday within a week, else the date.
 */
export function agoLabel(iso: string, locale: string, now = new Date()): string {
  const d = new Date(iso);
  const seconds = Math.round((now.getTime() - d.getTime()) / 1000);
  const rtf = relativeFormat(locale);
  if (seconds < 60) return rtf.format(0, 'second');
  if (seconds < 3600) return rtf.format(-Math.floor(seconds / 60), 'minute');
  const days = daysBetween(d, now);
  if (days === 0) return rtf.format(-Math.floor(seconds / 3600), 'hour');
  if (days === 1) return rtf.format(-1, 'day');
  if (days < 7) return dateFormat(locale, { weekday: 'long' }).format(d);
  return dateFormat(locale, { dateStyle: 'medium' }).format(d);
}
