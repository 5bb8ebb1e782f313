import { z } from 'zod';
import { APP_LANGUAGES } from './constants.ts';
import { FormError } from './common.ts';

/**
 * Remote translations (SPEC §7 "GET translations from a remote prefix, merged over local files"):
 * GET /api/translation/{lang} answers a flat object of translation key → text, the same flat keys
 * as the web app's locale files (`FORM.ERROR.REQUIRED`, `ERROR.error.login.failed`).
 */
export const TRANSLATION_KEY_PATTERN = /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/;
export const TRANSLATION_KEY_MAX_LENGTH = 200;
export const TRANSLATION_VALUE_MAX_LENGTH = 2000;

/** Segments that would reach an object's prototype when a client merges the map. */
const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);
const safeSegments = (s: string) => !s.split('.').some((seg) => FORBIDDEN_SEGMENTS.has(seg));

export const isTranslationKey = (s: string): boolean =>
  s.length <= TRANSLATION_KEY_MAX_LENGTH && TRANSLATION_KEY_PATTERN.test(s) && safeSegments(s);

export const TranslationKeySchema = z
  .string({ error: FormError.required })
  .max(TRANSLATION_KEY_MAX_LENGTH, { error: FormError.maxlength })
  .regex(TRANSLATION_KEY_PATTERN, { error: FormError.pattern })
  .refine(safeSegments, { error: FormError.pattern });
export const TranslationValueSchema = z
  .string({ error: FormError.required })
  .max(TRANSLATION_VALUE_MAX_LENGTH, { error: FormError.maxlength })
  .refine((s) => !s.includes('\u0000'), { error: FormError.pattern });

export const TranslationLangParamSchema = z.object({
  lang: z.enum(APP_LANGUAGES, { error: FormError.pattern }),
});
export const TranslationKeyParamSchema = TranslationLangParamSchema.extend({ key: TranslationKeySchema });
export const TranslationOverrideInputSchema = z.object({ key: TranslationKeySchema, value: TranslationValueSchema });
export const TranslationOverrideSchema = z.object({ language: z.string(), key: z.string(), value: z.string() });
export type TranslationOverride = z.infer<typeof TranslationOverrideSchema>;
export const TranslationMapSchema = z.record(z.string(), z.string());
export type TranslationMap = z.infer<typeof TranslationMapSchema>;
