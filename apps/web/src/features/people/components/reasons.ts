import type { SuggestionReason } from '@spotlist/contracts';
import { formatNumber } from '../../../lib/format';
import type { TFunction } from '../../../lib/translator';
import { pluralKey, type PluralKeys } from '../../../lib/plural';

const SHARED_PLACES: PluralKeys = {
  one: 'PEOPLE.REASON.SHARED_PLACES_ONE',
  few: 'PEOPLE.REASON.SHARED_PLACES_FEW',
  many: 'PEOPLE.REASON.SHARED_PLACES_MANY',
  other: 'PEOPLE.REASON.SHARED_PLACES_OTHER',
};
const SHARED_PLACES_IN: PluralKeys = {
  one: 'PEOPLE.REASON.SHARED_PLACES_IN_ONE',
  few: 'PEOPLE.REASON.SHARED_PLACES_IN_FEW',
  many: 'PEOPLE.REASON.SHARED_PLACES_IN_MANY',
  other: 'PEOPLE.REASON.SHARED_PLACES_IN_OTHER',
};
const MUTUAL_FRIENDS: PluralKeys = {
  one: 'PEOPLE.REASON.MUTUAL_FRIENDS_ONE',
  few: 'PEOPLE.REASON.MUTUAL_FRIENDS_FEW',
  many: 'PEOPLE.REASON.MUTUAL_FRIENDS_MANY',
  other: 'PEOPLE.REASON.MUTUAL_FRIENDS_OTHER',
};
const NEAR_PLACES: PluralKeys = {
  one: 'PEOPLE.REASON.NEAR_PLACES_ONE',
  few: 'PEOPLE.REASON.NEAR_PLACES_FEW',
  many: 'PEOPLE.REASON.NEAR_PLACES_MANY',
  other: 'PEOPLE.REASON.NEAR_PLACES_OTHER',
};
const NEAR_YOU: PluralKeys = {
  one: 'PEOPLE.REASON.NEAR_YOU_ONE',
  few: 'PEOPLE.REASON.NEAR_YOU_FEW',
  many: 'PEOPLE.REASON.NEAR_YOU_MANY',
  other: 'PEOPLE.REASON.NEAR_YOU_OTHER',
};
const PLACES_IN_CITY: PluralKeys = {
  one: 'PEOPLE.REASON.PLACES_IN_CITY_ONE',
  few: 'PEOPLE.REASON.PLACES_IN_CITY_FEW',
  many: 'PEOPLE.REASON.PLACES_IN_CITY_MANY',
  other: 'PEOPLE.REASON.PLACES_IN_CITY_OTHER',
};

/**
 * Why someone is suggested, as a sentence of the reader's language: the server sends data (a key,
 * counts, a city), never text. A reason this version does not know yet (a newer server) is left out.
 * `nearPlaces` counts from the viewer's side: a blogger's saved places near a business, or (the
 * viewer a business) the blogger's saved places near the business's locations.
 */
export function reasonText(t: TFunction, locale: string, reason: SuggestionReason, viewerIsBusiness = false): string | null {
  const counted = (keys: PluralKeys, count: number, extra: Record<string, string> = {}) =>
    t(pluralKey(locale, keys, count), { count: formatNumber(count, locale), ...extra });
  switch (reason.key) {
    case 'sharedPlaces':
      return reason.city ? counted(SHARED_PLACES_IN, reason.count, { city: reason.city }) : counted(SHARED_PLACES, reason.count);
    case 'mutualFriends':
      return counted(MUTUAL_FRIENDS, reason.count);
    case 'sameCity':
      return t('PEOPLE.REASON.SAME_CITY', { city: reason.city });
    case 'nearPlaces':
      return counted(viewerIsBusiness ? NEAR_YOU : NEAR_PLACES, reason.count);
    case 'placesInCity':
      return counted(PLACES_IN_CITY, reason.count, { city: reason.city });
    default:
      return null;
  }
}
