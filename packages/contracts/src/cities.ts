import { z } from 'zod';
import { Visibility, VISIBILITY_IDS } from './constants.ts';
import { FormError, optionalText, requiredText, text } from './common.ts';

/** City search (SPEC §5: autocomplete limited to cities of the chosen country). */
export const CITY_SEARCH_MAX_LENGTH = 100;
export const CITY_SEARCH_DEFAULT_LIMIT = 10;
export const CITY_SEARCH_MAX_LIMIT = 50;

const visibilityRef = z.object({
  id: z
    .number({ error: FormError.visibility })
    .refine((n) => (VISIBILITY_IDS as readonly number[]).includes(n), { error: FormError.visibility }),
});

/**
 * SPEC §3 "selected place for city": city, country (ISO alpha-2, upper case), latitude, longitude,
 * placeid and visibility id 255. City search answers these; `placeid` is `geonames:<id>` for
 * places from the built-in city list.
 */
export const SelectedPlaceSchema = z.object({
  city: requiredText(120),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, { error: FormError.pattern })
    .transform((s) => s.toUpperCase()),
  latitude: z.number().min(-90, { error: FormError.max }).max(90, { error: FormError.max }),
  longitude: z.number().min(-180, { error: FormError.max }).max(180, { error: FormError.max }),
  placeid: text(200),
  visibility: visibilityRef.default({ id: Visibility.all }),
});
export type SelectedPlace = z.output<typeof SelectedPlaceSchema>;

/** A business location (`locationList.list`): a selected place with an optional name. */
export const LocationInputSchema = SelectedPlaceSchema.extend({ name: optionalText(120).optional() });
export type LocationInput = z.output<typeof LocationInputSchema>;
export const MAX_LOCATIONS = 100;

/** A place as the API answers it (city search, user.cityPlace). */
export const PlaceSchema = z.object({
  city: z.string(),
  country: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  placeid: z.string(),
  visibility: z.object({ id: z.number().int() }),
});
export type Place = z.infer<typeof PlaceSchema>;

/** A stored business location as the API answers it (user.locationList.list). */
export const LocationSchema = PlaceSchema.extend({ id: z.number().int(), name: z.string().nullable() });
export type Location = z.infer<typeof LocationSchema>;

/**
 * GET /api/city/search?q=&country=&limit=. An empty q answers an empty list (the field before
 * typing); q over 100 characters and a country that is not two letters are 400.
 */
export const CitySearchQuerySchema = z.object({
  q: text(CITY_SEARCH_MAX_LENGTH).default(''),
  country: z
    .string({ error: FormError.required })
    .regex(/^[A-Za-z]{2}$/, { error: FormError.pattern })
    .transform((s) => s.toUpperCase()),
  limit: z.coerce
    .number()
    .int({ error: FormError.integer })
    .min(1, { error: FormError.max })
    .max(CITY_SEARCH_MAX_LIMIT, { error: FormError.max })
    .default(CITY_SEARCH_DEFAULT_LIMIT),
});
export type CitySearchQuery = z.output<typeof CitySearchQuerySchema>;
