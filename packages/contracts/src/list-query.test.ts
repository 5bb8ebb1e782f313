import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeListQuery, encodeListQuery, ListQueryError, type ListQuery } from './list-query.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants.ts';

const field = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,15}$/);
const query: fc.Arbitrary<ListQuery> = fc.record({
  pageIndex: fc.integer({ min: 0, max: 100_000 }),
  pageSize: fc.integer({ min: 1, max: MAX_PAGE_SIZE }),
  filters: fc.dictionary(
    field,
    fc.string({ maxLength: 40 }).filter((s) => !s.includes('\u0000')),
    { maxKeys: 4 },
  ),
  sort: fc.array(fc.record({ field, desc: fc.boolean() }), { maxLength: 3 }),
  lazylist: fc.boolean(),
});

describe('list query codec (SPEC §7: p.i, p.s, f.*, o.sort, lazylist)', () => {
  it('decodes what it encodes, through a real URL', () => {
    fc.assert(
      fc.property(query, (q) => {
        const url = new URL(`http://x/list?${encodeListQuery(q).toString()}`);
        expect(decodeListQuery(url.searchParams)).toEqual(q);
      }),
    );
  });

  it('writes the wire format the spec names', () => {
    const p = encodeListQuery({
      pageIndex: 2,
      pageSize: 20,
      filters: { city: 'München' },
      sort: [
        { field: 'name', desc: false },
        { field: 'distance', desc: true },
      ],
      lazylist: true,
    });
    expect(p.get('p.i')).toBe('2');
    expect(p.get('p.s')).toBe('20');
    expect(p.get('f.city')).toBe('München');
    expect(p.get('o.sort')).toBe('name,distance|desc');
    expect(p.get('lazylist')).toBe('true');
  });

  it('defaults: first page of 100, no filters, no sort', () => {
    expect(decodeListQuery({})).toEqual({ pageIndex: 0, pageSize: DEFAULT_PAGE_SIZE, filters: {}, sort: [], lazylist: false });
  });

  it('refuses malformed parameters instead of guessing', () => {
    for (const bad of [
      { 'p.i': '-1' },
      { 'p.i': 'x' },
      { 'p.s': '0' },
      { 'p.s': String(MAX_PAGE_SIZE + 1) },
      { 'p.s': ['1', '2'] },
      { 'o.sort': 'name|up' },
      { 'o.sort': 'a;drop table' },
      { 'o.sort': 'name|desc|x' },
      { 'f.a b': 'x' },
      { 'f.city': 'a\u0000' },
      { lazylist: 'maybe' },
    ]) {
      expect(() => decodeListQuery(bad), JSON.stringify(bad)).toThrow(ListQueryError);
    }
  });

  it('never throws anything but ListQueryError on arbitrary input', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string(), fc.array(fc.string(), { maxLength: 2 }))), (params) => {
        try {
          decodeListQuery(params);
        } catch (err) {
          expect(err).toBeInstanceOf(ListQueryError);
        }
      }),
    );
  });
});
