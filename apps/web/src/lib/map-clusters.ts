/** A place on the map at its pixel position (Leaflet's `project` at one zoom). */
export interface ScreenPoint<T> {
  x: number;
  y: number;
  item: T;
}
export interface Cluster<T> {
  x: number;
  y: number;
  items: T[];
}

/** A marker's box around its point, in pixels (left and top negative). */
export interface MarkerBox {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Room kept between two markers' boxes, so each stays a target of its own (axe's target-size: 24 px). */
const GAP = 2;

/**
 * Groups points closer than `radius` pixels: each point joins the first group whose centre is within
 * reach, else starts one; a group's centre is the mean of its points. Then, while two groups'
 * markers would overlap (`boxOf(count)`: a pin stands above its point, a numbered circle sits on
 * it), those two become one: a group's centre moves as points join, so the first pass alone left
 * circles over pins. O(n·groups): the maps show a page (≤ 100) of places. Markers never overlap,
 * so a tap always opens the place it lands on.
 */
export function clusterPoints<T>(points: readonly ScreenPoint<T>[], radius: number, boxOf?: (count: number) => MarkerBox): Cluster<T>[] {
  const groups: { sx: number; sy: number; items: T[] }[] = [];
  const r2 = radius * radius;
  for (const p of points) {
    const g = groups.find((c) => (c.sx / c.items.length - p.x) ** 2 + (c.sy / c.items.length - p.y) ** 2 <= r2);
    if (g) {
      g.sx += p.x;
      g.sy += p.y;
      g.items.push(p.item);
    } else groups.push({ sx: p.x, sy: p.y, items: [p.item] });
  }
  if (boxOf) {
    const overlap = (a: (typeof groups)[number], b: (typeof groups)[number]) => {
      const [ax, ay, bx, by] = [a.sx / a.items.length, a.sy / a.items.length, b.sx / b.items.length, b.sy / b.items.length];
      const [p, q] = [boxOf(a.items.length), boxOf(b.items.length)];
      return (
        ax + p.left < bx + q.right + GAP &&
        bx + q.left < ax + p.right + GAP &&
        ay + p.top < by + q.bottom + GAP &&
        by + q.top < ay + p.bottom + GAP
      );
    };
    for (let merged = true; merged;) {
      merged = false;
      outer: for (let i = 0; i < groups.length; i++)
        for (let j = i + 1; j < groups.length; j++) {
          const [a, b] = [groups[i]!, groups[j]!];
          if (!overlap(a, b)) continue;
          a.sx += b.sx;
          a.sy += b.sy;
          a.items.push(...b.items);
          groups.splice(j, 1);
          merged = true;
          break outer;
        }
    }
  }
  return groups.map((g) => ({ x: g.sx / g.items.length, y: g.sy / g.items.length, items: g.items }));
}
