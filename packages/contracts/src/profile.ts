import { z } from 'zod';
import { AccountType, BIRTHDAY_MIN, MINIMUM_AGE_YEARS, PASSWORD_MAX_LENGTH, VISIBILITY_IDS } from './constants.ts';
import { emailSchema, FormError, optionalText, requiredText, text } from './common.ts';
import { LocationInputSchema, MAX_LOCATIONS, SelectedPlaceSchema, type LocationInput, type SelectedPlace } from './cities.ts';
import { GERMANY, HOSPITALITY } from './reference.ts';

// ---------------------------------------------------------------------------------------------
// SPEC §5 rules, one helper each. The web form and the server both run them through the schemas
// below; each helper is exported so a form can also use it alone.
// ---------------------------------------------------------------------------------------------

const MAX_ID = 2_147_483_647;

/** hasId: an object with a positive integer id (SPEC §5: a business must pick an industry object). */
export const hasId = (v: unknown): v is { id: number } => {
  if (typeof v !== 'object' || v === null) return false;
  const id = (v as { id?: unknown }).id;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 && id <= MAX_ID;
};

/**
 * A reference to a row by id; every failure answers `hasId`. (The integer check is a refinement:
 * zod's .int() stops the object's own refinements, and the profile rules must still run.)
 */
export const idRefSchema = z.object(
  {
    id: z
      .number({ error: FormError.hasId })
      .positive({ error: FormError.hasId })
      .max(MAX_ID, { error: FormError.hasId })
      .refine((n) => Number.isInteger(n), { error: FormError.hasId }),
  },
  { error: FormError.hasId },
);

/** SPEC §5: numberOfRooms is required only for the hospitality industry (id 1, key hospitality). */
export const isHospitality = (industry: unknown): boolean =>
  hasId(industry)
    ? industry.id === HOSPITALITY.id
    : typeof industry === 'object' && industry !== null && (industry as { key?: unknown }).key === HOSPITALITY.key;

/** SPEC §5: a tax id is required when a country other than Germany is selected. */
export const isGermany = (country: unknown): boolean => {
  if (typeof country !== 'object' || country === null) return false;
  const c = country as { id?: unknown; key?: unknown; countrykey?: unknown };
  if (hasId(c)) return c.id === GERMANY.id;
  return c.key === GERMANY.key || c.countrykey === GERMANY.countrykey;
};
export const taxIdRequired = (country: unknown): boolean => hasId(country) && !isGermany(country);

/**
 * SPEC §5: the city is restricted to the chosen country. Decidable when the country carries its
 * code (countrykey or key); with only an id the server decides with the stored country's code.
 */
export const cityMatchesCountry = (city: unknown, country: unknown): boolean => {
  if (typeof city !== 'object' || city === null || typeof country !== 'object' || country === null) return true;
  const place = (city as { country?: unknown }).country;
  const c = country as { key?: unknown; countrykey?: unknown };
  const code = typeof c.countrykey === 'string' ? c.countrykey : typeof c.key === 'string' ? c.key : undefined;
  if (code === undefined || typeof place !== 'string') return true;
  return place.toUpperCase() === code.toUpperCase();
};

// --- confirm-equality ---------------------------------------------------------------------------

export const isEmptyValue = (v: unknown): boolean => v === undefined || v === null || v === '';

/** SPEC §5 confirm-equality: empty values pass; otherwise both must be equal. */
export const valuesEqual = (a: unknown, b: unknown): boolean => isEmptyValue(a) || isEmptyValue(b) || a === b;

/**
 * A refinement for an object schema: `field` must equal `other` (error `validateEqual` on `field`).
 * Errors are recomputed on every parse, so a match clears them on both fields.
 *
 *   z.object({ password, confirm }).superRefine(validateEqual('confirm', 'password'))
 */
export const validateEqual =
  <K extends string>(field: K, other: K) =>
  (value: Partial<Record<K, unknown>>, ctx: z.RefinementCtx): void => {
    if (!valuesEqual(value[field], value[other])) {
      ctx.addIssue({ code: 'custom', path: [field], message: FormError.validateEqual, input: value[field] });
    }
  };

// --- number rules ---------------------------------------------------------------------------------

export type NumberLike = number | string;

/** '' / null / undefined → null; numbers as they are; numeric strings as numbers; anything else NaN. */
export const toNumber = (v: unknown): number | null => {
  if (v === undefined || v === null) return null;
  if (typeof v === 'number') return v;
  if (typeof v === 'string') {
    const s = v.trim();
    if (s === '') return null;
    return /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/.test(s) ? Number(s) : Number.NaN;
  }
  return Number.NaN;
};

export interface NumberRules {
  min?: NumberLike;
  max?: NumberLike;
  integer?: boolean;
}

/**
 * SPEC §5 number rules on a number or numeric string: the first failing rule's key, or null.
 * Empty values pass (required is its own rule). Above max → FORM.ERROR.MAX; below min is reported
 * as max too (SPEC §5); a fraction where an integer is wanted → FORM.ERROR.INTEGER.
 */
export const numberError = (value: unknown, rules: NumberRules): string | null => {
  const n = toNumber(value);
  if (n === null) return null;
  if (!Number.isFinite(n)) return FormError.number;
  if (rules.integer && !Number.isInteger(n)) return FormError.integer;
  const max = rules.max === undefined ? null : toNumber(rules.max);
  if (max !== null && n > max) return FormError.max;
  const min = rules.min === undefined ? null : toNumber(rules.min);
  if (min !== null && n < min) return FormError.max;
  return null;
};

/** A number field (number, numeric string, '' or null) checked by the number rules; output number | null. */
export const numberSchema = (rules: NumberRules) =>
  z
    .union([z.number(), z.string().max(40, { error: FormError.maxlength }), z.null()])
    .superRefine((v, ctx) => {
      const key = numberError(v, rules);
      if (key) ctx.addIssue({ code: 'custom', message: key, input: v });
    })
    .transform((v) => toNumber(v));

/** SPEC §3: rooms of a hospitality business. */
export const ROOMS_RULES: NumberRules = { min: 1, max: 100_000, integer: true };

// --- dates ------------------------------------------------------------------------------------

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** yyyy-MM-dd and a real calendar day. */
export const isIsoDate = (s: unknown): s is string => {
  if (typeof s !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const [y, m, d] = s.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d && y >= 1;
};

/** SPEC §5/§9: birthday from 1900-01-01 to today minus 16 years (UTC; 29 Feb → 28 Feb). */
export const birthdayBounds = (now: Date = new Date()): { min: string; max: string } => {
  const y = now.getUTCFullYear() - MINIMUM_AGE_YEARS;
  const m = now.getUTCMonth() + 1;
  let d = now.getUTCDate();
  if (m === 2 && d === 29 && !isLeap(y)) d = 28;
  return { min: BIRTHDAY_MIN, max: `${pad(y, 4)}-${pad(m)}-${pad(d)}` };
};

/** The birthday's error key, or null: PATTERN (not yyyy-MM-dd), MINDATE (before 1900), MAXDATE (under 16). */
export const birthdayError = (value: unknown, now: Date = new Date()): string | null => {
  if (isEmptyValue(value)) return null;
  if (!isIsoDate(value)) return FormError.pattern;
  const { min, max } = birthdayBounds(now);
  if (value < min) return FormError.minDate;
  if (value > max) return FormError.maxDate;
  return null;
};

// --- enums ---------------------------------------------------------------------------------------

/** SPEC §3 visibility levels: 1, 4, 32, 64, 255. */
export const isVisibility = (v: unknown): boolean => (VISIBILITY_IDS as readonly unknown[]).includes(v);
export const visibilitySchema = z.number({ error: FormError.visibility }).refine(isVisibility, { error: FormError.visibility });

/** SPEC §3 gender: none = null, male = 1, female = 2. */
export const isGender = (v: unknown): boolean => v === null || v === 1 || v === 2;

// --- homepage ------------------------------------------------------------------------------------

/** An http(s) address; a bare host gets https://. '' clears it (null); undefined means not an address. */
export const normalizeHomepageUrl = (s: string): string | null | undefined => {
  const t = s.trim();
  if (t === '') return null;
  if (/\s/.test(t)) return undefined;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(t) ? t : `https://${t}`;
  try {
    const u = new URL(withScheme);
    if ((u.protocol !== 'https:' && u.protocol !== 'http:') || !u.hostname.includes('.')) return undefined;
    return withScheme; // as typed (URL.toString would add a slash and rewrite the host)
  } catch {
    return undefined;
  }
};
export const homepageUrlSchema = z
  .union([text(500), z.null()])
  .superRefine((v, ctx) => {
    if (v !== null && v.trim() !== '' && normalizeHomepageUrl(v) === undefined) {
      ctx.addIssue({ code: 'custom', message: FormError.pattern, input: v });
    }
  })
  .transform((v) => (v === null ? null : (normalizeHomepageUrl(v) ?? null)));

// ---------------------------------------------------------------------------------------------
// Schemas
// ---------------------------------------------------------------------------------------------

/**
 * SPEC §5 (required part of the profile, used by onboarding): e-mail required and valid,
 * nickname required, and a business must pick an industry object with an id (`hasId`).
 */
export const OnboardingSchema = z
  .object({
    email: emailSchema,
    nickname: z.object({ value: requiredText(60) }),
    accountType: z.object({ id: z.number().int() }),
    industry2: idRefSchema.nullable().optional(),
  })
  .superRefine(
    (v, ctx) => {
      if (v.accountType?.id === AccountType.business && !hasId(v.industry2)) {
        ctx.addIssue({ code: 'custom', path: ['industry2'], message: FormError.hasId, input: v.industry2 });
      }
    },
    { when: () => true },
  );
export type Onboarding = z.infer<typeof OnboardingSchema>;

/**
 * The business part that is saved as a whole (SPEC §6: address, country, tax id, rooms): when a
 * body carries any of these keys, missing ones count as empty and the §5 rules run over the part;
 * when it carries none (the onboarding body), the part stays as stored.
 */
export const BUSINESS_PART_KEYS = ['street', 'streetnumber', 'zip', 'city', 'country', 'numberofrooms', 'taxid'] as const;
export const hasBusinessPart = (v: object): boolean => BUSINESS_PART_KEYS.some((k) => (v as Record<string, unknown>)[k] !== undefined);

const countryRefSchema = z.object(
  {
    id: idRefSchema.shape.id,
    key: z.string().max(8).optional(),
    countrykey: z.string().max(8).optional(),
  },
  { error: FormError.hasId },
);

/** Tax ids differ by country: letters, digits, spaces and . / - only. */
export const isTaxIdText = (s: string): boolean => /^[A-Za-z0-9 ./-]*$/.test(s);

/**
 * Every field the profile page sends (SPEC §7 "Profile and settings"). Shapes only: the rules of
 * SPEC §5 that depend on the account type run in `profileRules`, so fields of another account
 * type are never judged (and are dropped from the output).
 */
const ProfileFieldsSchema = z.object({
  /** Must be the caller's own id when sent. */
  id: z.number().int().positive().optional(),
  /** Sent by the original client; ignored. */
  authtoken: z.string().max(400).optional(),
  email: emailSchema,
  nickname: z.object({ value: requiredText(60) }),
  /** The stored account type always wins; the server replaces this before validation. */
  accountType: z.object({ id: z.number().int() }),
  description: optionalText(2000).optional(),
  homepageUrl: homepageUrlSchema.optional(),
  name: z
    .object({
      firstname: optionalText(100).optional(),
      lastname: optionalText(100).optional(),
      visibility: visibilitySchema.optional(),
    })
    .optional(),
  firstname: optionalText(100).optional(),
  lastname: optionalText(100).optional(),
  // business
  industry2: idRefSchema.nullable().optional(),
  street: optionalText(200).optional(),
  streetnumber: optionalText(20).optional(),
  zip: optionalText(20).optional(),
  city: z.union([SelectedPlaceSchema, optionalText(120)]).optional(),
  country: countryRefSchema.nullable().optional(),
  numberofrooms: z.union([z.number(), z.string().max(40, { error: FormError.maxlength }), z.null()]).optional(),
  taxid: z.union([text(50), z.null()]).optional(),
  locationList: z.object({ list: z.array(LocationInputSchema).max(MAX_LOCATIONS, { error: FormError.maxlength }) }).optional(),
  // blogger
  bloggertype: optionalText(60).optional(),
  gender: z.number().int().nullable().optional(),
  birthday: z
    .object({ value: z.string().max(20, { error: FormError.maxlength }) })
    .nullable()
    .optional(),
});
type ProfileFields = z.output<typeof ProfileFieldsSchema>;

const issue = (ctx: z.RefinementCtx, path: (string | number)[], message: string, input?: unknown) =>
  ctx.addIssue({ code: 'custom', path, message, input });

const trimmed = (v: unknown): unknown => (typeof v === 'string' ? v.trim() : v);

/**
 * SPEC §5 rules by account type. Runs even when a field failed (so a form sees every error at
 * once); `v` may then hold values of the wrong type, so every check here is defensive.
 */
export function profileRules(v: ProfileFields, ctx: z.RefinementCtx, now: Date = new Date()): void {
  const type = v.accountType?.id;
  if (type === AccountType.business) {
    if (!hasId(v.industry2)) issue(ctx, ['industry2'], FormError.hasId, v.industry2);
    if (isHospitality(v.industry2) && hasBusinessPart(v)) {
      if (isEmptyValue(trimmed(v.numberofrooms))) {
        issue(ctx, ['numberofrooms'], FormError.required, v.numberofrooms);
      } else {
        const key = numberError(v.numberofrooms, ROOMS_RULES);
        if (key) issue(ctx, ['numberofrooms'], key, v.numberofrooms);
      }
    }
    if (hasBusinessPart(v)) {
      if (taxIdRequired(v.country)) {
        const taxid = trimmed(v.taxid);
        if (isEmptyValue(taxid)) issue(ctx, ['taxid'], FormError.required, v.taxid);
        else if (typeof taxid === 'string' && !isTaxIdText(taxid)) issue(ctx, ['taxid'], FormError.pattern, v.taxid);
      }
      if (!cityMatchesCountry(v.city, v.country)) issue(ctx, ['city'], FormError.cityCountry, v.city);
    }
  }
  if (type === AccountType.blogger) {
    if (v.gender !== undefined && !isGender(v.gender)) issue(ctx, ['gender'], FormError.gender, v.gender);
    const key = birthdayError(trimmed(v.birthday?.value), now);
    if (key) issue(ctx, ['birthday', 'value'], key, v.birthday?.value);
  }
}

/** What a valid profile body means. A key that is absent leaves the stored value unchanged; null clears it. */
export interface ProfileUpdate {
  id?: number;
  email: string;
  nickname: { value: string };
  accountType: { id: number };
  description?: string | null;
  homepageUrl?: string | null;
  name?: { firstname?: string | null; lastname?: string | null; visibility?: number };
  industry2?: { id: number };
  street?: string | null;
  streetnumber?: string | null;
  zip?: string | null;
  city?: string | null;
  /** The autocomplete's place when the city was picked from it (SPEC §3 selected place). */
  cityPlace?: SelectedPlace | null;
  country?: { id: number; key?: string; countrykey?: string } | null;
  taxid?: string | null;
  numberofrooms?: number | null;
  locationList?: { list: LocationInput[] };
  bloggertype?: string | null;
  gender?: 1 | 2 | null;
  birthday?: { value: string } | null;
}

/** Drops the fields of other account types and clears what SPEC §5 clears. */
export function normalizeProfile(v: ProfileFields): ProfileUpdate {
  const out: ProfileUpdate = { email: v.email, nickname: v.nickname, accountType: { id: v.accountType.id } };
  if (v.id !== undefined) out.id = v.id;
  if (v.description !== undefined) out.description = v.description;
  if (v.homepageUrl !== undefined) out.homepageUrl = v.homepageUrl;
  const name = { firstname: v.name?.firstname ?? v.firstname, lastname: v.name?.lastname ?? v.lastname, visibility: v.name?.visibility };
  if (name.firstname !== undefined || name.lastname !== undefined || name.visibility !== undefined) {
    out.name = Object.fromEntries(Object.entries(name).filter(([, x]) => x !== undefined));
  }
  const type = v.accountType.id;
  if (type === AccountType.business) {
    const industry = v.industry2 as { id: number };
    out.industry2 = { id: industry.id };
    const hospitality = isHospitality(industry);
    if (hasBusinessPart(v)) {
      out.street = v.street ?? null;
      out.streetnumber = v.streetnumber ?? null;
      out.zip = v.zip ?? null;
      const place = typeof v.city === 'object' && v.city !== null ? v.city : null;
      out.city = place ? place.city : typeof v.city === 'string' ? v.city : null;
      out.cityPlace = place;
      out.country = v.country ? { ...v.country } : null;
      out.taxid = taxIdRequired(v.country) ? (v.taxid?.trim() ?? null) : null; // SPEC §5: cleared for Germany / no country
      out.numberofrooms = hospitality ? toNumber(v.numberofrooms) : null; // SPEC §5: cleared unless hospitality
    } else if (!hospitality) {
      out.numberofrooms = null;
    }
    if (v.locationList !== undefined) out.locationList = { list: v.locationList.list };
  }
  if (type === AccountType.blogger) {
    if (v.bloggertype !== undefined) out.bloggertype = v.bloggertype;
    if (v.gender !== undefined) out.gender = v.gender as 1 | 2 | null;
    if (v.birthday !== undefined) {
      const value = v.birthday?.value?.trim();
      out.birthday = value ? { value } : null;
    }
  }
  return out;
}

/**
 * POST /api/myprofile/update (SPEC §7 Profile and settings), for every account type. The onboarding
 * body `{ email, nickname: {value}, accountType: {id}, industry2? }` is a valid body too.
 */
// the rules run even when other fields failed (all messages at once), but only on an object
export const ProfileUpdateSchema = ProfileFieldsSchema.superRefine((v, ctx) => profileRules(v, ctx), {
  when: (payload) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value),
}).transform(normalizeProfile);
export type ProfileUpdateInput = z.input<typeof ProfileUpdateSchema>;

/** The same schema with the account type fixed (a form knows the user's type). */
export const profileUpdateSchemaFor = (accountTypeId: number) =>
  z.preprocess(
    (v) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? { ...v, accountType: { id: accountTypeId } } : v),
    ProfileUpdateSchema,
  );
export const PrivateProfileUpdateSchema = profileUpdateSchemaFor(AccountType.private);
export const BusinessProfileUpdateSchema = profileUpdateSchemaFor(AccountType.business);
export const BloggerProfileUpdateSchema = profileUpdateSchemaFor(AccountType.blogger);

/** DELETE /api/myprofile/delete: the password confirms it. */
export const AccountDeleteSchema = z.object({
  password: z
    .string({ error: FormError.required })
    .min(1, { error: FormError.required })
    .max(PASSWORD_MAX_LENGTH, { error: FormError.maxlength }),
});
