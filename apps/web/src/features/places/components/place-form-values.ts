import { zodResolver } from '@hookform/resolvers/zod';
import {
  FormError,
  PlaceInputSchema,
  type AccessibilityTag,
  type AppLanguage,
  type PlaceCategory,
  type PlaceInput,
  type PlaceUpdate,
  type PlaceView,
} from '@spotlist/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';

/**
 * The place form's values and the bodies it sends. Every field is text ('' when empty) so every
 * input is controlled; the contracts' PlaceInputSchema judges the values (the same rules as the
 * server: name required, latitude/longitude optional but both or neither and in range, website and
 * phone patterns, 2-letter country code), and its keys are what the fields show.
 *
 * Coordinates are sent only when the user set them: without them the server puts the place at its
 * address (or its city's centre), and on an update it finds a position that came from the old
 * address again (README "Position"). Emptied coordinates of a saved place are sent as null: found
 * again from the address.
 *
 * Name and description: the API answers them in the user's app language when the place has that
 * translation (`texts[lang]`), else the place's own. The form edits what it shows, where it came
 * from: a translated name stays a translation (sent in `texts`, the others kept), an untranslated
 * one is the place's own name. So editing in German never overwrites the original name.
 */
export interface PlaceFormValues {
  name: string;
  description: string;
  category: PlaceCategory;
  accessibility: AccessibilityTag[];
  address: string;
  city: string;
  /** ISO 3166-1 alpha-2 code, '' for none. */
  country: string;
  website: string;
  phone: string;
  latitude: string;
  longitude: string;
  /** SPEC §3 level: 255 the public catalogue, else who besides me reads it. */
  visibility: number;
}

export const EMPTY_PLACE: PlaceFormValues = {
  name: '',
  description: '',
  category: 'other',
  accessibility: [],
  address: '',
  city: '',
  country: '',
  website: '',
  phone: '',
  latitude: '',
  longitude: '',
  visibility: 255,
};

const text = (v: string | null | undefined): string => v ?? '';
const coordinateText = (v: number | null): string => (v === null ? '' : String(v));

export function toFormValues(place: PlaceView): PlaceFormValues {
  return {
    name: place.name,
    description: text(place.description),
    category: place.category,
    accessibility: [...place.accessibility],
    address: text(place.address),
    city: text(place.city),
    country: text(place.country),
    website: text(place.website),
    phone: text(place.phone),
    latitude: coordinateText(place.latitude),
    longitude: coordinateText(place.longitude),
    visibility: place.visibility.id,
  };
}

/** A coordinate typed in any locale (a comma as decimal separator); undefined when empty, NaN when not a number. */
export function parseCoordinate(value: string): number | undefined {
  const s = value.trim().replace(',', '.');
  if (s === '') return undefined;
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(s) ? Number(s) : Number.NaN;
}

const orNull = (s: string): string | null => (s.trim() === '' ? null : s);

/** The point the coordinate fields hold, or null when they are empty or not both numbers in range. */
export function typedPoint(values: Pick<PlaceFormValues, 'latitude' | 'longitude'>): { lat: number; lng: number } | null {
  const lat = parseCoordinate(values.latitude);
  const lng = parseCoordinate(values.longitude);
  return lat !== undefined &&
    lng !== undefined &&
    Number.isFinite(lat) &&
    Number.isFinite(lng) &&
    Math.abs(lat) <= 90 &&
    Math.abs(lng) <= 180
    ? { lat, lng }
    : null;
}

/** The coordinates as typed, only the filled ones (the schema asks for the other of a pair). */
function coordinates(values: PlaceFormValues): { latitude?: number; longitude?: number } {
  const latitude = parseCoordinate(values.latitude);
  const longitude = parseCoordinate(values.longitude);
  return { ...(latitude !== undefined && { latitude }), ...(longitude !== undefined && { longitude }) };
}

/** The fields every body carries (an empty text clears its field: null). */
function common(values: PlaceFormValues) {
  return {
    address: orNull(values.address),
    city: orNull(values.city),
    country: orNull(values.country),
    category: values.category,
    accessibility: values.accessibility,
    website: orNull(values.website),
    phone: orNull(values.phone),
    visibility: { id: values.visibility },
  };
}

/** POST /api/place/add: a new place, in the public catalogue unless its creator chose another level. */
export const toAddBody = (values: PlaceFormValues): PlaceInput => ({
  name: values.name,
  description: orNull(values.description),
  ...coordinates(values),
  ...common(values),
});

/** POST /api/place/update/{id}: every field; name and description where they came from (see above). */
export function toUpdateBody(values: PlaceFormValues, place: PlaceView, lang: AppLanguage): PlaceUpdate {
  const own = place.texts?.[lang] ?? {};
  const body: PlaceUpdate = common(values);
  const typed = coordinates(values);
  if (typed.latitude === undefined && typed.longitude === undefined) {
    // emptied: found again from the address
    if (place.latitude !== null) Object.assign(body, { latitude: null, longitude: null });
  } else if (typed.latitude !== place.latitude || typed.longitude !== place.longitude) Object.assign(body, typed);
  const translation: { name?: string | null; description?: string | null } = { ...own };
  if (own.name) translation.name = values.name;
  else body.name = values.name;
  if (own.description) translation.description = orNull(values.description);
  else body.description = orNull(values.description);
  // `texts` is replaced whole: the other languages go along unchanged
  if (own.name || own.description) body.texts = { ...place.texts, [lang]: translation };
  return body;
}

/**
 * react-hook-form's resolver: the contracts' PlaceInputSchema (zodResolver, as the other forms)
 * judges the body the form would send; its issues land on the fields of the same names. One rule
 * is the form's own: a coordinate that is not a number says so (FORM.ERROR.NUMBER), not "required".
 */
const schemaResolver = zodResolver(PlaceInputSchema, undefined, { raw: true });

export const placeResolver: Resolver<PlaceFormValues> = async (values, context, options) => {
  const result = await schemaResolver(toAddBody(values), context, options as never);
  const errors = { ...result.errors } as FieldErrors<PlaceFormValues>;
  for (const field of ['latitude', 'longitude'] as const) {
    if (Number.isNaN(parseCoordinate(values[field]))) errors[field] = { type: 'number', message: FormError.number };
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};
