import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsv, protectCell, unprotectCell, writeCsv } from '../../../lib/csv.ts';
import { coordinatesFromUrl, ImportFormatError, parseImport } from './read.ts';
import { exportList, fileStem, type ExportItem } from './write.ts';

describe('CSV codec (RFC 4180)', () => {
  it('reads back what it writes: quotes, commas, line breaks, formula guards', () => {
    const cell = fc.string({
      unit: fc.constantFrom('a', 'Ü', ',', '"', '\n', '\r\n', ' ', '=', '-', "'", '@', '+', '\t', 'x'),
      maxLength: 12,
    });
    const rows = fc.array(fc.array(cell, { minLength: 2, maxLength: 5 }), { minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(rows, (r) => {
        fc.pre(r.every((row) => row.some((c) => c !== '')));
        const back = parseCsv(writeCsv(r)).map((row) => row.map(unprotectCell));
        expect(back).toEqual(r);
      }),
    );
  });

  it('guards cells a spreadsheet would run as formulas, and only those', () => {
    expect(protectCell('=1+1')).toBe("'=1+1");
    expect(protectCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(protectCell("'=x")).toBe("''=x");
    expect(protectCell('Viktualienmarkt')).toBe('Viktualienmarkt');
    expect(protectCell("it's")).toBe("it's");
    fc.assert(fc.property(fc.string(), (s) => unprotectCell(protectCell(s)) === s));
  });

  it('refuses broken quoting', () => {
    expect(() => parseCsv('a,"b')).toThrow();
    expect(() => parseCsv('a,"b"c')).toThrow();
    expect(() => parseCsv('a,b"c"')).toThrow();
  });
});

describe('coordinates from map links', () => {
  it.each([
    ['https://www.google.com/maps/place/X/@48.1436,11.588,17z/data=!3m1', { latitude: 48.1436, longitude: 11.588 }],
    ['https://www.google.com/maps/place/X/data=!4m2!3m1!1s0x0:0x1!3d48.135125!4d11.5762', { latitude: 48.135125, longitude: 11.5762 }],
    ['https://www.google.com/maps/search/?api=1&query=48.1349%2C11.5734', { latitude: 48.1349, longitude: 11.5734 }],
    ['https://maps.google.com/?q=-33.8568,151.2153', { latitude: -33.8568, longitude: 151.2153 }],
    ['https://maps.google.com/?ll=48.1,11.5&z=10', { latitude: 48.1, longitude: 11.5 }],
    ['http://maps.google.com/?cid=1579879138471209391', null],
    ['https://www.google.com/maps/search/?api=1&query=Viktualienmarkt', null],
    ['https://www.google.com/maps/place/X/@95.1,11.5,17z', null],
    ['not a url', null],
  ])('%s', (url, expected) => {
    expect(coordinatesFromUrl(url)).toEqual(expected);
  });
});

describe('detection and text encodings', () => {
  const csv = 'Title,Note,URL\nViktualienmarkt,Käse,"https://maps.google.com/?q=48.135,11.576"\n';
  it('reads UTF-8 with and without a BOM, and UTF-16 with a BOM', () => {
    for (const buf of [
      Buffer.from(csv),
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv)]),
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv, 'utf16le')]),
    ]) {
      const r = parseImport(buf);
      expect(r.format).toBe('google-csv');
      expect(r.items[0]).toMatchObject({ name: 'Viktualienmarkt', note: 'Käse', latitude: 48.135, longitude: 11.576 });
    }
  });

  it('refuses bytes that are not text', () => {
    expect(() => parseImport(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0xff, 0xfe, 0xfd]))).toThrow(ImportFormatError);
  });
});

describe('export writers', () => {
  const item = (over: Partial<ExportItem>): ExportItem => ({
    name: 'x',
    note: '',
    latitude: 48.1,
    longitude: 11.5,
    description: null,
    address: null,
    city: null,
    country: null,
    category: 'other',
    website: null,
    phone: null,
    accessibility: [],
    externalId: null,
    ...over,
  });

  it('XML formats stay well-formed whatever the text holds', () => {
    const list = {
      name: 'A <b>&</b> "list"\u0001',
      description: '',
      items: [item({ name: 'Tom & Jerry\u0007 <3', note: ']]> </description>' })],
    };
    for (const format of ['kml', 'gpx'] as const) {
      const back = parseImport(Buffer.from(exportList(list, format).body));
      expect(back.items[0]).toMatchObject({ name: 'Tom & Jerry <3', note: ']]> </description>' });
      expect(back.name).toBe('A <b>&</b> "list"');
    }
  });

  it('file names: letters, digits, - and _', () => {
    expect(fileStem('Ümlaut & "quotes" list')).toBe('Umlaut-quotes-list');
    expect(fileStem('../../etc/passwd')).toBe('etc-passwd');
    expect(fileStem('東京')).toBe('list');
  });
});
