import { z } from 'zod';
import { APP_LANGUAGES } from './constants.ts';
import { FormError, text } from './common.ts';
import { listResponseSchema } from './list-query.ts';
import { PLACE_DESCRIPTION_MAX, PLACE_NAME_MAX, PlaceInputSchema, PlaceTextsViewSchema, PlaceViewSchema } from './places.ts';
import { WIDGET_EVENTS, WidgetStyleSchema } from './widgets-public.ts';
import { WIDGET_INTRO_MAX, WIDGET_TITLE_MAX } from './widgets-public-constants.ts';
export { WIDGET_INTRO_MAX, WIDGET_TITLE_MAX } from './widgets-public-constants.ts';

/**
 * Business widgets, widget POIs, widget settings, the guest app and widget analytics as the
 * business sees them (SPEC §2 WidgetPage, WidgetListPage, WidgetDetailPage, GuestModeAppPage; §7
 * Widgets). Every route needs the matching flag (403 `error.flag.missing` otherwise): v1 routes
 * `widgetv1activated`, v2 routes `widgetv2activated`, routes used by both either one, guest app
 * routes `hasGuest`. A business only ever sees its own widgets (others' ids answer 404).
 *
 * Routes (see apps/server/src/modules/widgets/README.md, guests/README.md, analytics/README.md):
 * - GET  /api/widget/{type}            type v1 | v2 | all; list query (f.q, o.sort name|createdAt|updatedAt, p.i, p.s)
 * - POST /api/widget/mine              the v1 widget, created on first call (WidgetDetailSchema)
 * - POST /api/widget/add               a new v2 widget (WidgetInputSchema → WidgetDetailSchema)
 * - GET  /api/widget/{id}              one widget with its POIs (WidgetDetailSchema)
 * - POST /api/widget/update/{id}       WidgetUpdateSchema → WidgetDetailSchema
 * - DELETE /api/widget/delete/{id}     a v2 widget (the v1 widget is kept)
 * - POST /api/widgetpoi/add | remove | reorder | texts   → WidgetDetailSchema
 * - GET  /api/widget/setting[/{name}]  ('default' when no name) → WidgetSettingSchema
 * - POST /api/widget/setting[/{name}]  WidgetSettingInputSchema → WidgetSettingSchema
 * - GET  /api/widget/analytics?widgetId=&from=&to=   → WidgetAnalyticsSchema
 * - GET/POST /api/guestapp, GET /api/guestapp/qr?unit=&format=png|svg
 */

export const WIDGET_TYPES = ['v1', 'v2', 'all'] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];
export const WIDGET_VERSIONS = [1, 2] as const;
export const WIDGET_NAME_MAX = 120;
/** At most this many POIs per widget. */
export const WIDGET_POI_MAX = 200;
/** At most this many allowed (framing) domains per widget. */
export const WIDGET_DOMAINS_MAX = 20;
/** GET /api/widget/{type}: o.sort fields (default name). */
export const WIDGET_LIST_SORTS = ['name', 'createdAt', 'updatedAt'] as const;

const id = () =>
  z
    .number({ error: FormError.required })
    .int({ error: FormError.hasId })
    .positive({ error: FormError.hasId })
    .max(2_147_483_647, { error: FormError.hasId });

const language = z.enum(APP_LANGUAGES, { error: FormError.invalid });

/** Title and intro in one content language. */
export const WidgetTextSchema = z.object({
  title: text(WIDGET_TITLE_MAX)
    .transform((s) => s.trim())
    .optional(),
  intro: text(WIDGET_INTRO_MAX)
    .transform((s) => s.trim())
    .optional(),
});
/** Title and intro per content language: { de: { title, intro }, … }. */
export const WidgetTextsSchema = z.partialRecord(language, WidgetTextSchema);
export const WidgetTextsViewSchema = z.partialRecord(
  z.enum(APP_LANGUAGES),
  z.object({ title: z.string().optional(), intro: z.string().optional() }),
);

/** Content languages offered to visitors, first = fallback; duplicates are dropped. */
export const WidgetLanguagesSchema = z
  .array(language)
  .max(APP_LANGUAGES.length)
  .transform((a) => [...new Set(a)]);

/**
 * A host allowed to frame the widget (CSP frame-ancestors host-source): `example.com`,
 * `*.example.com`, `https://shop.example.com`, `localhost:8080`. Stored lower case, trimmed, without
 * a path. An empty list means any site may frame it.
 */
export const AllowedDomainSchema = z
  .string({ error: FormError.required })
  .max(253, { error: FormError.maxlength })
  .transform((s) => s.trim().toLowerCase().replace(/\/+$/, ''))
  .refine(
    (s) => /^(https?:\/\/)?(\*\.)?([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(:(\d{1,5}|\*))?$/.test(s),
    {
      error: FormError.pattern,
    },
  );
export const AllowedDomainsSchema = z
  .array(AllowedDomainSchema)
  .max(WIDGET_DOMAINS_MAX, { error: FormError.maxlength })
  .transform((a) => [...new Set(a)]);

const widgetFields = {
  name: text(WIDGET_NAME_MAX)
    .transform((s) => s.trim())
    .refine((s) => s.length > 0, { error: FormError.required }),
  texts: WidgetTextsSchema,
  languages: WidgetLanguagesSchema,
  style: WidgetStyleSchema,
  allowedDomains: AllowedDomainsSchema,
};

/**
 * POST /api/widget/add: a new widget. `version` defaults to 2 (needs widgetv2activated); 1 is
 * allowed once per business (needs widgetv1activated; 409 `error.widget.v1exists` when it has one —
 * POST /api/widget/mine gets or creates it).
 */
export const WidgetInputSchema = z.object({
  name: widgetFields.name,
  texts: widgetFields.texts.optional(),
  languages: widgetFields.languages.optional(),
  style: widgetFields.style.optional(),
  allowedDomains: widgetFields.allowedDomains.optional(),
  version: z.union([z.literal(1), z.literal(2)], { error: FormError.invalid }).optional(),
});
export type WidgetInput = z.input<typeof WidgetInputSchema>;

/**
 * POST /api/widget/update/{id}: absent fields stay as they are. `texts` replaces every language's
 * title and intro (send them all); `languages`, `style` and `allowedDomains` are replaced whole.
 */
export const WidgetUpdateSchema = z.object({
  name: widgetFields.name.optional(),
  texts: widgetFields.texts.optional(),
  languages: widgetFields.languages.optional(),
  style: widgetFields.style.optional(),
  allowedDomains: widgetFields.allowedDomains.optional(),
});
export type WidgetUpdate = z.input<typeof WidgetUpdateSchema>;

/** A widget as the business sees it (without POIs in lists). */
export const WidgetViewSchema = z.object({
  id: z.number().int(),
  /** What visitors see: the frame `/w/{publicId}`, `/api/public/widget/{publicId}`. */
  publicId: z.string(),
  version: z.union([z.literal(1), z.literal(2)]),
  name: z.string(),
  texts: WidgetTextsViewSchema,
  languages: z.array(z.string()),
  style: WidgetStyleSchema,
  allowedDomains: z.array(z.string()),
  /** Grows on every change of the widget or its POIs. */
  revision: z.number().int(),
  poiCount: z.number().int(),
  /** The frame's address (`{PUBLIC_URL or the request's origin}/w/{publicId}`). */
  frameUrl: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WidgetView = z.infer<typeof WidgetViewSchema>;

/** The catalogue place behind a widget POI (its own texts and every translation). */
export const WidgetPlaceSchema = PlaceViewSchema.pick({
  id: true,
  name: true,
  description: true,
  texts: true,
  latitude: true,
  longitude: true,
  address: true,
  city: true,
  country: true,
  category: true,
  website: true,
  phone: true,
  accessibility: true,
});
export type WidgetPlace = z.infer<typeof WidgetPlaceSchema>;

/** A POI's name/description per language as the business words them (over the place's own). */
export const PoiTextsSchema = z.partialRecord(
  language,
  z.object({
    name: text(PLACE_NAME_MAX)
      .transform((s) => s.trim())
      .optional(),
    description: text(PLACE_DESCRIPTION_MAX)
      .transform((s) => s.trim())
      .optional(),
  }),
);
export const PoiTextsViewSchema = PlaceTextsViewSchema;

/** A widget POI's picture (set by POST /api/widgetpoi/image/update), or null. */
export const WidgetPoiPictureSchema = z
  .object({
    id: z.number().int(),
    /** `/api/document/{id}/file` */
    url: z.string(),
    /** `/api/document/{id}/thumb` */
    urlThumb240: z.string(),
  })
  .nullable();

export const WidgetPoiViewSchema = z.object({
  /** The widget POI's id (remove, texts, image update). */
  id: z.number().int(),
  widgetId: z.number().int(),
  placeId: z.number().int(),
  /** 0-based order in the widget. */
  position: z.number().int(),
  texts: PoiTextsViewSchema,
  picture: WidgetPoiPictureSchema,
  place: WidgetPlaceSchema,
});
export type WidgetPoiView = z.infer<typeof WidgetPoiViewSchema>;

/** GET /api/widget/{id} and the answer of every widget and POI change. */
export const WidgetDetailSchema = WidgetViewSchema.extend({ pois: z.array(WidgetPoiViewSchema) });
export type WidgetDetail = z.infer<typeof WidgetDetailSchema>;

export const WidgetListSchema = listResponseSchema(WidgetViewSchema);

/**
 * POST /api/widgetpoi/add: a catalogue place (`placeId`, readable by the business) or a new one
 * (`place`, created in the catalogue as POST /api/place/add does), appended at the end. 409
 * `error.widget.poi.duplicate` when the place is in the widget already.
 */
export const WidgetPoiAddSchema = z.union([
  z.object({ widgetId: id(), placeId: id(), texts: PoiTextsSchema.optional() }),
  z.object({ widgetId: id(), place: PlaceInputSchema, texts: PoiTextsSchema.optional() }),
]);
export type WidgetPoiAdd = z.input<typeof WidgetPoiAddSchema>;

/** POST /api/widgetpoi/remove: the widget POI's id. */
export const WidgetPoiRemoveSchema = z.object({ id: id() });
export type WidgetPoiRemove = z.input<typeof WidgetPoiRemoveSchema>;

/** POST /api/widgetpoi/reorder: every POI id of the widget exactly once, in the new order. */
export const WidgetPoiReorderSchema = z.object({ widgetId: id(), poiIds: z.array(id()).max(WIDGET_POI_MAX) });
export type WidgetPoiReorder = z.input<typeof WidgetPoiReorderSchema>;

/** POST /api/widgetpoi/texts: replaces the POI's texts (every language; '' or absent = the place's own). */
export const WidgetPoiTextsSchema = z.object({ id: id(), texts: PoiTextsSchema });
export type WidgetPoiTexts = z.input<typeof WidgetPoiTextsSchema>;

/** A widget setting's name ('default' when none is given). */
export const WidgetSettingNameSchema = z.string().regex(/^[A-Za-z0-9_.-]{1,60}$/, { error: FormError.pattern });
export const DEFAULT_WIDGET_SETTING = 'default';
/** GET /api/widget/setting/{name}: its value ({} when never set). */
export const WidgetSettingSchema = z.object({
  name: z.string(),
  value: z.record(z.string(), z.unknown()),
  updatedAt: z.string().nullable(),
});
export type WidgetSetting = z.infer<typeof WidgetSettingSchema>;
/** POST /api/widget/setting/{name}: replaces the value (a JSON object of at most 16 KB). */
export const WidgetSettingInputSchema = z.object({ value: z.record(z.string(), z.unknown()) });
export type WidgetSettingInput = z.input<typeof WidgetSettingInputSchema>;
export const WIDGET_SETTING_MAX_BYTES = 16_384;

// ---------------------------------------------------------------------------------------------
// Guest app (hasGuest)
// ---------------------------------------------------------------------------------------------

export const GUEST_UNIT_MAX = 60;
export const GUEST_UNITS_MAX = 200;
export const GUEST_APP_WIDGETS_MAX = 20;
export const GUEST_APP_LISTS_MAX = 20;

export const GuestWelcomeSchema = z.partialRecord(
  language,
  z.object({
    title: text(WIDGET_TITLE_MAX)
      .transform((s) => s.trim())
      .optional(),
    text: text(WIDGET_INTRO_MAX)
      .transform((s) => s.trim())
      .optional(),
  }),
);
export const GuestWelcomeViewSchema = z.partialRecord(
  z.enum(APP_LANGUAGES),
  z.object({ title: z.string().optional(), text: z.string().optional() }),
);

const contactText = (max: number) =>
  text(max)
    .transform((s) => s.trim())
    .optional();
export const GuestContactSchema = z.object({
  phone: contactText(40).refine((s) => s === undefined || /^[+0-9 ()./-]*$/.test(s), { error: FormError.pattern }),
  email: contactText(254),
  website: contactText(500),
  address: contactText(300),
  hours: contactText(500),
});

/** A room or table label: one QR code each. */
export const GuestUnitSchema = text(GUEST_UNIT_MAX)
  .transform((s) => s.trim())
  .refine((s) => s.length > 0, { error: FormError.required });

/**
 * POST /api/guestapp: absent fields stay as they are. `widgetIds` must be the business's own
 * widgets, `listIds` its own lists (400 `error.reference.notfound` otherwise).
 */
export const GuestAppUpdateSchema = z.object({
  welcome: GuestWelcomeSchema.optional(),
  widgetIds: z
    .array(id())
    .max(GUEST_APP_WIDGETS_MAX, { error: FormError.maxlength })
    .transform((a) => [...new Set(a)])
    .optional(),
  listIds: z
    .array(id())
    .max(GUEST_APP_LISTS_MAX, { error: FormError.maxlength })
    .transform((a) => [...new Set(a)])
    .optional(),
  contact: GuestContactSchema.optional(),
  units: z
    .array(GuestUnitSchema)
    .max(GUEST_UNITS_MAX, { error: FormError.maxlength })
    .transform((a) => [...new Set(a)])
    .optional(),
  enabled: z.boolean().optional(),
});
export type GuestAppUpdate = z.input<typeof GuestAppUpdateSchema>;

/** GET/POST /api/guestapp: the business's guest app (created on first GET). */
export const GuestAppViewSchema = z.object({
  id: z.number().int(),
  publicId: z.string(),
  welcome: GuestWelcomeViewSchema,
  widgetIds: z.array(z.number().int()),
  listIds: z.array(z.number().int()),
  contact: z.object({
    phone: z.string().optional(),
    email: z.string().optional(),
    website: z.string().optional(),
    address: z.string().optional(),
    hours: z.string().optional(),
  }),
  units: z.array(z.string()),
  enabled: z.boolean(),
  revision: z.number().int(),
  /** The guest link and one per unit (`/g/{publicId}?u=<unit>`), absolute. */
  links: z.array(z.object({ unit: z.string().nullable(), url: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GuestAppView = z.infer<typeof GuestAppViewSchema>;

/** GET /api/guestapp/qr: a QR code of the guest link (attachment). */
export const GuestQrQuerySchema = z.object({
  unit: GuestUnitSchema.optional(),
  format: z.enum(['png', 'svg'], { error: FormError.invalid }).default('png'),
});

// ---------------------------------------------------------------------------------------------
// Analytics
// ---------------------------------------------------------------------------------------------

/** The longest date range of one analytics query (days, both ends included). */
export const ANALYTICS_MAX_DAYS = 366;
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: FormError.pattern });

/**
 * GET /api/widget/analytics?widgetId=&from=&to= (days in UTC, both included). 400
 * `error.analytics.range` when `to` is before `from`, a date does not exist, or the range is over
 * ANALYTICS_MAX_DAYS days.
 */
export const WidgetAnalyticsQuerySchema = z.object({
  widgetId: z.coerce.number().int().positive().max(2_147_483_647),
  from: isoDay,
  to: isoDay,
});
export type WidgetAnalyticsQuery = z.input<typeof WidgetAnalyticsQuerySchema>;

export const WidgetEventCountsSchema = z.object(
  Object.fromEntries(WIDGET_EVENTS.map((e) => [e, z.number().int()])) as {
    [K in (typeof WIDGET_EVENTS)[number]]: z.ZodNumber;
  },
);
export type WidgetEventCounts = z.infer<typeof WidgetEventCountsSchema>;

export const WidgetAnalyticsSchema = z.object({
  widgetId: z.number().int(),
  from: z.string(),
  to: z.string(),
  /** Every day of the range in order (zeros included): the widget's events, POI events included. */
  days: z.array(WidgetEventCountsSchema.extend({ day: z.string() })),
  totals: WidgetEventCountsSchema,
  /** Per place counted in the range (POI opens, likes, click-throughs), most opened first. */
  pois: z.array(WidgetEventCountsSchema.extend({ placeId: z.number().int(), name: z.string() })),
});
export type WidgetAnalytics = z.infer<typeof WidgetAnalyticsSchema>;

/** The activation flag a widget of this version needs (SPEC §1). */
export const widgetFlag = (version: number) => (version === 1 ? ('widgetv1activated' as const) : ('widgetv2activated' as const));
