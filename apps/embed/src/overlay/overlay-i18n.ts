/**
 * The overlay's own words in the 13 app languages, as in lib/i18n.ts (one `|`-separated line per
 * language, in the order of OVERLAY_KEYS), here so that the overlay frame does not carry the
 * frame's and guest app's dictionary. Everything else in an overlay is the business's text.
 */
const OVERLAY_KEYS = ['close', 'announcement'] as const;
export type OverlayTextKey = (typeof OVERLAY_KEYS)[number];
export const OVERLAY_KEY_LIST: readonly OverlayTextKey[] = OVERLAY_KEYS;

export const OVERLAY_DICTIONARY: Record<string, string> = {
  en: 'Close|Announcement',
  de: 'Schließen|Hinweis',
  es: 'Cerrar|Aviso',
  fr: 'Fermer|Annonce',
  hr: 'Zatvori|Obavijest',
  hu: 'Bezárás|Közlemény',
  it: 'Chiudi|Avviso',
  pl: 'Zamknij|Ogłoszenie',
  pt: 'Fechar|Aviso',
  ru: 'Закрыть|Объявление',
  tr: 'Kapat|Duyuru',
  nl: 'Sluiten|Mededeling',
  da: 'Luk|Meddelelse',
};

export type OverlayTranslate = (key: OverlayTextKey) => string;

/** The overlay's words for a language (English for one the app does not speak). */
export function overlayTranslator(lang: string): OverlayTranslate {
  const words = (OVERLAY_DICTIONARY[lang] ?? OVERLAY_DICTIONARY.en).split('|');
  return (key) => words[OVERLAY_KEYS.indexOf(key)];
}
