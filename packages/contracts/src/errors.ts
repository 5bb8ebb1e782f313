// No zod here: the web app's first bundle imports these keys without pulling in a validator.

/** SPEC §3: API error body. `key` is `error.unknown` when anonymized; validation adds `fields`. */
export interface ApiError {
  key: string;
  fields?: { path: string; key: string }[];
}

/** Every error key the API answers with. The web app translates them as ERROR.{key}. */
export const ErrorKey = {
  unknown: 'error.unknown',
  validation: 'error.validation',
  badJson: 'error.request.json',
  bodyTooLarge: 'error.request.toolarge',
  badContentType: 'error.request.contenttype',
  notFound: 'error.notfound',
  routeNotFound: 'error.route.notfound',
  unauthorized: 'error.auth.required',
  tokenInvalid: 'error.auth.token.invalid',
  forbidden: 'error.auth.forbidden',
  xsrf: 'error.xsrf',
  loginFailed: 'error.login.failed',
  loginThrottled: 'error.login.throttled',
  refreshInvalid: 'error.refresh.invalid',
  userUnverified: 'USER_UNVERIFIED',
  emailTaken: 'error.signup.email.taken',
  termsRequired: 'error.signup.terms.required',
  passwordTooShort: 'error.password.tooshort',
  passwordTooLong: 'error.password.toolong',
  passwordCommon: 'error.password.common',
  passwordWrong: 'error.password.wrong',
  resetTokenInvalid: 'error.password.reset.token.invalid',
  rateLimited: 'error.ratelimit',
  unavailable: 'error.unavailable',
  timeout: 'error.timeout',
  duplicate: 'error.duplicate',
  referenceNotFound: 'error.reference.notfound',
  /** The default content language cannot be removed while others are offered. */
  languageDefaultRemove: 'error.language.default.remove',
  /** The default content language must be one of the offered ones. */
  languageNotOffered: 'error.language.notoffered',
} as const;
export type ErrorKeyValue = (typeof ErrorKey)[keyof typeof ErrorKey];
