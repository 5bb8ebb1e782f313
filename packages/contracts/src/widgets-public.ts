import { z } from 'zod';
import { WIDGET_EVENTS } from './widgets-public-constants.ts';

/**
 * What visitors and guests see of a business's widgets and guest app (no account). Shared by the
 * server (`/api/public/...`) and the embed frame / guest pages (`apps/embed`). Everything public is
 * addressed by a random `publicId`, never by a database id of the business.
 */

// The constants live in a module without zod, so the embed pages take them without zod.
export {
  embedSnippet,
  GUEST_KEY_HEADER,
  GUEST_STORAGE_KEY,
  overlaySnippet,
  WIDGET_EVENTS,
  type WidgetEvent,
} from './widgets-public-constants.ts';

export const PublicIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,32}$/, { error: 'error.notFound' });

export const WidgetStyleSchema = z.object({
  primaryColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .optional(),
  backgroundColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .optional(),
  textColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .optional(),
  firstView: z.enum(['list', 'map']).optional(),
});
export type WidgetStyle = z.infer<typeof WidgetStyleSchema>;

/** One recommended place as a visitor sees it, in one language. */
export const PublicPoiSchema = z.object({
  /** The place's id: what likes and events refer to. */
  placeId: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  category: z.string(),
  website: z.string().nullable(),
  phone: z.string().nullable(),
  accessibility: z.array(z.string()),
  /** The POI's picture (`/api/document/{id}/file`) and its 240 px thumbnail, or null. */
  pictureUrl: z.string().nullable(),
  thumbUrl: z.string().nullable(),
});
export type PublicPoi = z.infer<typeof PublicPoiSchema>;

/** GET /api/public/widget/{publicId}?lang=xx — ETag and Cache-Control; 304 on If-None-Match. */
export const PublicWidgetSchema = z.object({
  publicId: z.string(),
  /** The language served: `lang` when offered, else the widget's first language. */
  language: z.string(),
  /** The content languages the widget offers. */
  languages: z.array(z.string()),
  title: z.string(),
  intro: z.string(),
  style: WidgetStyleSchema,
  pois: z.array(PublicPoiSchema),
  /**
   * The business's overlay site (`GET /api/public/overlay/{overlaySite}?where=widget:{publicId}`)
   * when it has overlays switched on, else null.
   */
  overlaySite: z.string().nullable(),
});
export type PublicWidget = z.infer<typeof PublicWidgetSchema>;

/** POST /api/public/widget/{publicId}/event — counted, nothing about the visitor is stored. */
export const WidgetEventInputSchema = z.object({
  event: z.enum(WIDGET_EVENTS),
  placeId: z.number().int().positive().max(2_147_483_647).optional(),
});

/** POST /api/public/guest body (optional): where the guest came from (a widget or guest app publicId). */
export const GuestCreateInputSchema = z.object({ widget: PublicIdSchema.optional(), guestApp: PublicIdSchema.optional() });
/** POST /api/public/guest — a new guest; the key is shown once and kept by the browser. */
export const GuestCreatedSchema = z.object({ guestKey: z.string() });

/** POST /api/public/guest/like {placeId, widget?} and DELETE /api/public/guest/like/{placeId} (header x-guest-key). */
export const GuestLikeInputSchema = z.object({
  placeId: z.number().int().positive().max(2_147_483_647),
  /** The widget's publicId the like came from (counted as a `like` event). */
  widget: PublicIdSchema.optional(),
});
/** GET /api/public/guest/likes — the guest's liked place ids. */
export const GuestLikesSchema = z.object({ placeIds: z.array(z.number().int()) });

/** POST /api/guest/claim (logged in) — the guest's likes move into the user's default like list. */
export const GuestClaimInputSchema = z.object({ guestKey: z.string().min(16).max(128) });
export const GuestClaimResultSchema = z.object({ moved: z.number().int() });

/** GET /api/public/guest-app/{publicId}?lang=xx — the guest app as guests see it. */
export const PublicGuestAppSchema = z.object({
  publicId: z.string(),
  language: z.string(),
  languages: z.array(z.string()),
  businessName: z.string(),
  logoUrl: z.string().nullable(),
  title: z.string(),
  text: z.string(),
  contact: z.object({
    phone: z.string().optional(),
    email: z.string().optional(),
    website: z.string().optional(),
    address: z.string().optional(),
    hours: z.string().optional(),
  }),
  widgets: z.array(PublicWidgetSchema),
  lists: z.array(z.object({ name: z.string(), description: z.string(), pois: z.array(PublicPoiSchema) })),
  /** The business's overlay site (`GET /api/public/overlay/{overlaySite}?where=guest`) when it has overlays switched on, else null. */
  overlaySite: z.string().nullable(),
});
export type PublicGuestApp = z.infer<typeof PublicGuestAppSchema>;
