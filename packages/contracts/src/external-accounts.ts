import { z } from 'zod';
import { ACCOUNT_TYPE_IDS } from './constants.ts';
import { text } from './common.ts';
import { passwordSchema } from './auth.ts';
import { UserSchema } from './user.ts';
import { EXTERNAL_PROVIDERS } from './external-accounts-constants.ts';

export const ExternalProviderSchema = z.enum(EXTERNAL_PROVIDERS);

/** GET /api/externalaccount/providers: the configured providers; the others are not offered. */
export const ExternalProvidersSchema = z.object({
  list: z.array(
    z.object({
      provider: ExternalProviderSchema,
      externalaccountcategoryId: z.number().int(),
      /** It logs in (and signs up); Instagram only connects. */
      login: z.boolean(),
      /** Only business accounts connect it (booking suite, apaleo). */
      businessOnly: z.boolean(),
    }),
  ),
});
export type ExternalProviders = z.infer<typeof ExternalProvidersSchema>;

const accountType = z.object({
  id: z.union(ACCOUNT_TYPE_IDS.map((n) => z.literal(n)) as [z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<4>]),
});

/** SPEC §3 PMS connection: what apaleo's connection syncs (the PMS issue reads them). */
export const ExternalAdditionalInfoSchema = z.object({
  syncProperties: z.boolean().optional(),
  syncInventory: z.boolean().optional(),
});

/**
 * POST /api/externalaccount/authorize: starts a sign-in at the provider. `login` logs in or signs
 * up; `connect` links the provider to the logged-in account. Answers where to send the browser,
 * and the state and nonce a native app passes to the platform's sign-in.
 */
export const ExternalAuthorizeSchema = z.object({
  provider: ExternalProviderSchema,
  intent: z.enum(['login', 'connect']),
  /** The account type a new account gets (the signup page's choice); booking suite and apaleo make business accounts. */
  accountType: accountType.optional(),
  /** The terms were accepted on the signup page. */
  termsaccepted: z.boolean().optional(),
  /** A native app: the state is not bound to a browser cookie. */
  native: z.boolean().optional(),
});
export const ExternalAuthorizationSchema = z.object({
  url: z.string(),
  state: z.string(),
  nonce: z.string(),
  expiresAt: z.string(),
});

/**
 * SPEC §3 social login payload (POST /api/applelogin, fblogin, linkedinlogin, bookingsuitelogin,
 * apaleologin, loginbyexternalaccount?provider=, apaleo-client-login). Identity comes only from
 * what the provider confirms: `code` + `state` (web callback, native code flows), `idToken` +
 * `state` (Apple's native sign-in) or `accessToken` (Facebook's native login). The client's
 * `email`, `userID`, `hotelIds`, `emailVerified`, `refreshToken`, `expiresIn`, `tokenType` are
 * accepted for compatibility and never trusted.
 */
export const SocialLoginSchema = z.object({
  accessToken: text(4096).optional(),
  expiresIn: z.number().optional(),
  userID: text(200).optional(),
  idToken: text(8192).optional(),
  refreshToken: text(4096).optional(),
  tokenType: text(40).optional(),
  code: text(2048).optional(),
  state: text(200).optional(),
  firstName: text(60).optional(),
  lastName: text(60).optional(),
  email: text(254).optional(),
  termsaccepted: z.boolean().optional(),
  /** The existing account's password, when the server asked for it (error.existing.password.required). */
  password: passwordSchema.optional(),
  /** Apple's `user` form field of the first authorization (JSON with the name). */
  user: text(2000).optional(),
  /** The callback's issuer parameter (RFC 9207), where the provider sends one. */
  iss: text(500).optional(),
  /** The provider's error on the callback (the user cancelled). */
  error: text(200).optional(),
  hotelIds: z.array(text(100)).max(500).optional(),
  accountType: accountType.optional(),
  emailVerified: z.boolean().optional(),
  additionalInfo: ExternalAdditionalInfoSchema.optional(),
  tokenTransport: z.enum(['body', 'cookie']).optional(),
});
export type SocialLogin = z.infer<typeof SocialLoginSchema>;

/** POST /api/loginbyexternalaccount?provider= (SPEC §7 "External login POST with a query"). */
export const ExternalLoginQuerySchema = z.object({ provider: ExternalProviderSchema });

/** A provider login's answer: the user with its session; `newmodel` when the account was made now, `connectedProvider` when the provider was linked now. */
export const ExternalLoginAnswerSchema = UserSchema.extend({
  newmodel: z.boolean().optional(),
  connectedProvider: ExternalProviderSchema.optional(),
});
export type ExternalLoginAnswer = z.infer<typeof ExternalLoginAnswerSchema>;

/** SPEC §3 external account, with its health (the connections page's card). */
export const ExternalAccountSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  externalaccountcategoryId: z.number().int(),
  provider: ExternalProviderSchema,
  /** Who the provider says it is: the e-mail, user name or name. */
  displayName: z.string().nullable(),
  email: z.string().nullable(),
  scopes: z.array(z.string()),
  /** ok; broken: the provider no longer accepts the connection (reconnect). */
  status: z.enum(['ok', 'broken']),
  createdAt: z.string(),
  lastRefreshAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** false: the account's last way to log in (no password, no other login connection). */
  canDisconnect: z.boolean(),
  hotelIds: z.array(z.string()),
  additionalInfo: ExternalAdditionalInfoSchema,
});
export type ExternalAccount = z.infer<typeof ExternalAccountSchema>;
export const ExternalAccountListSchema = z.object({ list: z.array(ExternalAccountSchema), total: z.number().int() });

/** SPEC §7: GET /api/externalaccount/ filtered by userId and externalaccountcategoryId (own rows only). */
export const ExternalAccountQuerySchema = z.object({
  'f.userId': z.coerce.number().int().optional(),
  'f.externalaccountcategoryId': z.coerce.number().int().optional(),
});

/** An Instagram connection's recent posts (GET /api/externalaccount/:id/media). */
export const ExternalMediaSchema = z.object({
  list: z.array(
    z.object({
      id: z.string(),
      caption: z.string().nullable(),
      mediaType: z.string(),
      imageUrl: z.string(),
      permalink: z.string(),
      timestamp: z.string(),
    }),
  ),
});
export type ExternalMedia = z.infer<typeof ExternalMediaSchema>['list'][number];
