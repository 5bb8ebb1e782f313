import { z } from 'zod';
import { requiredText, text } from './common.ts';

/** SPEC §3: industry; only hospitality has rooms. */
export const IndustrySchema = z.object({ id: z.number().int(), key: z.string(), hasrooms: z.boolean() });
export type Industry = z.infer<typeof IndustrySchema>;

/** SPEC §3: fallback industries, ids 1 to 10 (used when the list call fails or is empty). */
export const FALLBACK_INDUSTRIES: Industry[] = [
  { id: 1, key: 'hospitality', hasrooms: true },
  { id: 2, key: 'travel', hasrooms: false },
  { id: 3, key: 'tour', hasrooms: false },
  { id: 4, key: 'destination', hasrooms: false },
  { id: 5, key: 'mobility', hasrooms: false },
  { id: 6, key: 'media', hasrooms: false },
  { id: 7, key: 'event', hasrooms: false },
  { id: 8, key: 'publicfigure', hasrooms: false },
  { id: 9, key: 'nonprofit', hasrooms: false },
  { id: 10, key: 'other', hasrooms: false },
];

/** SPEC §5: the industry whose businesses have rooms (numberOfRooms is required only for it). */
export const HOSPITALITY = { id: 1, key: 'hospitality' } as const;

/** SPEC §3 language (id, isocode, key, name): GET /api/language/list. */
export const LanguageSchema = z.object({ id: z.number().int(), isocode: z.string(), key: z.string(), name: z.string() });
export type Language = z.infer<typeof LanguageSchema>;

/**
 * SPEC §3 country (id, key, name, countrykey). Ids are ISO 3166-1 numeric codes (Germany 276,
 * Austria 40, Switzerland 756), key is the lower-case alpha-2 code, countrykey the upper-case one;
 * name is localized by the request's app-language.
 */
export const CountrySchema = z.object({ id: z.number().int(), key: z.string(), name: z.string(), countrykey: z.string() });
export type Country = z.infer<typeof CountrySchema>;
export const CountryInputSchema = z.object({
  id: z.number().int().min(1, { error: 'FORM.ERROR.MAX' }).max(999, { error: 'FORM.ERROR.MAX' }),
  key: z.string().regex(/^[a-z]{2}$/, { error: 'FORM.ERROR.PATTERN' }),
  countrykey: z.string().regex(/^[A-Z]{2}$/, { error: 'FORM.ERROR.PATTERN' }),
  /** English name, used when no localized name is known for the code. */
  name: requiredText(120),
});
/** SPEC §5: the one country without a tax id requirement. */
export const GERMANY = { id: 276, key: 'de', countrykey: 'DE' } as const;
/** SPEC §3: fallback countries (used when the list call fails or is empty). */
export const FALLBACK_COUNTRIES: Country[] = [
  { id: 276, key: 'de', name: 'Germany', countrykey: 'DE' },
  { id: 40, key: 'at', name: 'Austria', countrykey: 'AT' },
  { id: 756, key: 'ch', name: 'Switzerland', countrykey: 'CH' },
];

/**
 * Plain reference lists (salutations, academic titles, time zones, contact categories, document
 * template categories): a stable key the web app translates, and an English name as fallback.
 */
export const ReferenceItemSchema = z.object({ id: z.number().int(), key: z.string(), name: z.string() });
export type ReferenceItem = z.infer<typeof ReferenceItemSchema>;
export const ReferenceItemInputSchema = z.object({
  key: z.string().regex(/^[a-z0-9][a-z0-9_.-]{0,63}$/, { error: 'FORM.ERROR.PATTERN' }),
  name: requiredText(120),
});
/** A time zone's key and name are its IANA name (Europe/Berlin). */
export const isTimeZone = (name: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
};
export const TimeZoneInputSchema = z.object({
  key: text(64).refine((s) => /^[A-Za-z0-9_+\-/]+$/.test(s) && isTimeZone(s), { error: 'FORM.ERROR.PATTERN' }),
  name: requiredText(120),
});

/** SPEC §7: GET /api/api/info. */
export const ApiInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  commit: z.string(),
  serverTime: z.string(),
});
export type ApiInfo = z.infer<typeof ApiInfoSchema>;
