import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAddress } from './format';

describe('formatAddress: the city once', () => {
  it('adds the city to an address that does not name it', () => {
    expect(formatAddress('Marienplatz 8', 'München')).toBe('Marienplatz 8, München');
    expect(formatAddress('Münchner Straße 5', 'München')).toBe('Münchner Straße 5, München');
    expect(formatAddress('Isartorplatz', 'Munich')).toBe('Isartorplatz, Munich');
  });
  it('leaves an address that already names its city as it is', () => {
    expect(formatAddress('Rindermarkt 5, 80331 München', 'München')).toBe('Rindermarkt 5, 80331 München');
    expect(formatAddress('Rindermarkt 5, 80331 MÜNCHEN', 'münchen')).toBe('Rindermarkt 5, 80331 MÜNCHEN');
    // a composed and a decomposed ü are the same letter
    expect(formatAddress('Platzl 9, 80331 Mu\u0308nchen', 'M\u00fcnchen')).toBe('Platzl 9, 80331 München');
    expect(formatAddress('1 Main St, St. Louis (MO)', 'St. Louis')).toBe('1 Main St, St. Louis (MO)');
  });
  it('shows what there is when one of them is missing', () => {
    expect(formatAddress(null, 'München')).toBe('München');
    expect(formatAddress('Marienplatz', undefined)).toBe('Marienplatz');
    expect(formatAddress('  ', ' ')).toBe('');
  });
  it('names a city the address lacks once, and never changes an address that names it', () => {
    const word = fc.stringMatching(/^[A-Za-zÄÖÜäöü]{2,12}$/);
    const words = (line: string, city: string) =>
      line
        .toLowerCase()
        .split(/[^\p{L}]+/u)
        .filter((w) => w === city.toLowerCase()).length;
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), word, fc.nat(4), (parts, city, at) => {
        fc.pre(words(parts.join(' '), city) === 0);
        expect(words(formatAddress(parts.join(' '), city), city)).toBe(1);
        const named = [...parts.slice(0, at), city, ...parts.slice(at)].join(', ');
        expect(formatAddress(named, city)).toBe(named);
      }),
    );
  });
});
