// No zod here: the web app's login page imports these without pulling in a validator.
import { ExternalAccountCategory } from './constants.ts';

/** The providers an account can log in with or connect (SPEC §1, §3, §7). */
export const EXTERNAL_PROVIDERS = ['apple', 'facebook', 'linkedin', 'instagram', 'bookingsuite', 'apaleo'] as const;
export type ExternalProvider = (typeof EXTERNAL_PROVIDERS)[number];

/** SPEC §3: each provider's external account category. */
export const EXTERNAL_PROVIDER_CATEGORY: Record<ExternalProvider, number> = {
  facebook: ExternalAccountCategory.socialNetworkLogin,
  instagram: ExternalAccountCategory.photoSharingNetwork,
  linkedin: ExternalAccountCategory.professionalNetwork,
  bookingsuite: ExternalAccountCategory.bookingSuite,
  apaleo: ExternalAccountCategory.propertyManagementSystem,
  apple: ExternalAccountCategory.appleLogin,
};

/** SPEC §7: the login route of each provider that logs in (Instagram only connects). */
export const EXTERNAL_LOGIN_PATHS = {
  apple: '/applelogin',
  facebook: '/fblogin',
  linkedin: '/linkedinlogin',
  bookingsuite: '/bookingsuitelogin',
  apaleo: '/apaleologin',
} as const satisfies Partial<Record<ExternalProvider, string>>;

/** SPEC §8: connection toasts stay this long. */
export const EXTERNAL_TOAST_MS = 3000;

/** How long a started sign-in (its state) may take, in seconds. */
export const EXTERNAL_STATE_TTL_SECONDS = 600;
