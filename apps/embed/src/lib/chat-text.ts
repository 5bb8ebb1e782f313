/**
 * A chat message's text and times as the chat view shows them. Text is never HTML: it is split
 * into plain strings and links (http and https only), which the view renders as text nodes and
 * `<a>` elements.
 */

export type TextPart = string | { href: string; text: string };

const URL_PATTERN = /https?:\/\/[^\s<>"]+/gi;
/** Punctuation that ends a sentence rather than the address ("see https://x.example/a."). */
const TRAILING = /[.,;:!?'"\]}>*]$/;
const count = (s: string, c: string) => s.split(c).length - 1;

/** The text with its http(s) addresses as links; everything else stays a string. */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    // part of a word ("xhttp://…") is no address
    if (start > 0 && /\w/.test(text[start - 1])) continue;
    let raw = match[0];
    while (TRAILING.test(raw) || (raw.endsWith(')') && count(raw, '(') < count(raw, ')'))) raw = raw.slice(0, -1);
    let href: string;
    try {
      const url = new URL(raw);
      if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) continue;
      href = url.href;
    } catch {
      continue;
    }
    if (start > last) parts.push(text.slice(last, start));
    parts.push({ href, text: raw });
    last = start + raw.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

const formats = new Map<string, Intl.DateTimeFormat>();
const format = (lang: string, options: Intl.DateTimeFormatOptions) => {
  const key = lang + JSON.stringify(options);
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.DateTimeFormat(lang, options)));
  return f;
};

/** The local calendar day of a moment (groups messages under day separators). */
export const dayKey = (d: Date): string => `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}`;

const midnight = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();

/** "Today", "Yesterday", else the weekday and date (with the year when not this year), in `lang`. */
export function dayLabel(d: Date, lang: string, now: Date = new Date()): string {
  const days = Math.round((midnight(now) - midnight(d)) / 86_400_000);
  if (days === 0 || days === 1) {
    const word = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' }).format(-days, 'day');
    return word.charAt(0).toLocaleUpperCase(lang) + word.slice(1);
  }
  return format(lang, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(d.getFullYear() !== now.getFullYear() && { year: 'numeric' }),
  }).format(d);
}

/** The time of day in `lang` ("14:05", "2:05 PM"). */
export const timeLabel = (d: Date, lang: string): string => format(lang, { hour: 'numeric', minute: '2-digit' }).format(d);
