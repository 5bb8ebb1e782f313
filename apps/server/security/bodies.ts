import { AccountType } from '@spotlist/contracts';
import type { Actor } from './world.ts';

/** A valid profile for the actor's account type (POST /api/myprofile/update). */
export function profileBody(a: Actor, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const base: Record<string, unknown> = {
    email: a.email,
    nickname: { value: `${a.label} nick` },
    accountType: { id: AccountType[a.kind] },
    description: `${a.label} description`,
  };
  if (a.kind === 'business') {
    Object.assign(base, {
      industry2: { id: 2 },
      street: 'Marienplatz',
      streetnumber: '1',
      zip: '80331',
      city: 'München',
      country: { id: 276, key: 'de', name: 'Germany', countrykey: 'DE' },
    });
  }
  if (a.kind === 'blogger') Object.assign(base, { bloggertype: 'travel', gender: 2, birthday: { value: '1990-05-01' } });
  return { ...base, ...extra };
}
