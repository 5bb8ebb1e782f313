import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clusterPoints } from './map-clusters';

describe('clusterPoints', () => {
  it('keeps points that are far apart on their own and groups those that would overlap', () => {
    const clusters = clusterPoints(
      [
        { x: 0, y: 0, item: 'a' },
        { x: 10, y: 5, item: 'b' },
        { x: 300, y: 300, item: 'c' },
      ],
      40,
    );
    expect(clusters.map((c) => c.items)).toEqual([['a', 'b'], ['c']]);
    expect(clusters[0]).toMatchObject({ x: 5, y: 2.5 });
  });

  it('loses no point, repeats none, and leaves no two single markers within the radius', () => {
    const point = fc.record({ x: fc.integer({ min: 0, max: 2000 }), y: fc.integer({ min: 0, max: 2000 }) });
    fc.assert(
      fc.property(fc.array(point, { maxLength: 100 }), (pts) => {
        const clusters = clusterPoints(
          pts.map((p, i) => ({ ...p, item: i })),
          40,
        );
        expect(clusters.flatMap((c) => c.items).sort((a, b) => a - b)).toEqual(pts.map((_, i) => i));
        const singles = clusters.filter((c) => c.items.length === 1);
        for (const [i, a] of singles.entries())
          for (const b of singles.slice(i + 1)) expect((a.x - b.x) ** 2 + (a.y - b.y) ** 2).toBeGreaterThan(40 * 40);
      }),
    );
  });

  it('with marker boxes, leaves no two markers overlapping (a circle drawn over a pin took its taps)', () => {
    const box = (n: number) =>
      n === 1 ? { left: -14.5, right: 14.5, top: -35, bottom: 0 } : { left: -18, right: 18, top: -18, bottom: 18 };
    const point = fc.record({ x: fc.integer({ min: 0, max: 600 }), y: fc.integer({ min: 0, max: 600 }) });
    fc.assert(
      fc.property(fc.array(point, { maxLength: 100 }), (pts) => {
        const clusters = clusterPoints(
          pts.map((p, i) => ({ ...p, item: i })),
          36,
          box,
        );
        expect(clusters.flatMap((c) => c.items).sort((a, b) => a - b)).toEqual(pts.map((_, i) => i));
        for (const [i, a] of clusters.entries())
          for (const b of clusters.slice(i + 1)) {
            const [p, q] = [box(a.items.length), box(b.items.length)];
            const apart =
              a.x + p.right <= b.x + q.left ||
              b.x + q.right <= a.x + p.left ||
              a.y + p.bottom <= b.y + q.top ||
              b.y + q.bottom <= a.y + p.top;
            expect(apart).toBe(true);
          }
      }),
    );
  });
});
