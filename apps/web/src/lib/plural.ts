/**
 * Plural forms for the app's flat translator (lib/translator.ts has none, docs/decisions/0023): a
 * text with a count has one key per plural category of CLDR (`Intl.PluralRules`) the app's
 * languages use — `_ONE`, `_FEW`, `_MANY`, `_OTHER` — written out as literals so the locales test
 * finds them. Every locale file has all four (the same keys everywhere); a language without `few`
 * or `many` (English) repeats its `other` text there, Polish, Russian and Croatian write their own.
 */
export type PluralKeys = { other: string } & Partial<Record<Intl.LDMLPluralRule, string>>;

const rules = new Map<string, Intl.PluralRules>();

export function pluralKey(locale: string, keys: PluralKeys, count: number): string {
  let r = rules.get(locale);
  if (!r) rules.set(locale, (r = new Intl.PluralRules(locale)));
  return keys[r.select(count)] ?? keys.other;
}
