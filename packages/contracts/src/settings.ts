import { z } from 'zod';
import { FormError } from './common.ts';

/**
 * SPEC §3/§7 user settings: a per-user key/value store (`/api/setting/`), cached by the web app
 * under the local key UserSettings. A key is unique per user; the value is any JSON up to 10,000
 * characters once serialized.
 */
export const SETTING_VALUE_MAX_CHARS = 10_000;
export const SettingKeySchema = z.string({ error: FormError.required }).regex(/^[A-Za-z0-9_.-]{1,100}$/, { error: FormError.pattern });
export const SettingValueSchema = z
  .unknown()
  .refine((v) => v !== undefined, { error: FormError.required })
  .refine((v) => JSON.stringify(v ?? null).length <= SETTING_VALUE_MAX_CHARS, { error: FormError.maxlength });

export const SettingSchema = z.object({ id: z.number().int(), key: z.string(), value: z.unknown() });
export type Setting = z.infer<typeof SettingSchema>;
export const SettingInputSchema = z.object({ key: SettingKeySchema, value: SettingValueSchema });
export type SettingInput = z.infer<typeof SettingInputSchema>;
