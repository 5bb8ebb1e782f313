import crypto from 'node:crypto';
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import {
  ANALYTICS_MAX_DAYS,
  ErrorKey,
  WIDGET_EVENTS,
  type WidgetAnalytics,
  type WidgetEvent,
  type WidgetEventCounts,
} from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { analyticsDaily, places, users, widgetPois, widgets } from '../../platform/db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

const DAY_MS = 86_400_000;

/** `yyyy-MM-dd` → ms at 00:00 UTC, or null when the date does not exist (2026-02-30). */
export function dayMs(day: string): number | null {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day ? null : ms;
}

/** Checks a query's range: both dates real, from ≤ to, at most ANALYTICS_MAX_DAYS days. */
export function checkRange(from: string, to: string): { from: number; to: number } {
  const a = dayMs(from);
  const b = dayMs(to);
  if (a === null || b === null || b < a || (b - a) / DAY_MS + 1 > ANALYTICS_MAX_DAYS) throw new AppError(ErrorKey.analyticsRange, 400);
  return { from: a, to: b };
}

/** Every day of a checked range (`yyyy-MM-dd`, in order), each with the counts `zero` makes. */
export function emptyDays<C extends object>(range: { from: number; to: number }, zero: () => C): Map<string, C & { day: string }> {
  const days = new Map<string, C & { day: string }>();
  for (let t = range.from; t <= range.to; t += DAY_MS) {
    const day = new Date(t).toISOString().slice(0, 10);
    days.set(day, { day, ...zero() });
  }
  return days;
}

const zero = (): WidgetEventCounts => ({ view: 0, open: 0, like: 0, click: 0 });

/**
 * Counts widget events per UTC day, widget, place (0 for the widget itself) and event in
 * analytics_daily: nothing about the visitor is stored. Counting is one upsert.
 */
export function analyticsService(db: Db) {
  return {
    /**
     * One event for the widget `publicId` (or widget id). With a place, it must be a POI of the
     * widget. Returns false when there is no such widget or POI, or the widget is switched off (its
     * owner lost the flag of its version; visitors get 404 for it, as for its public answer).
     */
    async count(widget: { publicId: string } | { id: number }, event: WidgetEvent, placeId = 0, tx: Db = db): Promise<boolean> {
      const match = 'publicId' in widget ? sql`w.public_id = ${widget.publicId}` : sql`w.id = ${widget.id}`;
      const res = (await tx.execute(sql`
        insert into ${analyticsDaily} (day, widget_id, place_id, event, count)
        select (now() at time zone 'utc')::date, w.id, ${placeId}::int, ${event}, 1
        from ${widgets} w join ${users} u on u.id = w.owner_id
        where ${match}
          and ((w.version = 1 and u.widgetv1activated) or (w.version = 2 and u.widgetv2activated))
          and (${placeId}::int = 0 or exists (select 1 from ${widgetPois} wp where wp.widget_id = w.id and wp.place_id = ${placeId}::int))
        on conflict (day, widget_id, place_id, event)
        do update set count = ${analyticsDaily}.count + 1, updated_at = now()
        returning widget_id`)) as unknown as { rows: unknown[] };
      return res.rows.length > 0;
    },

    /** GET /api/widget/analytics: every day of the range (zeros included), totals, per-place totals. */
    async query(widgetId: number, from: string, to: string): Promise<WidgetAnalytics> {
      const range = checkRange(from, to);
      const rows = await db
        .select({ day: analyticsDaily.day, placeId: analyticsDaily.placeId, event: analyticsDaily.event, count: analyticsDaily.count })
        .from(analyticsDaily)
        .where(and(eq(analyticsDaily.widgetId, widgetId), gte(analyticsDaily.day, from), lte(analyticsDaily.day, to)));
      const days = emptyDays(range, zero);
      const totals = zero();
      const perPlace = new Map<number, WidgetEventCounts>();
      for (const r of rows) {
        const e = r.event as WidgetEvent;
        if (!(WIDGET_EVENTS as readonly string[]).includes(e)) continue;
        const d = days.get(r.day);
        if (d) d[e] += r.count;
        totals[e] += r.count;
        if (r.placeId !== 0) {
          const p = perPlace.get(r.placeId) ?? zero();
          p[e] += r.count;
          perPlace.set(r.placeId, p);
        }
      }
      const ids = [...perPlace.keys()];
      const names = new Map(
        ids.length === 0
          ? []
          : (await db.select({ id: places.id, name: places.name }).from(places).where(inArray(places.id, ids))).map((p) => [p.id, p.name]),
      );
      const pois = ids
        .filter((id) => names.has(id))
        .map((id) => ({ placeId: id, name: names.get(id)!, ...perPlace.get(id)! }))
        .sort((a, b) => b.open - a.open || b.click - a.click || b.like - a.like || a.name.localeCompare(b.name));
      return { widgetId, from, to, days: [...days.values()], totals, pois };
    },
  };
}
export type AnalyticsService = ReturnType<typeof analyticsService>;

/**
 * A per-address request budget for the visitor routes, in memory only: the address is hashed
 * with a random key made at start (and replaced every window), and the counters are dropped each
 * window, so no address is kept, stored or logged.
 */
export function addressLimiter(limit: number, windowMs = 60_000, now: () => number = Date.now) {
  let key = crypto.randomBytes(16);
  let windowStart = now();
  let counts = new Map<string, number>();
  return (address: string): boolean => {
    if (now() - windowStart >= windowMs) {
      key = crypto.randomBytes(16);
      windowStart = now();
      counts = new Map();
    }
    const h = crypto.createHmac('sha256', key).update(address).digest('base64url').slice(0, 16);
    const n = (counts.get(h) ?? 0) + 1;
    counts.set(h, n);
    return n <= limit;
  };
}
