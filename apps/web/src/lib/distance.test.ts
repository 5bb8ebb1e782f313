import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byDistance, formatDistance } from './distance';

const nf = (locale: string, unit: string, n: number) => new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(n);
const locales = fc.constantFrom('en-US', 'de-DE', 'fr-FR', 'ru-RU', 'tr-TR', 'da-DK');

describe('formatDistance (SPEC §5)', () => {
  it('shows the world word for -1', () => {
    expect(formatDistance(-1, 'en-US')).toBe('world');
    expect(formatDistance(-1, 'de-DE', 'Welt')).toBe('Welt');
  });

  it('examples', () => {
    expect(formatDistance(0, 'en-US')).toBe('0 m');
    expect(formatDistance(999, 'en-US')).toBe('999 m');
    expect(formatDistance(1000, 'en-US')).toBe('1 km');
    expect(formatDistance(12_499, 'de-DE')).toBe('12 km');
    expect(formatDistance(1_234_567, 'de-DE')).toBe('1.235 km');
    expect(formatDistance(1_234_567, 'en-US')).toBe('1,235 km');
  });

  it('under 1000 m: whole metres, localized', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 999.49, noNaN: true }), locales, (m, locale) => {
        expect(formatDistance(m, locale)).toBe(nf(locale, 'meter', Math.round(m)));
      }),
    );
  });

  it('from 1000 m: rounded kilometres, localized, never below 1', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 20_037_509 }), locales, (m, locale) => {
        const km = Math.round(m / 1000);
        expect(km).toBeGreaterThanOrEqual(1);
        expect(formatDistance(m, locale)).toBe(nf(locale, 'kilometer', km));
      }),
    );
  });

  it('every negative or non-finite distance is the world word', () => {
    fc.assert(fc.property(fc.oneof(fc.double({ max: -Number.MIN_VALUE, noNaN: true }), fc.constant(Number.NaN)), (m) => formatDistance(m, 'en-US', 'W') === 'W'));
  });

  it('byDistance: nearest first, unknown last, same elements', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constant(-1), fc.integer({ min: 0, max: 1e7 }))), (ds) => {
        const sorted = byDistance(ds.map((distance, i) => ({ distance, i })));
        expect(sorted.map((x) => x.i).sort((a, b) => a - b)).toEqual(ds.map((_, i) => i));
        const known = sorted.filter((x) => x.distance >= 0);
        expect(sorted.slice(0, known.length)).toEqual(known);
        for (let i = 1; i < known.length; i++) expect(known[i - 1].distance).toBeLessThanOrEqual(known[i].distance);
      }),
    );
  });
});
