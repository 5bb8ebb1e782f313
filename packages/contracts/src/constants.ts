// Constants fixed by the specification. Each carries the section it comes from.

/** SPEC §3: account types. */
export const AccountType = { private: 1, business: 2, blogger: 4 } as const;
export type AccountTypeId = (typeof AccountType)[keyof typeof AccountType];
export const ACCOUNT_TYPE_IDS = [1, 2, 4] as const;
export const accountTypeKey = (id: number): 'private' | 'business' | 'blogger' =>
  id === AccountType.business ? 'business' : id === AccountType.blogger ? 'blogger' : 'private';

/** SPEC §3: visibility levels. */
export const Visibility = { private: 1, friends: 4, groups: 32, follower: 64, all: 255 } as const;
export const VISIBILITY_IDS = [1, 4, 32, 64, 255] as const;

/** SPEC §3: gender (none = null). */
export const Gender = { male: 1, female: 2 } as const;

/** SPEC §3: per-user activation flags that unlock feature pages (SPEC §1, §2). */
export const USER_FLAGS = [
  'hasGuest',
  'widgetv1activated',
  'widgetv2activated',
  'aiassistantactivated',
  'overlayactivated',
  'gpstrackingactivated',
] as const;
export type UserFlag = (typeof USER_FLAGS)[number];

/** SPEC §3: payment provider bit flags. */
export const PaymentProvider = {
  stripe: 1,
  paypal: 2,
  applepay: 4,
  paybox: 8,
  sepa: 16,
  pciproxy: 32,
  paytweak: 64,
  apaleo: 128,
} as const;

/** SPEC §3: external account categories. */
export const ExternalAccountCategory = {
  socialNetworkLogin: 1,
  photoSharingNetwork: 10,
  professionalNetwork: 50,
  bookingSuite: 70,
  propertyManagementSystem: 80,
  appleLogin: 81,
} as const;

/** SPEC §9: supported user languages (1 English, 2 German; default English). */
export const USER_LANGUAGES = [
  { id: 1, key: 'en' },
  { id: 2, key: 'de' },
] as const;
export const DEFAULT_LANGUAGE = { id: 1, key: 'en' } as const;

/** SPEC §9: app languages (default en). */
export const APP_LANGUAGES = ['de', 'en', 'es', 'fr', 'hr', 'hu', 'it', 'pl', 'pt', 'ru', 'tr', 'nl', 'da'] as const;
export type AppLanguage = (typeof APP_LANGUAGES)[number];

/** SPEC §9: help page languages; anything else uses en. */
export const HELP_LANGUAGES = ['de', 'en', 'es', 'fr', 'hr', 'hu', 'it', 'pl', 'pt', 'ru', 'tr'] as const;

/** SPEC §4: locale per language. */
export const LOCALES: Record<AppLanguage, string> = {
  de: 'de-DE',
  en: 'en-US',
  es: 'es-ES',
  fr: 'fr-FR',
  hr: 'hr-HR',
  hu: 'hu-HU',
  it: 'it-IT',
  pl: 'pl-PL',
  pt: 'pt-BR',
  ru: 'ru-RU',
  tr: 'tr-TR',
  nl: 'nl-NL',
  da: 'da-DK',
};

/** SPEC §9 timings and sizes. */
export const GUARD_REDIRECT_DELAY_MS = 500;
export const UPDATE_CHECK_INTERVAL_MS = 300_000;
export const INFO_CACHE_MS = 300_000;
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;
export const ERROR_TOAST_MS = 5000;
export const CONNECTION_TOAST_MS = 3000;
export const SIDE_MENU_PERMANENT_MIN_WIDTH = 1250;
export const MINIMUM_AGE_YEARS = 16;
export const BIRTHDAY_MIN = '1900-01-01';

/** Password policy (issue: walking skeleton). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
