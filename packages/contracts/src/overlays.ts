import { z } from 'zod';
import { APP_LANGUAGES } from './constants.ts';
import { FormError, text } from './common.ts';
import {
  OVERLAY_AGAIN_DAYS_MAX,
  OVERLAY_BUTTON_LABEL_MAX,
  OVERLAY_BUTTONS_MAX,
  OVERLAY_DELAY_MAX,
  OVERLAY_FORMATS,
  OVERLAY_HTML_MAX,
  OVERLAY_LANGUAGE_STATES,
  OVERLAY_NAME_MAX,
  OVERLAY_TITLE_MAX,
  OVERLAY_URL_MAX,
  OVERLAY_URL_PATTERN_MAX,
  OVERLAY_URL_PATTERNS_MAX,
  OVERLAY_WIDGETS_MAX,
  OVERLAY_EVENTS,
} from './overlays-constants.ts';

export * from './overlays-constants.ts';

/**
 * Overlays (SPEC §1 overlay manager, §2 OverlayManagerPage, §3 overlay, §7 "Overlays and AI"):
 * announcements a business shows over its guest app, its widgets and pages of its own website,
 * per language with a draft and a published version. Every business route needs
 * `overlayactivated` (403 `error.flag.missing` otherwise); another business's overlay is a 404.
 *
 * Routes (apps/server/src/modules/overlays/README.md):
 * - GET  /api/overlays                          → OverlayListSchema (per language: state and dates)
 * - POST /api/overlay                           OverlayCreateSchema → OverlayViewSchema
 * - GET  /api/overlay?id&lang                   → OverlayLanguageViewSchema
 * - POST /api/overlay/savedraft?id&lang         OverlayContentSchema → OverlayLanguageViewSchema
 * - POST /api/overlay/publish?id&lang           OverlayContentSchema → OverlayLanguageViewSchema
 * - POST /api/overlay/delete?id&lang            → { ok, deleted: 'language' | 'overlay' }
 * - POST /api/overlay/update/all                OverlaySettingsUpdateSchema → OverlayViewSchema
 * - GET  /api/overlay/allenabledlanguages?clientId → { languages }
 * - GET  /api/overlay/language?lang&isDraft     → OverlayInLanguageListSchema
 * - GET  /api/overlay/active                    → OverlayListSchema (published and scheduled now)
 * - GET  /api/overlay/analytics?id&from&to     → OverlayAnalyticsSchema
 * - GET  /api/public/overlay/{publicId}?lang&url&where → PublicOverlaysSchema (no account)
 * - POST /api/public/overlay/{publicId}/event   OverlayEventInputSchema → 204 (no account, no cookie)
 */

const id = () =>
  z
    .number({ error: FormError.required })
    .int({ error: FormError.hasId })
    .positive({ error: FormError.hasId })
    .max(2_147_483_647, { error: FormError.hasId });

export const OverlayLanguageSchema = z.enum(APP_LANGUAGES, { error: FormError.invalid });

/** A link a button may open: http(s), mailto or tel. */
export const OverlayUrlSchema = text(OVERLAY_URL_MAX).refine(
  (s) => /^(https?:\/\/[^\s]+|mailto:[^\s]+|tel:[+0-9()\s-]+)$/i.test(s.trim()),
  {
    error: FormError.pattern,
  },
);

const label = text(OVERLAY_BUTTON_LABEL_MAX)
  .transform((s) => s.trim())
  .refine((s) => s.length > 0, { error: FormError.required });

/** A button: a link, a Spotlist place or list, or "message us" (a chat with the business). */
export const OverlayButtonSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('url'), label, url: OverlayUrlSchema }),
  z.strictObject({ kind: z.literal('place'), label, placeId: id() }),
  z.strictObject({ kind: z.literal('list'), label, listId: id() }),
  z.strictObject({ kind: z.literal('message'), label }),
]);
export type OverlayButton = z.infer<typeof OverlayButtonSchema>;

/** One language's content: a title, rich text (sanitized on the server), one picture, up to two buttons. */
export const OverlayContentSchema = z.strictObject({
  title: text(OVERLAY_TITLE_MAX).transform((s) => s.trim()),
  html: text(OVERLAY_HTML_MAX),
  /** One of the business's documents (an image). */
  imageDocumentId: id().nullable().default(null),
  buttons: z.array(OverlayButtonSchema).max(OVERLAY_BUTTONS_MAX, { error: FormError.maxlength }).default([]),
});
export type OverlayContent = z.infer<typeof OverlayContentSchema>;
export type OverlayContentInput = z.input<typeof OverlayContentSchema>;

/** When it shows: after N seconds, at a scroll depth, on exit intent (desktop; phones after a time), or on a click of an element. */
export const OverlayTriggerSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('load'), delaySeconds: z.number().int().min(0).max(OVERLAY_DELAY_MAX) }),
  z.strictObject({ kind: z.literal('scroll'), percent: z.number().int().min(1).max(100) }),
  z.strictObject({ kind: z.literal('exit'), fallbackSeconds: z.number().int().min(1).max(OVERLAY_DELAY_MAX) }),
  z.strictObject({
    kind: z.literal('click'),
    /** The id of an element on the host page (an HTML id). */
    elementId: z.string().regex(/^[A-Za-z][\w:.-]{0,99}$/, { error: FormError.pattern }),
  }),
]);
export type OverlayTrigger = z.infer<typeof OverlayTriggerSchema>;

/** How often one visitor sees it (kept in the visitor's storage, no cookie). */
export const OverlayFrequencySchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('always') }),
  z.strictObject({ kind: z.literal('session') }),
  z.strictObject({ kind: z.literal('once') }),
  z.strictObject({ kind: z.literal('days'), days: z.number().int().min(1).max(OVERLAY_AGAIN_DAYS_MAX) }),
]);
export type OverlayFrequency = z.infer<typeof OverlayFrequencySchema>;

/** A local date and time in the schedule's time zone (no offset): 2026-12-24T18:00. */
const localDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: FormError.pattern });

export const OverlayScheduleSchema = z
  .strictObject({
    from: localDateTime.nullable(),
    until: localDateTime.nullable(),
    /** An IANA time zone (the business's). */
    timeZone: z.string().min(1).max(64),
  })
  .refine((s) => s.from === null || s.until === null || s.from < s.until, { error: FormError.minDate, path: ['until'] });
export type OverlaySchedule = z.infer<typeof OverlayScheduleSchema>;

/** A page pattern: a path with `*` for any characters (`/rooms/*`), optionally with its host (`example.com/rooms/*`). */
export const OverlayUrlPatternSchema = z
  .string()
  .max(OVERLAY_URL_PATTERN_MAX, { error: FormError.maxlength })
  .regex(/^([A-Za-z0-9.-]+(:\d+)?)?\/[^\s<>"'`]*$/, { error: FormError.pattern });

export const OverlayWhereSchema = z.strictObject({
  guestApp: z.boolean(),
  /** Widgets of the business it shows over. */
  widgetIds: z.array(id()).max(OVERLAY_WIDGETS_MAX, { error: FormError.maxlength }),
  /** Pages of the business's website (the embed); none: no page. */
  urlPatterns: z.array(OverlayUrlPatternSchema).max(OVERLAY_URL_PATTERNS_MAX, { error: FormError.maxlength }),
});
export type OverlayWhere = z.infer<typeof OverlayWhereSchema>;

/** What all languages of an overlay share. */
export const OverlaySettingsSchema = z.strictObject({
  name: text(OVERLAY_NAME_MAX)
    .transform((s) => s.trim())
    .refine((s) => s.length > 0, { error: FormError.required }),
  format: z.enum(OVERLAY_FORMATS, { error: FormError.invalid }),
  where: OverlayWhereSchema,
  trigger: OverlayTriggerSchema,
  frequency: OverlayFrequencySchema,
  schedule: OverlayScheduleSchema,
  /** Languages tried in order when the visitor's has no published content (e.g. hr → de → en). */
  fallback: z.array(OverlayLanguageSchema).max(APP_LANGUAGES.length),
});
export type OverlaySettings = z.infer<typeof OverlaySettingsSchema>;
export type OverlaySettingsInput = z.input<typeof OverlaySettingsSchema>;

/** POST /api/overlay: the shared settings and the first language's draft. */
export const OverlayCreateSchema = OverlaySettingsSchema.extend({
  language: OverlayLanguageSchema,
  content: OverlayContentSchema,
});

/** POST /api/overlay/update/all: the settings of overlay `id`. */
export const OverlaySettingsUpdateSchema = OverlaySettingsSchema.extend({ id: id() });

export const OverlayIdLangQuerySchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  lang: OverlayLanguageSchema,
});

export const OverlayLanguageStateSchema = z.object({
  language: z.string(),
  state: z.enum(OVERLAY_LANGUAGE_STATES),
  draftUpdatedAt: z.string(),
  publishedAt: z.string().nullable(),
});

export const OverlayViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  format: z.enum(OVERLAY_FORMATS),
  where: OverlayWhereSchema,
  trigger: OverlayTriggerSchema,
  frequency: OverlayFrequencySchema,
  schedule: OverlayScheduleSchema,
  fallback: z.array(z.string()),
  languages: z.array(OverlayLanguageStateSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OverlayView = z.infer<typeof OverlayViewSchema>;

export const OverlayListSchema = z.object({
  list: z.array(OverlayViewSchema),
  /** The id a website's embed names (`data-spotlist-overlay`): all of the business's overlays. */
  publicId: z.string(),
});

/** A button as stored and answered (no input transforms: an answer is encoded, not parsed). */
const StoredButtonSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('url'), label: z.string(), url: z.string() }),
  z.object({ kind: z.literal('place'), label: z.string(), placeId: z.number().int() }),
  z.object({ kind: z.literal('list'), label: z.string(), listId: z.number().int() }),
  z.object({ kind: z.literal('message'), label: z.string() }),
]);

/** Content as stored: the rich text sanitized. */
const StoredContentSchema = z.object({
  title: z.string(),
  html: z.string(),
  imageDocumentId: z.number().int().nullable(),
  buttons: z.array(StoredButtonSchema),
});

export const OverlayLanguageViewSchema = z.object({
  id: z.number().int(),
  language: z.string(),
  state: z.enum(OVERLAY_LANGUAGE_STATES),
  draft: StoredContentSchema,
  published: StoredContentSchema.nullable(),
  draftUpdatedAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type OverlayLanguageView = z.infer<typeof OverlayLanguageViewSchema>;

/** GET /api/overlay/language?lang&isDraft: every overlay of mine in one language (draft or published). */
export const OverlayInLanguageListSchema = z.object({
  list: z.array(z.object({ id: z.number().int(), name: z.string(), format: z.enum(OVERLAY_FORMATS), content: StoredContentSchema })),
});

/** A button as a visitor's page needs it: where it leads. */
export const PublicOverlayButtonSchema = z.object({
  kind: z.enum(['url', 'place', 'list', 'message']),
  label: z.string(),
  /** url: the link; place, list: the page on this server; message: the guest chat of the business. */
  href: z.string(),
});

export const PublicOverlaySchema = z.object({
  id: z.number().int(),
  /** Grows with every change: a visitor's "seen" record of an older revision still counts. */
  revision: z.number().int(),
  format: z.enum(OVERLAY_FORMATS),
  trigger: OverlayTriggerSchema,
  frequency: OverlayFrequencySchema,
  /** The language shown (the visitor's, or the first of the fallback chain that is published). */
  language: z.string(),
  title: z.string(),
  html: z.string(),
  imageUrl: z.string().nullable(),
  buttons: z.array(PublicOverlayButtonSchema),
});
export type PublicOverlay = z.infer<typeof PublicOverlaySchema>;

export const PublicOverlaysSchema = z.object({ overlays: z.array(PublicOverlaySchema) });
export type PublicOverlays = z.infer<typeof PublicOverlaysSchema>;

/** POST /api/public/overlay/{publicId}/event (navigator.sendBeacon: JSON as text/plain too). */
export const OverlayEventInputSchema = z.strictObject({
  overlayId: id(),
  language: OverlayLanguageSchema,
  event: z.enum(OVERLAY_EVENTS, { error: FormError.invalid }),
});

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: FormError.pattern });

/** GET /api/overlay/analytics?id&from&to (UTC days, at most ANALYTICS_MAX_DAYS). */
export const OverlayAnalyticsQuerySchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  from: isoDay,
  to: isoDay,
});

const OverlayEventCountsSchema = z.object({ view: z.number().int(), click: z.number().int(), close: z.number().int() });

export const OverlayAnalyticsSchema = z.object({
  id: z.number().int(),
  from: z.string(),
  to: z.string(),
  /** Every day of the range in order (zeros included), all languages together. */
  days: z.array(OverlayEventCountsSchema.extend({ day: z.string() })),
  totals: OverlayEventCountsSchema,
  /** Per language counted in the range, most viewed first. */
  languages: z.array(OverlayEventCountsSchema.extend({ language: z.string() })),
});
export type OverlayAnalytics = z.infer<typeof OverlayAnalyticsSchema>;
