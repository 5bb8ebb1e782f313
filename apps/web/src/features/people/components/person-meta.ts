import { accountTypeLabelKey } from '../../../lib/account-types';
import type { TFunction } from '../../../lib/translator';

/** "Blogger · Lisbon": the account type and, when known, the city. */
export const personMeta = (t: TFunction, person: { accountType: { id: number }; city: string | null }): string =>
  [t(accountTypeLabelKey(person.accountType.id)), person.city].filter(Boolean).join(' · ');
