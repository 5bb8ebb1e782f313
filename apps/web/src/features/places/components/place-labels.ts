import type { AccessibilityTag, PlaceCategory } from '@spotlist/contracts';

/**
 * Translation keys of the contracts' place categories and accessibility tags (PLACE_CATEGORIES,
 * ACCESSIBILITY_TAGS, in their order). Written out rather than built from the value, so every key
 * is found in the source (locales.test.ts) and a new category or tag in the contracts fails
 * typecheck here until it has its key. Types only from the contracts: nothing loads at run time.
 */
export const CATEGORY_KEYS: Record<PlaceCategory, string> = {
  sight: 'PLACE.CATEGORY.SIGHT',
  museum: 'PLACE.CATEGORY.MUSEUM',
  park: 'PLACE.CATEGORY.PARK',
  nature: 'PLACE.CATEGORY.NATURE',
  restaurant: 'PLACE.CATEGORY.RESTAURANT',
  cafe: 'PLACE.CATEGORY.CAFE',
  bar: 'PLACE.CATEGORY.BAR',
  market: 'PLACE.CATEGORY.MARKET',
  shop: 'PLACE.CATEGORY.SHOP',
  hotel: 'PLACE.CATEGORY.HOTEL',
  venue: 'PLACE.CATEGORY.VENUE',
  sport: 'PLACE.CATEGORY.SPORT',
  transport: 'PLACE.CATEGORY.TRANSPORT',
  other: 'PLACE.CATEGORY.OTHER',
};

export const ACCESSIBILITY_KEYS: Record<AccessibilityTag, string> = {
  step_free: 'PLACE.ACCESSIBILITY.STEP_FREE',
  accessible_toilet: 'PLACE.ACCESSIBILITY.ACCESSIBLE_TOILET',
  hearing_loop: 'PLACE.ACCESSIBILITY.HEARING_LOOP',
  accessible_parking: 'PLACE.ACCESSIBILITY.ACCESSIBLE_PARKING',
  elevator: 'PLACE.ACCESSIBILITY.ELEVATOR',
  braille: 'PLACE.ACCESSIBILITY.BRAILLE',
  assistance_dogs: 'PLACE.ACCESSIBILITY.ASSISTANCE_DOGS',
  quiet_space: 'PLACE.ACCESSIBILITY.QUIET_SPACE',
  wheelchair_rental: 'PLACE.ACCESSIBILITY.WHEELCHAIR_RENTAL',
};

export const CATEGORIES = Object.keys(CATEGORY_KEYS) as PlaceCategory[];
export const ACCESSIBILITY_TAGS = Object.keys(ACCESSIBILITY_KEYS) as AccessibilityTag[];

/** A country code (DE) named in the user's language (Deutschland); the code where Intl cannot say. */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
