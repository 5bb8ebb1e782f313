import { z } from 'zod';
import { ACCOUNT_TYPE_IDS, PASSWORD_MAX_LENGTH, USER_LANGUAGES } from './constants.ts';
import { emailSchema, text } from './common.ts';

const accountTypeId = z.union(ACCOUNT_TYPE_IDS.map((n) => z.literal(n)) as [z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<4>]);
const languageId = z
  .number()
  .int()
  .refine((n) => USER_LANGUAGES.some((l) => l.id === n), { error: 'FORM.ERROR.LANGUAGE' });

/** Passwords: length and content are checked by the server's policy (min length, common list). */
export const passwordSchema = z.string({ error: 'FORM.ERROR.REQUIRED' }).max(PASSWORD_MAX_LENGTH, { error: 'FORM.ERROR.MAXLENGTH' });

/** SPEC §7 signup. */
export const SignupSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  accountType: z.object({ id: accountTypeId }),
  termsaccepted: z.literal(true, { error: 'FORM.ERROR.TERMS' }),
  nickname: z.object({ value: text(60) }).optional(),
  language: z.object({ id: languageId }).optional(),
  tokenTransport: z.enum(['body', 'cookie']).optional(),
});
export type Signup = z.infer<typeof SignupSchema>;

/**
 * SPEC §7 login. Credentials log in; `refresh_token` (native clients) or
 * `grant_type: refresh_token` with the HttpOnly cookie (web) refreshes.
 * `tokenTransport: cookie` keeps the refresh token out of the body (web).
 */
export const CredentialsSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  tokenTransport: z.enum(['body', 'cookie']).optional(),
});
export const RefreshSchema = z
  .object({
    refresh_token: text(200).optional(),
    grant_type: z.literal('refresh_token').optional(),
  })
  .refine((v) => v.refresh_token !== undefined || v.grant_type !== undefined, { error: 'FORM.ERROR.REQUIRED' });
export const LoginSchema = z.union([CredentialsSchema, RefreshSchema]);
export type Credentials = z.infer<typeof CredentialsSchema>;
export type Login = z.infer<typeof LoginSchema>;

/** SPEC §3 push device; the logout body (may be empty). */
export const PushDeviceSchema = z.object({
  token: text(4096).optional(),
  platform: text(32).optional(),
  deviceId: text(200).optional(),
});
export const LogoutSchema = z.union([PushDeviceSchema, z.null()]).optional();

export const PasswordResetSchema = z.object({ email: emailSchema });
export const PasswordUpdateSchema = z.object({ oldPassword: passwordSchema, newPassword: passwordSchema });
export const PasswordUpdateTokenSchema = z.object({ token: text(200), newPassword: passwordSchema });
export const EmailVerifySchema = z.object({ token: text(200) });
