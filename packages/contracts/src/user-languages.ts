import { z } from 'zod';
import { LanguageSchema } from './reference.ts';

/**
 * SPEC §7 POST /api/language/add, /remove, /assignDefault: the content languages a user offers
 * (any account type). The body names a language by id; a whole language object is accepted too.
 */
export const UserLanguageRefSchema = z.object(
  { id: z.number({ error: 'hasId' }).int({ error: 'hasId' }).positive({ error: 'hasId' }).max(2_147_483_647, { error: 'hasId' }) },
  { error: 'hasId' },
);
export type UserLanguageRef = z.infer<typeof UserLanguageRefSchema>;

/** One offered content language; exactly one of a non-empty list is the default. */
export const UserLanguageSchema = LanguageSchema.extend({ isDefault: z.boolean() });
export type UserLanguage = z.infer<typeof UserLanguageSchema>;
