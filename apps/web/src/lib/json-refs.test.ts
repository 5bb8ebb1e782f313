import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeJsonRefs, JsonRefError } from './json-refs';

interface Node {
  name: string;
  parent?: Node;
  children?: Node[];
}

describe('decodeJsonRefs (SPEC §7 cyclic-reference JSON)', () => {
  it('rebuilds a cycle: a child pointing back at its parent', () => {
    const decoded = decodeJsonRefs<Node>({
      $id: '1',
      name: 'root',
      children: [{ $id: '2', name: 'child', parent: { $ref: '1' } }],
    });
    expect(decoded.children?.[0]?.parent).toBe(decoded);
    expect(decoded.children?.[0]?.name).toBe('child');
  });

  it('makes shared references the same object and drops the $id markers', () => {
    const decoded = decodeJsonRefs<{ a: object; b: object }>({ a: { $id: '5', city: 'Munich' }, b: { $ref: '5' } });
    expect(decoded.a).toBe(decoded.b);
    expect(decoded.a).toEqual({ city: 'Munich' });
    expect(JSON.stringify(decoded)).not.toContain('$id');
  });

  it('resolves a reference that comes before its object', () => {
    const decoded = decodeJsonRefs<{ first: object; second: object }>({ first: { $ref: '9' }, second: { $id: '9', x: 1 } });
    expect(decoded.first).toBe(decoded.second);
  });

  it('reads arrays with an identity ($values)', () => {
    const decoded = decodeJsonRefs<{ list: number[]; again: number[] }>({ list: { $id: '3', $values: [1, 2] }, again: { $ref: '3' } });
    expect(decoded.list).toEqual([1, 2]);
    expect(decoded.again).toBe(decoded.list);
  });

  it('accepts numeric ids', () => {
    const decoded = decodeJsonRefs<{ a: object; b: object }>({ a: { $id: 4, v: true }, b: { $ref: 4 } });
    expect(decoded.b).toBe(decoded.a);
  });

  it('fails on a reference to nothing', () => {
    expect(() => decodeJsonRefs({ a: { $ref: '404' } })).toThrow(JsonRefError);
  });

  it('keeps an object that merely has a $ref field among others', () => {
    expect(decodeJsonRefs({ a: { $ref: '1', other: 2 } })).toEqual({ a: { $ref: '1', other: 2 } });
  });

  it('leaves JSON without markers unchanged', () => {
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.constant(null),
        fc.boolean(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.string(),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(
          fc.string().filter((k) => !k.startsWith('$') && k !== '__proto__'),
          tie('value'),
          { maxKeys: 4 },
        ),
      ),
    })).value;
    fc.assert(
      fc.property(json, (value) => {
        expect(decodeJsonRefs(value)).toEqual(value);
      }),
    );
  });
});
