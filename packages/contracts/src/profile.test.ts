import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FormError } from './common.ts';
import {
  birthdayBounds,
  birthdayError,
  BloggerProfileUpdateSchema,
  BUSINESS_PART_KEYS,
  cityMatchesCountry,
  hasId,
  isIsoDate,
  numberError,
  numberSchema,
  OnboardingSchema,
  ProfileUpdateSchema,
  validateEqual,
  valuesEqual,
} from './profile.ts';
import { isTranslationKey, TranslationOverrideInputSchema } from './translations.ts';
import { SettingInputSchema } from './settings.ts';
import { CitySearchQuerySchema } from './cities.ts';

type Issues = Record<string, string>;
const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): Issues =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const base = { email: 'a@b.de', nickname: { value: 'Nick' } };
const business = (extra: Record<string, unknown> = {}) => ({ ...base, accountType: { id: 2 }, industry2: { id: 2 }, ...extra });
const blogger = (extra: Record<string, unknown> = {}) => ({ ...base, accountType: { id: 4 }, ...extra });
const hotel = (extra: Record<string, unknown> = {}) => business({ industry2: { id: 1 }, ...extra });
const address = { street: 'Marienplatz', streetnumber: '1', zip: '80331', city: 'München', country: { id: 276 } };

const intId = fc.integer({ min: 1, max: 2_147_483_647 });
const notHasId = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.string(),
  fc.integer(),
  fc.record({ id: fc.oneof(fc.integer({ max: 0 }), fc.double({ noInteger: true }), fc.string(), fc.constant(null)) }),
  fc.record({ key: fc.string() }),
);

describe('hasId (SPEC §5: business must pick an object with an id)', () => {
  it('accepts objects with a positive integer id, refuses everything else', () => {
    fc.assert(fc.property(intId, fc.string(), (id, key) => void expect(hasId({ id, key })).toBe(true)));
    fc.assert(fc.property(notHasId, (v) => void expect(hasId(v)).toBe(false)));
  });

  it('a business without one gets hasId on industry2, in both schemas', () => {
    fc.assert(
      fc.property(notHasId, (industry2) => {
        const body = { ...base, accountType: { id: 2 }, industry2 };
        expect(issues(ProfileUpdateSchema.safeParse(body)).industry2).toBe(FormError.hasId);
        expect(issues(OnboardingSchema.safeParse(body)).industry2).toBe(FormError.hasId);
      }),
    );
  });
});

describe('e-mail and nickname (SPEC §5: required, e-mail valid)', () => {
  it('every account type needs both', () => {
    fc.assert(
      fc.property(fc.constantFrom(1, 2, 4), fc.constantFrom('', '   '), (type, empty) => {
        const r = issues(
          ProfileUpdateSchema.safeParse({ email: empty, nickname: { value: empty }, accountType: { id: type }, industry2: { id: 3 } }),
        );
        expect(r.email).toBe(FormError.required);
        expect(r['nickname.value']).toBe(FormError.required);
      }),
    );
    expect(issues(ProfileUpdateSchema.safeParse({ ...base, email: 'nope', accountType: { id: 1 } })).email).toBe(FormError.pattern);
  });
});

describe('numberOfRooms (SPEC §5: required only for hospitality, otherwise cleared)', () => {
  it('is cleared for every other industry, whatever was sent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 10 }),
        fc.oneof(fc.integer(), fc.string({ maxLength: 10 }), fc.constant(null)),
        (industry, rooms) => {
          const r = ProfileUpdateSchema.safeParse(business({ ...address, industry2: { id: industry }, numberofrooms: rooms }));
          expect(r.success).toBe(true);
          expect(r.data!.numberofrooms).toBeNull();
        },
      ),
    );
  });

  it('is required for hospitality and must be an integer from 1 to 100000', () => {
    for (const empty of [undefined, null, '', '  ']) {
      expect(issues(ProfileUpdateSchema.safeParse(hotel({ ...address, numberofrooms: empty }))).numberofrooms).toBe(FormError.required);
    }
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.boolean(), (n, asString) => {
        const r = ProfileUpdateSchema.safeParse(hotel({ ...address, numberofrooms: asString ? String(n) : n }));
        expect(r.data?.numberofrooms).toBe(n);
      }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 100_001 }),
        (n) =>
          void expect(issues(ProfileUpdateSchema.safeParse(hotel({ ...address, numberofrooms: n }))).numberofrooms).toBe(FormError.max),
      ),
    );
    // below the minimum is reported as max (SPEC §5)
    fc.assert(
      fc.property(
        fc.integer({ max: 0 }),
        (n) =>
          void expect(issues(ProfileUpdateSchema.safeParse(hotel({ ...address, numberofrooms: n }))).numberofrooms).toBe(FormError.max),
      ),
    );
    expect(issues(ProfileUpdateSchema.safeParse(hotel({ ...address, numberofrooms: 2.5 }))).numberofrooms).toBe(FormError.integer);
    expect(issues(ProfileUpdateSchema.safeParse(hotel({ ...address, numberofrooms: 'ten' }))).numberofrooms).toBe(FormError.number);
  });

  it('the onboarding body (no business part) does not ask for rooms and keeps them', () => {
    const r = ProfileUpdateSchema.safeParse(hotel());
    expect(r.success).toBe(true);
    expect(r.data).not.toHaveProperty('numberofrooms');
    expect(r.data).not.toHaveProperty('street');
    expect(ProfileUpdateSchema.parse(business())).toMatchObject({ numberofrooms: null });
  });
});

describe('taxId (SPEC §5: required only when a country other than Germany is selected, otherwise cleared)', () => {
  it('Germany or no country clears it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom({ id: 276 }, { id: 276, key: 'de', countrykey: 'DE' }, null),
        fc.string({ maxLength: 50 }),
        (country, taxid) => {
          const r = ProfileUpdateSchema.safeParse(business({ ...address, country, taxid }));
          expect(r.success).toBe(true);
          expect(r.data!.taxid).toBeNull();
        },
      ),
    );
  });

  it('any other country needs it', () => {
    fc.assert(
      fc.property(
        intId.filter((id) => id !== 276),
        fc.constantFrom(undefined, null, '', ' '),
        (id, taxid) => {
          expect(issues(ProfileUpdateSchema.safeParse(business({ ...address, city: 'Wien', country: { id }, taxid }))).taxid).toBe(
            FormError.required,
          );
        },
      ),
    );
    fc.assert(
      fc.property(
        intId.filter((id) => id !== 276),
        fc.stringMatching(/^[A-Z0-9]{1,20}$/),
        (id, taxid) => {
          expect(ProfileUpdateSchema.parse(business({ ...address, city: 'Wien', country: { id }, taxid })).taxid).toBe(taxid);
        },
      ),
    );
    expect(issues(ProfileUpdateSchema.safeParse(business({ ...address, country: { id: 40 }, taxid: 'AT<U>' }))).taxid).toBe(
      FormError.pattern,
    );
  });

  it('a business part is saved as a whole: missing keys become empty', () => {
    const r = ProfileUpdateSchema.parse(business({ zip: '1010' }));
    for (const k of BUSINESS_PART_KEYS) expect(r, k).toHaveProperty(k);
    expect(r).toMatchObject({ zip: '1010', street: null, city: null, country: null, taxid: null });
  });
});

describe('city restricted to the chosen country (SPEC §5)', () => {
  const place = { city: 'Wien', country: 'AT', latitude: 48.2, longitude: 16.37, placeid: 'geonames:2761369' };
  it('a picked place must lie in the selected country when the country names its code', () => {
    expect(cityMatchesCountry(place, { id: 40, countrykey: 'AT' })).toBe(true);
    expect(cityMatchesCountry(place, { id: 276, countrykey: 'DE' })).toBe(false);
    expect(cityMatchesCountry(place, { id: 276 })).toBe(true); // decided by the server
    expect(cityMatchesCountry('Wien', { id: 276, key: 'de' })).toBe(true);
    const r = ProfileUpdateSchema.safeParse(business({ city: place, country: { id: 276, key: 'de', countrykey: 'DE' } }));
    expect(issues(r).city).toBe(FormError.cityCountry);
    const ok = ProfileUpdateSchema.parse(business({ city: place, country: { id: 40, countrykey: 'AT' }, taxid: 'ATU123' }));
    expect(ok).toMatchObject({ city: 'Wien', cityPlace: { ...place, visibility: { id: 255 } } });
  });
});

describe('birthday (SPEC §5/§9: 1900-01-01 to today minus 16 years, yyyy-MM-dd)', () => {
  const day = fc.date({ min: new Date('1800-01-01T00:00:00Z'), max: new Date('2200-12-31T00:00:00Z'), noInvalidDate: true });
  const iso = (d: Date) => d.toISOString().slice(0, 10);

  it('accepts exactly the days between the bounds', () => {
    fc.assert(
      fc.property(day, day, (birthday, now) => {
        const { min, max } = birthdayBounds(now);
        const v = iso(birthday);
        const key = birthdayError(v, now);
        if (v < min) expect(key).toBe(FormError.minDate);
        else if (v > max) expect(key).toBe(FormError.maxDate);
        else expect(key).toBeNull();
      }),
    );
  });

  it('the upper bound is today minus 16 years, the 16th birthday itself passes', () => {
    const now = new Date('2026-11-21T10:00:00Z');
    expect(birthdayBounds(now)).toEqual({ min: '1900-01-01', max: '2010-11-21' });
    expect(birthdayError('2010-11-21', now)).toBeNull();
    expect(birthdayError('2010-11-22', now)).toBe(FormError.maxDate);
    expect(birthdayError('1899-12-31', now)).toBe(FormError.minDate);
    expect(birthdayBounds(new Date('2028-02-29T00:00:00Z')).max).toBe('2012-02-29');
    expect(birthdayBounds(new Date('2116-02-29T00:00:00Z')).max).toBe('2100-02-28');
  });

  it('anything that is not yyyy-MM-dd of a real day is PATTERN', () => {
    for (const bad of ['1990-02-30', '1990-13-01', '90-01-01', '1990-1-1', '01.02.1990', '1990-01-01T00:00']) {
      expect(isIsoDate(bad)).toBe(false);
      expect(birthdayError(bad)).toBe(FormError.pattern);
    }
  });

  it('a blogger under 16 is refused through the schema; other account types never judge a birthday', () => {
    const young = iso(new Date(Date.now() - 10 * 365 * 86_400_000));
    expect(issues(ProfileUpdateSchema.safeParse(blogger({ birthday: { value: young } })))['birthday.value']).toBe(FormError.maxDate);
    expect(ProfileUpdateSchema.parse(blogger({ birthday: { value: '1990-05-17' } })).birthday).toEqual({ value: '1990-05-17' });
    expect(ProfileUpdateSchema.parse(blogger({ birthday: { value: '' } })).birthday).toBeNull();
    const priv = ProfileUpdateSchema.parse({ ...base, accountType: { id: 1 }, birthday: { value: young }, gender: 9 });
    expect(priv).not.toHaveProperty('birthday');
    expect(priv).not.toHaveProperty('gender');
  });
});

describe('gender and name visibility (SPEC §3)', () => {
  it('gender is none (null), 1 or 2 for bloggers', () => {
    fc.assert(
      fc.property(fc.integer(), (g) => {
        const r = BloggerProfileUpdateSchema.safeParse({ ...base, gender: g });
        expect(r.success).toBe(g === 1 || g === 2);
        if (!r.success) expect(issues(r).gender).toBe(FormError.gender);
      }),
    );
    expect(BloggerProfileUpdateSchema.parse({ ...base, gender: null }).gender).toBeNull();
  });

  it('name visibility is one of 1, 4, 32, 64, 255', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 300 }), (v) => {
        const r = ProfileUpdateSchema.safeParse({
          ...base,
          accountType: { id: 1 },
          name: { firstname: 'A', lastname: 'B', visibility: v },
        });
        expect(r.success).toBe([1, 4, 32, 64, 255].includes(v));
        if (!r.success) expect(issues(r)['name.visibility']).toBe(FormError.visibility);
      }),
    );
  });
});

describe('confirm-equality (SPEC §5: validateEqual, empty values pass)', () => {
  const Form = z.object({ password: z.string(), confirm: z.string() }).superRefine(validateEqual('confirm', 'password'));
  it('fails only when both are filled and differ, on the confirming field', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), (a, b) => {
        const r = Form.safeParse({ password: a, confirm: b });
        const shouldPass = a === '' || b === '' || a === b;
        expect(r.success).toBe(shouldPass);
        expect(valuesEqual(a, b)).toBe(shouldPass);
        if (!shouldPass) expect(issues(r)).toEqual({ confirm: FormError.validateEqual });
      }),
    );
    expect(valuesEqual(null, 'x')).toBe(true);
    expect(valuesEqual(undefined, 3)).toBe(true);
  });
});

describe('number rules (SPEC §5: max, min reported as max, integer)', () => {
  const num = fc.oneof(fc.integer({ min: -1e6, max: 1e6 }), fc.double({ min: -1e6, max: 1e6, noNaN: true }));
  it('numbers and numeric strings behave the same', () => {
    fc.assert(
      fc.property(num, num, num, (v, a, b) => {
        const [min, max] = a <= b ? [a, b] : [b, a];
        const rules = { min, max, integer: false };
        expect(numberError(String(v), { min: String(min), max: String(max) })).toBe(numberError(v, rules));
        const key = numberError(v, rules);
        expect(key === null).toBe(v >= min && v <= max);
        if (key !== null) expect(key).toBe(FormError.max);
      }),
    );
  });
  it('integer-only gives integer for fractions; empty passes', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Number.isInteger(d)),
        (d) => void expect(numberError(d, { integer: true })).toBe(FormError.integer),
      ),
    );
    fc.assert(fc.property(fc.integer(), (n) => void expect(numberError(n, { integer: true })).toBeNull()));
    for (const empty of ['', null, undefined]) expect(numberError(empty, { min: 1, max: 2, integer: true })).toBeNull();
    expect(numberSchema({ max: 5 }).parse('4')).toBe(4);
    expect(numberSchema({ max: 5 }).parse('')).toBeNull();
    expect(issues(numberSchema({ max: 5 }).safeParse('6'))['']).toBe(FormError.max);
  });
});

describe('fields of other account types are dropped, never saved', () => {
  it('a private body keeps only the common fields', () => {
    const r = ProfileUpdateSchema.parse({
      ...base,
      accountType: { id: 1 },
      description: '  Hello  ',
      homepageUrl: 'example.com',
      industry2: { id: 1 },
      ...address,
      numberofrooms: 4,
      taxid: 'X',
      locationList: { list: [] },
      bloggertype: 'food',
    });
    expect(r).toEqual({ ...base, accountType: { id: 1 }, description: 'Hello', homepageUrl: 'https://example.com' });
  });
  it('homepage must be an http(s) address', () => {
    for (const bad of ['javascript:alert(1)', 'ftp://x.de', 'not a url', 'localhost']) {
      expect(issues(ProfileUpdateSchema.safeParse({ ...base, accountType: { id: 1 }, homepageUrl: bad })).homepageUrl, bad).toBe(
        FormError.pattern,
      );
    }
    expect(ProfileUpdateSchema.parse({ ...base, accountType: { id: 1 }, homepageUrl: '' }).homepageUrl).toBeNull();
  });
});

describe('other inputs', () => {
  it('translation keys are dotted paths of [A-Za-z0-9_]', () => {
    const seg = fc.stringMatching(/^[A-Za-z0-9_]{1,10}$/).filter((x) => !['__proto__', 'constructor', 'prototype'].includes(x));
    fc.assert(
      fc.property(fc.array(seg, { minLength: 1, maxLength: 5 }), (parts) => void expect(isTranslationKey(parts.join('.'))).toBe(true)),
    );
    for (const bad of ['', '.a', 'a.', 'a..b', 'a b', 'a-b', 'ä', 'a/b', '__proto__', 'A.constructor.B'])
      expect(isTranslationKey(bad), bad).toBe(false);
    expect(TranslationOverrideInputSchema.safeParse({ key: 'A.B', value: 'x\u0000' }).success).toBe(false);
    expect(TranslationOverrideInputSchema.safeParse({ key: 'A.B', value: 'x'.repeat(2001) }).success).toBe(false);
  });
  it('setting values are any JSON up to 10,000 characters', () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 3 }),
        (value) => void expect(SettingInputSchema.safeParse({ key: 'k', value }).success).toBe(JSON.stringify(value).length <= 10_000),
      ),
    );
    expect(SettingInputSchema.safeParse({ key: 'a b', value: 1 }).success).toBe(false);
  });
  it('city search: country is two letters; q up to 100 characters; limit 1-50', () => {
    expect(CitySearchQuerySchema.parse({ country: 'de' })).toEqual({ q: '', country: 'DE', limit: 10 });
    expect(CitySearchQuerySchema.safeParse({ country: 'deu' }).success).toBe(false);
    expect(CitySearchQuerySchema.safeParse({ country: 'de', q: 'x'.repeat(101) }).success).toBe(false);
    expect(CitySearchQuerySchema.safeParse({ country: 'de', limit: '0' }).success).toBe(false);
  });
});
