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
  // Places, likes, lists and sharing (modules/README.md "Places, likes, lists and sharing").
  placeNotFound: 'error.place.notfound',
  /** Only the creator of a place (or an admin) changes or deletes it. */
  placeForbidden: 'error.place.forbidden',
  /** A place in another user's list or likes cannot be deleted by its creator (an admin can). */
  placeInUse: 'error.place.inuse',
  likeNotFound: 'error.like.notfound',
  listNotFound: 'error.list.notfound',
  /** The list is readable (shared with the caller, or public) but only its owner changes it. */
  listReadOnly: 'error.list.readonly',
  listItemNotFound: 'error.list.item.notfound',
  /** A reorder must name every item of the list exactly once. */
  listReorder: 'error.list.reorder',
  shareNotFound: 'error.share.notfound',
  shareExpired: 'error.share.expired',
  shareRevoked: 'error.share.revoked',
  /** A share needs `public: true` or at least one recipient. */
  shareEmpty: 'error.share.empty',
  /** A recipient that does not exist, or the owner themself. */
  shareRecipient: 'error.share.recipient',
  /** The import file is not one of the recognised formats, or is malformed. */
  importFormat: 'error.import.format',
  /** The import file holds no place. */
  importEmpty: 'error.import.empty',
  /** The import file is over LIST_IMPORT_MAX_BYTES. */
  importTooLarge: 'error.import.toolarge',
  /** The import file holds more than LIST_IMPORT_MAX_ITEMS places. */
  importTooMany: 'error.import.toomany',
  /** The import request has no file part. */
  importNoFile: 'error.import.nofile',
} as const;
export type ErrorKeyValue = (typeof ErrorKey)[keyof typeof ErrorKey];
