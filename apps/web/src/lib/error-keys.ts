import type { ErrorKeyValue } from '@spotlist/contracts';

/**
 * The error keys the web app itself produces or reacts to. Typed against the contracts' ErrorKey
 * (a wrong key fails the type check) but written as literals: importing the ErrorKey object would
 * pull the contracts' zod schemas (errors.ts also declares ApiErrorSchema) into the first bundle.
 */
export const ERROR_KEYS = {
  unknown: 'error.unknown',
  unavailable: 'error.unavailable',
  refreshInvalid: 'error.refresh.invalid',
  xsrf: 'error.xsrf',
  userUnverified: 'USER_UNVERIFIED',
  placeForbidden: 'error.place.forbidden',
  listReadOnly: 'error.list.readonly',
  logoBusinessOnly: 'error.logo.businessonly',
} as const satisfies Record<string, ErrorKeyValue>;
