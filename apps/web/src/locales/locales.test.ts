import { APP_LANGUAGES, ErrorKey, FALLBACK_INDUSTRIES } from '@spotlist/contracts';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Translation completeness (ARCHITECTURE: the 13 app languages are complete, a check fails on a
 * missing key) and hygiene (no unused keys, no English copies).
 *
 * Keys built at run time cannot be found in the source text; their families are allowed here,
 * each with the place that builds them:
 */
const DYNAMIC_KEY_PREFIXES = [
  'ERROR.', // `ERROR.${apiErrorKey}` (app/shell/error-toast.tsx), one per contracts ErrorKey
  'FORM.ERROR.', // formErrorKey(message) (lib/validation.ts): messages come from the contracts' schemas
  'INDUSTRY.', // `INDUSTRY.${industry.key}` (features/profile/components/industry-select.tsx)
  'EXTERNAL.PROVIDER.', // `EXTERNAL.PROVIDER.${provider}` (features/auth/components/provider-buttons.tsx, the connections page)
  'SOCIALACCOUNT.', // SPEC §8 `SOCIALACCOUNT.${provider}.MESSAGE.CONNECTED` (the callback page, the connections page)
  'CONNECTIONS.PURPOSE.', // `CONNECTIONS.PURPOSE.${provider}` (features/profile/pages/connections-page.tsx)
];

const localesDir = import.meta.dirname;
const srcDir = join(localesDir, '..');
const load = (lang: string): Record<string, unknown> => JSON.parse(readFileSync(join(localesDir, `${lang}.json`), 'utf8'));
const locales = Object.fromEntries(APP_LANGUAGES.map((lang) => [lang, load(lang)]));
const en = locales.en!;
const enKeys = Object.keys(en).sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'locales' || name === 'test' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}
const sources = sourceFiles(srcDir).map((path) => ({ path: relative(srcDir, path), text: readFileSync(path, 'utf8') }));
const allSource = sources.map((s) => s.text).join('\n');
const placeholders = (value: string) => [...value.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('locales', () => {
  it('has a file for every app language and nothing else', () => {
    const files = readdirSync(localesDir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace('.json', ''))
      .sort();
    expect(files).toEqual([...APP_LANGUAGES].sort());
  });

  it.each(APP_LANGUAGES.filter((l) => l !== 'en'))('%s has exactly the keys of en', (lang) => {
    const keys = Object.keys(locales[lang]!).sort();
    expect(
      keys.filter((k) => !enKeys.includes(k)),
      'keys not in en.json',
    ).toEqual([]);
    expect(
      enKeys.filter((k) => !keys.includes(k)),
      'keys missing',
    ).toEqual([]);
  });

  it.each(APP_LANGUAGES)('%s: every value is a non-empty text with the placeholders of en', (lang) => {
    for (const key of enKeys) {
      const value = locales[lang]![key];
      expect(typeof value === 'string' && value.trim().length > 0, `${lang} ${key}`).toBe(true);
      expect(placeholders(value as string), `${lang} ${key}`).toEqual(placeholders(en[key] as string));
    }
  });

  it.each(APP_LANGUAGES.filter((l) => l !== 'en'))('%s is translated, not an English copy', (lang) => {
    const same = enKeys.filter((k) => locales[lang]![k] === en[k] && !/^(APP\.NAME|LANGUAGE\.|FOOTER\.COPYRIGHT)/.test(k));
    // names, loanwords ("Widget", "Blogger", "Dashboard") may stay; more than a tenth may not
    expect(same.length / enKeys.length, same.join(', ')).toBeLessThan(0.1);
  });

  it('translates every API error key and every fallback industry', () => {
    for (const key of Object.values(ErrorKey)) expect(en, key).toHaveProperty([`ERROR.${key}`]);
    expect(en).toHaveProperty(['ERROR.MESSAGE.USERUNVERIFIED']);
    for (const industry of FALLBACK_INDUSTRIES) expect(en, industry.key).toHaveProperty([`INDUSTRY.${industry.key}`]);
  });

  it('uses every key of en.json somewhere in src (or it belongs to a dynamic family)', () => {
    const unused = enKeys.filter(
      (key) =>
        !DYNAMIC_KEY_PREFIXES.some((prefix) => key.startsWith(prefix)) &&
        !allSource.includes(`'${key}'`) &&
        !allSource.includes(`"${key}"`) &&
        !allSource.includes(`\`${key}\``),
    );
    expect(unused).toEqual([]);
  });

  it('has every key the source asks for with a literal', () => {
    const asked = new Set<string>();
    for (const { text } of sources) {
      for (const m of text.matchAll(/\bt\(\s*'([^'$]+)'/g)) asked.add(m[1]!);
      for (const m of text.matchAll(/\b(?:titleKey|messageKey|i18nKey)\s*:\s*'([^']+)'/g)) asked.add(m[1]!);
      for (const m of text.matchAll(/'((?:[A-Z][A-Z_]*\.)+[A-Z][A-Z_]*)'/g)) asked.add(m[1]!);
    }
    const missing = [...asked].filter((key) => /^[A-Z]/.test(key) && key.includes('.') && !(key in en));
    expect(missing).toEqual([]);
  });
});
