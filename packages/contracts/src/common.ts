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
