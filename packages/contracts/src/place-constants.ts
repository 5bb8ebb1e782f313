/**
 * The place constants, re-exported by places.ts. No zod here: the embed frame and guest pages
 * (apps/embed) import them without pulling the schemas into their bundle.
 */

/** Place categories: stable keys the web app translates (PLACE.CATEGORY.<key>). */
export const PLACE_CATEGORIES = [
  'sight',
  'museum',
  'park',
  'nature',
  'restaurant',
  'cafe',
  'bar',
  'market',
  'shop',
  'hotel',
  'venue',
  'sport',
  'transport',
  'other',
] as const;
export type PlaceCategory = (typeof PLACE_CATEGORIES)[number];

/** Accessibility tags (filterable with f.accessibility=tag,tag: a place must have every one). */
export const ACCESSIBILITY_TAGS = [
  'step_free',
  'accessible_toilet',
  'hearing_loop',
  'accessible_parking',
  'elevator',
  'braille',
  'assistance_dogs',
  'quiet_space',
  'wheelchair_rental',
] as const;
export type AccessibilityTag = (typeof ACCESSIBILITY_TAGS)[number];

/** Where a place came from: added by hand, imported from a file, or OpenStreetMap. */
export const PLACE_SOURCES = ['manual', 'imported', 'osm'] as const;
export type PlaceSource = (typeof PLACE_SOURCES)[number];
