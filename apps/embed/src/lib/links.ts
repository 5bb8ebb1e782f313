/** Links built from business-entered text: only http(s), tel: and mailto: ever reach an href. */

/** `example.com/x` → `https://example.com/x`; anything that is not http(s) → null. */
export function webUrl(value: string | null | undefined): string | null {
  const v = value?.trim();
  if (!v) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** `+49 (89) 123-45` → `tel:+498912345`; null without digits. */
export function telUrl(value: string | null | undefined): string | null {
  const digits = value?.replace(/[^\d+]/g, '') ?? '';
  return /\d{3}/.test(digits) ? `tel:${digits}` : null;
}

export function mailUrl(value: string | null | undefined): string | null {
  const v = value?.trim();
  return v && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) ? `mailto:${v}` : null;
}

/** The host of a web address, to show instead of the whole address. */
export const hostOf = (href: string): string => new URL(href).host.replace(/^www\./, '');
