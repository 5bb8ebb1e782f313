import { z } from 'zod';

/** A string without NUL bytes and within a length limit: every text field of the API uses it. */
export const text = (max: number) =>
  z
    .string({ error: 'FORM.ERROR.REQUIRED' })
    .max(max, { error: 'FORM.ERROR.MAXLENGTH' })
    .refine((s) => !s.includes('\u0000'), { error: 'FORM.ERROR.PATTERN' });

/** A required, trimmed, non-empty text. */
export const requiredText = (max: number) =>
  text(max)
    .transform((s) => s.trim())
    .refine((s) => s.length > 0, { error: 'FORM.ERROR.REQUIRED' });

export const emailSchema = text(254)
  .transform((s) => s.trim().toLowerCase())
  .refine((s) => s.length > 0, { error: 'FORM.ERROR.REQUIRED' })
  .refine((s) => s.length === 0 || z.email().safeParse(s).success, { error: 'FORM.ERROR.PATTERN' });

export const idSchema = z.coerce.number().int().positive().max(2_147_483_647);
export const IdParamSchema = z.object({ id: idSchema });
export const IdRefSchema = z.object({ id: z.number().int().positive().max(2_147_483_647) });

export const OkSchema = z.object({ ok: z.literal(true) });

/**
 * SPEC §5 form error keys. REQUIRED, PATTERN, MINLENGTH and MAXLENGTH are named by the spec; a rule
 * with a string of its own answers that string (hasId, validateEqual); any other rule answers
 * FORM.ERROR.{UPPERCASED_NAME} (formErrorKey).
 */
export const formErrorKey = (name: string): string => `FORM.ERROR.${name.toUpperCase()}`;
export const FormError = {
  required: 'FORM.ERROR.REQUIRED',
  pattern: 'FORM.ERROR.PATTERN',
  minlength: 'FORM.ERROR.MINLENGTH',
  maxlength: 'FORM.ERROR.MAXLENGTH',
  hasId: 'hasId',
  validateEqual: 'validateEqual',
  /** Number rules: above the maximum, and (SPEC §5) also below the minimum. */
  max: 'FORM.ERROR.MAX',
  integer: 'FORM.ERROR.INTEGER',
  number: 'FORM.ERROR.NUMBER',
  minDate: 'FORM.ERROR.MINDATE',
  maxDate: 'FORM.ERROR.MAXDATE',
  visibility: 'FORM.ERROR.VISIBILITY',
  gender: 'FORM.ERROR.GENDER',
  cityCountry: 'FORM.ERROR.CITYCOUNTRY',
  invalid: 'FORM.ERROR.INVALID',
} as const;

/** A nullable optional text: trimmed, '' and null both become null. */
export const optionalText = (max: number) =>
  z.union([text(max), z.null()]).transform((s) => (s === null || s.trim() === '' ? null : s.trim()));
