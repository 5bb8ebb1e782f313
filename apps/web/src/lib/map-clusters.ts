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

/**
 * Groups points closer than `radius` pixels: each point joins the first group whose centre is within
 * reach, else starts one; a group's centre is the mean of its points. O(n·groups): the maps show a
 * page (≤ 100) of places. Markers that would overlap become one numbered marker, so a tap always
 * opens the place it lands on.
 */
export function clusterPoints<T>(points: readonly ScreenPoint<T>[], radius: number): Cluster<T>[] {
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
  return groups.map((g) => ({ x: g.sx / g.items.length, y: g.sy / g.items.length, items: g.items }));
}
