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
  /** A NUL character (or another the database cannot store) in a body, a query or a path. */
  badCharacter: 'error.request.character',
  /** A malformed percent-encoding in the address. */
  badUrl: 'error.request.url',
  bodyTooLarge: 'error.request.toolarge',
  badContentType: 'error.request.contenttype',
  notFound: 'error.notfound',
  routeNotFound: 'error.route.notfound',
  unauthorized: 'error.auth.required',
  tokenInvalid: 'error.auth.token.invalid',
  forbidden: 'error.auth.forbidden',
  xsrf: 'error.xsrf',
  /** A CORS preflight from an origin that is neither the app's own nor a native shell's (NATIVE_ORIGINS, CORS_ORIGINS). */
  corsOrigin: 'error.cors.origin',
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
  /** 503: the external provider this needs (mail, storage, payments, a login provider, …) is not configured on this server. */
  integrationNotConfigured: 'error.integration.notconfigured',
  timeout: 'error.timeout',
  duplicate: 'error.duplicate',
  referenceNotFound: 'error.reference.notfound',
  /** A delete of a row that others still use (a country an account names): nothing was deleted. */
  inUse: 'error.inuse',
  /** The default content language cannot be removed while others are offered. */
  languageDefaultRemove: 'error.language.default.remove',
  /** The default content language must be one of the offered ones. */
  languageNotOffered: 'error.language.notoffered',
  // Places, likes, lists and sharing (server modules places/, likes/, lists/, shares/: their READMEs).
  placeNotFound: 'error.place.notfound',
  /** Only the creator of a place (or an admin) changes or deletes it. */
  placeForbidden: 'error.place.forbidden',
  /** A place in another user's list or likes cannot be deleted by its creator (an admin can). */
  placeInUse: 'error.place.inuse',
  /** GET /api/place/position: neither the geocoder nor the city data knows where the address is. */
  placePositionNotFound: 'error.place.position.notfound',
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
  // Documents and uploads (server module documents/: its README).
  documentNotFound: 'error.document.notfound',
  /** The document already belongs to something else (another picture, a place): it cannot become this picture. */
  documentInUse: 'error.document.inuse',
  /** The request has no `file` part (or an empty file). */
  uploadNoFile: 'error.upload.nofile',
  /** The file is over UPLOAD_MAX_BYTES (or its declared Upload-Length is). */
  uploadTooLarge: 'error.upload.toolarge',
  /** The caller's files would exceed UPLOAD_QUOTA_BYTES. */
  uploadQuota: 'error.upload.quota',
  /** The file's bytes are not one of DOCUMENT_MIME_TYPES (the name and Content-Type do not count). */
  uploadType: 'error.upload.type',
  /** The image does not decode completely, or carries markup (an HTML/image polyglot). */
  uploadCorrupt: 'error.upload.corrupt',
  /** An SVG with script or references outside itself, a PDF with JavaScript or a launch action. */
  uploadActiveContent: 'error.upload.activecontent',
  /** The image has more pixels than UPLOAD_MAX_PIXELS. */
  uploadPixels: 'error.upload.pixels',
  /** The multipart body is malformed, or `data` / `extraData` is not a JSON object. */
  uploadMalformed: 'error.upload.malformed',
  /** The file name has control characters (a NUL) or is too long. */
  uploadFileName: 'error.upload.filename',
  /** A profile picture, logo, POI or place picture must be an image (JPEG, PNG, WebP, GIF, AVIF, SVG). */
  uploadNotImage: 'error.upload.notimage',
  /** A logo belongs to business accounts only. */
  logoBusinessOnly: 'error.logo.businessonly',
  /** The widget POI does not exist or its widget is not the caller's. */
  widgetPoiNotFound: 'error.widgetpoi.notfound',
  // Widgets, guests, analytics (server modules widgets/, guests/, analytics/: their READMEs).
  /** The user lacks the activation flag the route needs (SPEC §3 flags: config.flag of the route). */
  flagMissing: 'error.flag.missing',
  widgetNotFound: 'error.widget.notfound',
  /** POST /api/widget/add with version 1 when the business has its v1 widget already. */
  widgetV1Exists: 'error.widget.v1exists',
  /** The v1 widget is not deleted (it is emptied instead). */
  widgetV1Delete: 'error.widget.v1delete',
  widgetTooMany: 'error.widget.toomany',
  /** The place is in the widget already. */
  widgetPoiDuplicate: 'error.widget.poi.duplicate',
  /** The widget holds WIDGET_POI_MAX POIs already. */
  widgetPoiTooMany: 'error.widget.poi.toomany',
  /** A reorder must name every POI of the widget exactly once. */
  widgetPoiReorder: 'error.widget.poi.reorder',
  /** The setting's value is over WIDGET_SETTING_MAX_BYTES of JSON. */
  widgetSettingTooLarge: 'error.widget.setting.toolarge',
  /** Missing, unknown or malformed x-guest-key. */
  guestKey: 'error.guest.key',
  /** The guest was claimed by another user already. */
  guestClaimed: 'error.guest.claimed',
  guestAppNotFound: 'error.guestapp.notfound',
  /** Analytics: `to` before `from`, an impossible date, or over ANALYTICS_MAX_DAYS days. */
  analyticsRange: 'error.analytics.range',
  /** The visitor pages (embed build) are not installed on this server. */
  embedMissing: 'error.embed.missing',
  /** This server has no identity configured for the platform's app (ANDROID_SHA256_CERT_FINGERPRINTS, IOS_TEAM_ID): no association file. */
  appLinksNotConfigured: 'error.applinks.notconfigured',
  // Admin console and moderation (server modules admin/, moderation/: their READMEs).
  /** The route needs a permission (contracts permissions.ts) none of the caller's roles grants. */
  permissionMissing: 'error.permission.missing',
  /** The account is locked by an admin: no login until it is unlocked. */
  accountLocked: 'error.account.locked',
  /** The account is suspended: it reads its notices and appeals, nothing else, until the date. */
  accountSuspended: 'error.account.suspended',
  /** The last account holding the administrator role keeps it. */
  lastAdministrator: 'error.role.lastadmin',
  /** A built-in role (contracts BUILT_IN_ROLES) is not changed or deleted. */
  roleBuiltIn: 'error.role.builtin',
  /** A client admin gives only roles whose permissions are all client-scoped. */
  roleNotClientScoped: 'error.role.notclientscoped',
  /** The reported content was deleted: it cannot be hidden or shown again. */
  moderationContentGone: 'error.moderation.contentgone',
  /** The report was decided already (or its appeal was). */
  moderationDecided: 'error.moderation.decided',
  /** The action does not fit the content (a user is not hidden; a suspension needs an account). */
  moderationAction: 'error.moderation.action',
  /** The user keeps SAVED_FILTERS_MAX saved filters already. */
  savedFiltersTooMany: 'error.savedfilter.toomany',
  /** The notice's decision cannot be appealed (a dismissal, or an appeal was sent already). */
  appealNotOpen: 'error.appeal.notopen',
  // User relations and groups (server module relations/: its README).
  /** A relation, a match, a follow or a block of oneself. */
  relationSelf: 'error.relation.self',
  /** The other user blocked me, or I blocked them: no match, follow or group membership. */
  relationBlocked: 'error.relation.blocked',
  /** No such relation of mine to delete. */
  relationNotFound: 'error.relation.notfound',
  /** A relation category that does not exist (SPEC §3 /api/userrelationcategory/). */
  relationCategory: 'error.relation.category',
  /** A relation type that does not exist or cannot be given there. */
  relationType: 'error.relation.type',
  /** Matching as business needs a business or a blogger on either side. */
  relationBusinessMatch: 'error.relation.business',
  /** No such user (or one who blocked me: they are not told apart). */
  userNotFound: 'error.user.notfound',
  /** A group member must be my friend. */
  groupNotFriend: 'error.group.notfriend',
  /** USER_GROUPS_MAX groups, or USER_GROUP_MEMBERS_MAX members of one. */
  groupTooMany: 'error.group.toomany',
  // Messaging and meetings (server module messaging/: its README).
  /** No such conversation, or I am not a member (not told apart). */
  conversationNotFound: 'error.conversation.notfound',
  /** A direct conversation needs a friend (a mutual match) or a business on the other side; a group, friends. */
  conversationNotAllowed: 'error.conversation.notallowed',
  /** Only a group's admin may do that (rename, add or remove others); a direct conversation has no members to change. */
  conversationAdmin: 'error.conversation.admin',
  /** CONVERSATION_MEMBERS_MAX members. */
  conversationFull: 'error.conversation.full',
  /** The other side blocked me, or I blocked them: nothing can be written. */
  messageBlocked: 'error.message.blocked',
  /** A message with neither text nor a place, list, file or meeting. */
  messageEmpty: 'error.message.empty',
  /** No such message in a conversation of mine (or not mine to edit or delete). */
  messageNotFound: 'error.message.notfound',
  /** More than one of place, list and file on one message. */
  messageOneCard: 'error.message.onecard',
  /** A file in a guest conversation (the guest has no session the file routes know). */
  messageGuestFile: 'error.message.guestfile',
  /** A message category that does not exist. */
  messageCategory: 'error.message.category',
  /** No such meeting in a conversation of mine. */
  meetingNotFound: 'error.meeting.notfound',
  /** No translation provider is configured (TRANSLATION_URL). */
  translationUnavailable: 'error.translation.unavailable',
  /** The translation provider did not answer or refused. */
  translationFailed: 'error.translation.failed',
  // Push notifications (server module push/: its README).
  /** No such push device of mine (another user's is not told apart). */
  pushDeviceNotFound: 'error.pushdevice.notfound',
  /** A web device's token is not a Web Push subscription (PushSubscription.toJSON() as JSON). */
  pushSubscription: 'error.push.subscription',
  /** A Web Push endpoint that is not https. */
  pushEndpointInsecure: 'error.push.endpoint.insecure',
  /** A Web Push endpoint on a private, loopback or link-local address (or a name that resolves to one). */
  pushEndpointPrivate: 'error.push.endpoint.private',
  /** A test notice with no push device of mine to send it to. */
  pushNoDevices: 'error.push.nodevices',
  /** The quiet hours' time zone is not an IANA time zone. */
  pushTimeZone: 'error.push.timezone',
  // Overlays (server module overlays/: its README).
  /** No such overlay of mine, or no such language of it. */
  overlayNotFound: 'error.overlay.notfound',
  /** A language the business does not offer (its profile's content languages). */
  overlayLanguageNotOffered: 'error.overlay.language.notoffered',
  /** The business has OVERLAY_MAX overlays already. */
  overlayTooMany: 'error.overlay.toomany',
  /** A widget the overlay is to show over is not one of mine. */
  overlayWidget: 'error.overlay.widget',
  /** The picture is not one of my images. */
  overlayImage: 'error.overlay.image',
  /** A button's place or list is not one I can share. */
  overlayButtonTarget: 'error.overlay.button',
  /** The schedule's time zone is not an IANA time zone. */
  overlayTimeZone: 'error.overlay.timezone',
  // AI content assistant (server module ai/: its README).
  /** No AI provider is configured (AI_BASE_URL): 503. */
  aiNotConfigured: 'error.ai.notconfigured',
  /** Today's requests or tokens of the user or the business are used up: 429 (with `resetsAt`). */
  aiQuota: 'error.ai.quota',
  /** The provider failed (an error answer, a cut stream, something not JSON): 502. */
  aiProvider: 'error.ai.provider',
  /** The provider did not answer in AI_TIMEOUT_MS: 504. */
  aiTimeout: 'error.ai.timeout',
  /** A model not on the server's list (AI_MODELS): 400. */
  aiModel: 'error.ai.model',
  /** The messages together are longer than AI_MAX_PROMPT_CHARS: 400. */
  aiPromptTooLarge: 'error.ai.prompt.toolarge',
  /** A translation run that is not mine or does not exist, or a language it does not have: 404. */
  aiTranslationNotFound: 'error.ai.translation.notfound',
  /** The language's draft is not in a state for this (publish one still running, retry a published one): 409. */
  aiTranslationState: 'error.ai.translation.state',
  /** Nothing to translate: the source language has no text, or the business offers no other language: 400. */
  aiTranslationNothing: 'error.ai.translation.nothing',
  // GPS fleet tracking (server module fleet/: its README).
  /** The provider refused the credentials (the account is paused until new ones are saved). */
  fleetCredentials: 'error.fleet.credentials',
  /** A provider needs credentials and none are stored or sent: 400. */
  fleetCredentialsMissing: 'error.fleet.credentials.missing',
  /** The provider asked to wait (busy, its request quota): tried again later. */
  fleetBusy: 'error.fleet.busy',
  /** The provider failed or answered something that is not its format: 502. */
  fleetProvider: 'error.fleet.provider',
  /** The provider did not answer in time: 504. */
  fleetTimeout: 'error.fleet.timeout',
  /** The polling interval is below the provider's limit: 400. */
  fleetInterval: 'error.fleet.interval',
  /** An app client that is not one of mine (my guest app, my widgets): 404. */
  fleetAppClient: 'error.fleet.appclient',
  /** A vehicle that is not one of mine: 404. */
  fleetVehicle: 'error.fleet.vehicle',
  /** The simulator drives around the business's locations: it has none (nor a city): 400. */
  fleetLocation: 'error.fleet.location',
  /** That app client (guest app, widget) shows no vehicles: 404. */
  fleetOff: 'error.fleet.off',
  /** A shared shuttle link that is not one (mistyped, altered): 404. */
  fleetShareNotFound: 'error.fleet.share.notfound',
  /** A shared shuttle link past its end: 410. */
  fleetShareExpired: 'error.fleet.share.expired',
  // External accounts (server module external-accounts/: its README).
  /** A provider login whose verified e-mail belongs to an account that has not linked it: the client asks for that account's password and retries (409). */
  existingPasswordRequired: 'error.existing.password.required',
  /** The password given to link a provider to an existing account is not that account's (401): the prompt again. */
  existingPasswordWrong: 'error.existing.password.wrong',
  /** The e-mail belongs to an account without a password: log in the way it was made and connect the provider under Connections (409). */
  externalExists: 'error.external.exists',
  /** A provider's answer that cannot be trusted: a forged or expired ID token, another app's token, a wrong issuer, audience or nonce (401). */
  externalToken: 'error.external.token',
  /** The sign-in was started elsewhere, already used or is too old (400): start again. */
  externalState: 'error.external.state',
  /** The provider ended the sign-in with an error (the user cancelled, consent refused): 400. */
  externalDenied: 'error.external.denied',
  /** The provider does not confirm the e-mail address: nothing is linked or made with it (409). */
  externalEmailUnverified: 'error.external.email.unverified',
  /** The provider gives no e-mail address, which a new account needs (400). */
  externalEmailMissing: 'error.external.email.missing',
  /** A new account is made only with the terms accepted (400): the client asks and retries. */
  externalTermsRequired: 'error.external.terms.required',
  /** That provider account is connected to another Spotlist account (409). */
  externalLinkedElsewhere: 'error.external.linkedelsewhere',
  /** The account's last way to log in: it has no password and no other connection (409). */
  externalLastLogin: 'error.external.lastlogin',
  /** The provider connects an account but does not log in (Instagram), or is for business accounts only (400). */
  externalUnsupported: 'error.external.unsupported',
  /** The provider failed or did not answer (503: an outage; try again later). */
  externalProvider: 'error.external.provider',
  /** Instagram connects business and creator accounts only (400). */
  instagramPersonal: 'error.instagram.personal',
} as const;
export type ErrorKeyValue = (typeof ErrorKey)[keyof typeof ErrorKey];
