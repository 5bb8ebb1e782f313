import { z } from 'zod';
import { USER_FLAGS, USER_LANGUAGES } from './constants.ts';
import { LocationSchema, PlaceSchema } from './cities.ts';
import { CountrySchema } from './reference.ts';

const flagShape = Object.fromEntries(USER_FLAGS.map((f) => [f, z.boolean()])) as {
  [K in (typeof USER_FLAGS)[number]]: z.ZodBoolean;
};
export const UserFlagsSchema = z.object(flagShape);
export type UserFlags = z.infer<typeof UserFlagsSchema>;

export const DocumentRefSchema = z.object({ id: z.number().int(), urlThumb240: z.string() }).nullable();

/** SPEC §3: the user as the API returns it (session user, login, signup). */
export const UserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  emailVerified: z.boolean(),
  nickname: z.object({ value: z.string() }),
  name: z.object({ firstname: z.string(), lastname: z.string(), visibility: z.number().int() }),
  accountType: z.object({ id: z.number().int() }),
  industry2: z.object({ id: z.number().int(), key: z.string() }).nullable(),
  language: z.object({ id: z.number().int(), key: z.string() }),
  profileFilled: z.boolean(),
  permissionsInclude: z.array(z.string()),
  picturedocument: DocumentRefSchema,
  logodocument: DocumentRefSchema,
  client: z.object({ id: z.number().int(), domain: z.string() }),
  ...flagShape,
  // Profile fields (SPEC §3). Optional so older answers and test fixtures stay valid; the server
  // always sends them (null when empty; locationList only for business accounts).
  description: z.string().nullable().optional(),
  homepageUrl: z.string().nullable().optional(),
  street: z.string().nullable().optional(),
  streetnumber: z.string().nullable().optional(),
  zip: z.string().nullable().optional(),
  city: z.string().nullable().optional(),
  /** The selected place when the city was picked from the city search. */
  cityPlace: PlaceSchema.nullable().optional(),
  country: CountrySchema.nullable().optional(),
  taxid: z.string().nullable().optional(),
  numberofrooms: z.number().int().nullable().optional(),
  bloggertype: z.string().nullable().optional(),
  /** none = null, male = 1, female = 2 */
  gender: z.number().int().nullable().optional(),
  /** { value: 'yyyy-MM-dd' } */
  birthday: z.object({ value: z.string() }).nullable().optional(),
  locationList: z.object({ list: z.array(LocationSchema) }).optional(),
  /** Until when a moderator suspended the account (it reads its notices and appeals, nothing else); null when not. */
  suspendedUntil: z.string().nullable().optional(),
  /** The moderators' notices to the user (modules/moderation): how many, how many unread. */
  notices: z.object({ total: z.number().int(), unread: z.number().int() }).optional(),
  /** Present on login, signup and refresh answers only. */
  authtoken: z.string().optional(),
  /** Present only when the client asked for the refresh token in the body (native clients). */
  refreshToken: z.string().optional(),
  /** Seconds until the access token expires (login, signup, refresh). */
  expiresIn: z.number().int().optional(),
});
export type User = z.infer<typeof UserSchema>;

/** Admin: switch a user's activation flags. */
export const UserFlagsUpdateSchema = UserFlagsSchema.partial();

/** SPEC §7: a user language update sends id and language.id (1 English, 2 German). */
export const LanguageUpdateSchema = z.object({
  id: z.number().int().positive().optional(),
  language: z.object({
    id: z
      .number()
      .int()
      .refine((n) => USER_LANGUAGES.some((l) => l.id === n), { error: 'FORM.ERROR.LANGUAGE' }),
  }),
});
export type LanguageUpdate = z.infer<typeof LanguageUpdateSchema>;
