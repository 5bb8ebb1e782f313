import { z } from 'zod';
import { APP_LANGUAGES } from './constants.ts';
import { FormError, optionalText, requiredText, text } from './common.ts';
import { ACCESSIBILITY_TAGS, PLACE_CATEGORIES, PLACE_SOURCES } from './place-constants.ts';
import { homepageUrlSchema, visibilitySchema } from './profile.ts';
import { EARTH_RADIUS_METERS, haversineMeters, type LatLng } from './geo.ts';

// zod-free (the visitor pages and the web app's maps take them without the schemas)
export { EARTH_RADIUS_METERS, haversineMeters, type LatLng } from './geo.ts';

const RAD = Math.PI / 180;

// ---------------------------------------------------------------------------------------------
// Geometry shared by server and web: distances (SPEC §5 distance display) and bounding boxes.
// ---------------------------------------------------------------------------------------------

/** SPEC §5: a distance of -1 means unknown (shown as 'world'). */
export const UNKNOWN_DISTANCE = -1;

/** A distance as the API answers it: whole metres, or -1 when either point is unknown. */
export const distanceMeters = (a: LatLng | null | undefined, b: LatLng | null | undefined): number =>
  a && b ? Math.round(haversineMeters(a, b)) : UNKNOWN_DISTANCE;

export interface BoundingBox {
  minLat: number;
  maxLat: number;
  /** null when the circle reaches a pole or crosses the antimeridian: any longitude. */
  lng: { min: number; max: number } | null;
}

/**
 * The smallest latitude/longitude box around a circle of `radius` metres (the index pre-filter of a
 * nearby search; the exact haversine test follows). Every point within the radius lies inside.
 */
export function boundingBox(center: LatLng, radius: number): BoundingBox {
  const angular = radius / EARTH_RADIUS_METERS; // radians
  const minLat = center.lat - angular / RAD;
  const maxLat = center.lat + angular / RAD;
  if (minLat <= -90 || maxLat >= 90 || angular >= Math.PI / 2) {
    return { minLat: Math.max(minLat, -90), maxLat: Math.min(maxLat, 90), lng: null };
  }
  // widest longitude span of the circle (at the latitude where it touches its tangent meridians)
  const dLng = Math.asin(Math.min(1, Math.sin(angular) / Math.cos(center.lat * RAD))) / RAD;
  const min = center.lng - dLng;
  const max = center.lng + dLng;
  if (min < -180 || max > 180) return { minLat, maxLat, lng: null };
  return { minLat, maxLat, lng: { min, max } };
}

/** `lat;lng` as the user-location header and the f.near filter write it (SPEC §7); null when malformed. */
export function parseLatLng(v: unknown): LatLng | null {
  if (typeof v !== 'string' || v.length > 64) return null;
  const m = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*;\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(v);
  if (!m) return null;
  const lat = Number(m[1]);
  const lng = Number(m[2]);
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null;
}
export const formatLatLngPair = (p: LatLng): string => `${p.lat};${p.lng}`;

/** Coordinates are kept to 6 decimals (about 0.1 m) in answers and exports. */
export const roundCoordinate = (n: number): number => Math.round(n * 1e6) / 1e6;

// ---------------------------------------------------------------------------------------------
// Places
// ---------------------------------------------------------------------------------------------

export * from './place-constants.ts';

export const PLACE_NAME_MAX = 200;
export const PLACE_DESCRIPTION_MAX = 5000;
/** f.radius upper bound (metres): half the Earth's circumference. */
export const PLACE_SEARCH_MAX_RADIUS = 20_037_509;

const latitudeSchema = z.number({ error: FormError.required }).min(-90, { error: FormError.max }).max(90, { error: FormError.max });
const longitudeSchema = z.number({ error: FormError.required }).min(-180, { error: FormError.max }).max(180, { error: FormError.max });
export const CoordinatesSchema = z.object({ latitude: latitudeSchema, longitude: longitudeSchema });
export type Coordinates = z.infer<typeof CoordinatesSchema>;

/** A name and description in one app language; absent fields fall back to the place's own. */
export const PlaceTextSchema = z.object({
  name: optionalText(PLACE_NAME_MAX).optional(),
  description: optionalText(PLACE_DESCRIPTION_MAX).optional(),
});
/** Texts per app language: { de: { name, description }, … }. */
export const PlaceTextsSchema = z.partialRecord(z.enum(APP_LANGUAGES, { error: FormError.invalid }), PlaceTextSchema);
export type PlaceTexts = z.output<typeof PlaceTextsSchema>;
/** Texts per language as answers carry them (only the filled ones). */
export const PlaceTextsViewSchema = z.partialRecord(
  z.enum(APP_LANGUAGES),
  z.object({ name: z.string().optional(), description: z.string().optional() }),
);
export type PlaceTextsView = z.infer<typeof PlaceTextsViewSchema>;

const visibilityRef = z.object({ id: visibilitySchema });

const addressField = optionalText(300);
const cityField = optionalText(120);
/** ISO 3166-1 alpha-2; answered upper case. */
const countryField = z
  .union([z.string().regex(/^[A-Za-z]{2}$/, { error: FormError.pattern }), z.literal(''), z.null()])
  .transform((s) => (s ? s.toUpperCase() : null));

const placeFields = {
  name: requiredText(PLACE_NAME_MAX),
  description: optionalText(PLACE_DESCRIPTION_MAX).optional(),
  texts: PlaceTextsSchema.optional(),
  latitude: latitudeSchema.optional(),
  longitude: longitudeSchema.optional(),
  address: addressField.optional(),
  city: cityField.optional(),
  country: countryField.optional(),
  category: z.enum(PLACE_CATEGORIES, { error: FormError.invalid }).optional(),
  website: homepageUrlSchema.optional(),
  phone: z
    .union([text(40).regex(/^[+0-9 ()./-]*$/, { error: FormError.pattern }), z.null()])
    .transform((s) => (s === null || s.trim() === '' ? null : s.trim()))
    .optional(),
  accessibility: z
    .array(z.enum(ACCESSIBILITY_TAGS, { error: FormError.invalid }))
    .max(ACCESSIBILITY_TAGS.length)
    .transform((a) => [...new Set(a)])
    .optional(),
  visibility: visibilityRef.optional(),
  /** 'imported' is set by the list import only. */
  source: z.enum(['manual', 'osm'], { error: FormError.invalid }).optional(),
  externalId: optionalText(200).optional(),
};

/** Latitude and longitude come together (both given, or both absent / null). */
function bothCoordinates(v: { latitude?: number | null; longitude?: number | null }, ctx: z.RefinementCtx) {
  if ((v.latitude == null) !== (v.longitude == null)) {
    const path = v.latitude == null ? 'latitude' : 'longitude';
    ctx.addIssue({ code: 'custom', path: [path], message: FormError.required, input: undefined });
  }
}

/**
 * POST /api/place/add. `name`/`description` are the place's own texts (any language), `texts` the
 * translations. Defaults: category 'other', no accessibility tags, source 'manual', visibility 255
 * (the public catalogue); 1/4/32/64 keep the place to its creator (and readers of lists holding it).
 * Latitude and longitude are optional (both or neither): without them the server places it from
 * its address (a configured geocoder), else at the centre of its city (city and country), else
 * stores it without a position (`needsLocation`). Given coordinates always win.
 */
export const PlaceInputSchema = z.object(placeFields).superRefine(bothCoordinates);
export type PlaceInput = z.input<typeof PlaceInputSchema>;
export type PlaceInputParsed = z.output<typeof PlaceInputSchema>;

/**
 * POST /api/place/update/{id}: absent fields stay as they are, null (or '') clears an optional
 * one; latitude and longitude come together. When the address, city or country changes without
 * coordinates, a position that came from the old address (geocoder or city centre, or none) is
 * found again from the new one; a position set by hand stays. `latitude: null, longitude: null`
 * drops the position and finds it from the address again.
 */
export const PlaceUpdateSchema = z
  .object({ ...placeFields, latitude: latitudeSchema.nullable(), longitude: longitudeSchema.nullable() })
  .partial()
  .superRefine(bothCoordinates);
export type PlaceUpdate = z.input<typeof PlaceUpdateSchema>;
export type PlaceUpdateParsed = z.output<typeof PlaceUpdateSchema>;

/**
 * A place as the API answers it. `name` and `description` are in the request's app-language when
 * the place has that translation. `distance` is in metres from the `user-location` header (or
 * f.near), -1 when either point is unknown (SPEC §5: shown as 'world'). `needsLocation`: imported
 * without coordinates (latitude/longitude null) until someone sets them. `texts` (every
 * translation, for editing) and `pictures` (those the caller may see, oldest first) are sent by
 * the single-place routes only.
 */
/** A picture of a place (a document with `entityType 'place'`): its file and its 240 px thumbnail. */
export const PlacePictureSchema = z.object({ id: z.number().int(), url: z.string(), urlThumb240: z.string().nullable() });
export type PlacePicture = z.infer<typeof PlacePictureSchema>;

export const PlaceViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  texts: PlaceTextsViewSchema.optional(),
  pictures: z.array(PlacePictureSchema).optional(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  needsLocation: z.boolean(),
  distance: z.number().int(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  category: z.enum(PLACE_CATEGORIES),
  website: z.string().nullable(),
  phone: z.string().nullable(),
  accessibility: z.array(z.enum(ACCESSIBILITY_TAGS)),
  visibility: z.object({ id: z.number().int() }),
  source: z.enum(PLACE_SOURCES),
  externalId: z.string().nullable(),
  /** The user who added it; null for seeded catalogue places and deleted accounts. */
  creatorId: z.number().int().nullable(),
  /** The caller may change it (its creator, or an admin). */
  editable: z.boolean(),
  /** In one of the caller's like lists. */
  liked: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PlaceView = z.infer<typeof PlaceViewSchema>;

/** POST /api/place/new: the defaults of an empty place form. */
export const PlaceDefaultsSchema = PlaceViewSchema.partial();

/**
 * GET /api/place/list (SPEC §7 list query). Filters: f.q (text in any language's name, the
 * address or city; accents and case ignored), f.near=lat;lng (else the user-location header),
 * f.radius (metres, needs a centre), f.category=a,b (any of), f.accessibility=a,b (all of),
 * f.source, f.mine=true (the caller's own). o.sort: distance (default with a centre), name
 * (default otherwise), createdAt; `|desc` reverses. Pages: p.i, p.s.
 */
export const PLACE_LIST_FILTERS = ['q', 'near', 'radius', 'category', 'accessibility', 'source', 'mine'] as const;
export const PLACE_LIST_SORTS = ['distance', 'name', 'createdAt'] as const;

/**
 * GET /api/place/position?address=&city=&country=: where a place with this address would be put
 * (the form shows it before saving). Needs an address or a city; the country is an ISO alpha-2 code.
 */
export const PlacePositionQuerySchema = z
  .object({ address: addressField.optional(), city: cityField.optional(), country: countryField.optional() })
  .superRefine((v, ctx) => {
    if (!v.address && !v.city) ctx.addIssue({ code: 'custom', path: ['city'], message: FormError.required, input: undefined });
  });
export type PlacePositionQuery = z.input<typeof PlacePositionQuerySchema>;

/** Where a position comes from: the geocoder found the address, or the centre of the city. */
export const PLACE_POSITION_SOURCES = ['address', 'city'] as const;
export type PlacePositionSource = (typeof PLACE_POSITION_SOURCES)[number];

/**
 * The answer of GET /api/place/position (404 `error.place.position.notfound` when neither the
 * address nor the city gives one). `city` names the city (as the city search shows it) for `city`.
 */
export const PlacePositionSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  source: z.enum(PLACE_POSITION_SOURCES),
  city: z.string().optional(),
});
export type PlacePosition = z.infer<typeof PlacePositionSchema>;
