import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { OVERLAY_EVENTS, type OverlayAnalytics, type OverlayEvent } from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { overlayStatsDaily, overlaySites, overlays, overlayTexts, users } from '../../platform/db/schema/index.ts';
import { checkRange, emptyDays } from '../analytics/index.ts';

type Counts = Record<OverlayEvent, number>;
const zero = (): Counts => ({ view: 0, click: 0, close: 0 });

/**
 * Overlay analytics as daily counts per overlay, language and event (overlay_stats_daily), as
 * widget analytics are: nothing about the visitor is stored; counting is one upsert.
 */
export function overlayStatsService(db: Db) {
  return {
    /**
     * One event of a visitor's page. Counted only for an overlay of the site `publicId` whose
     * language is published and whose owner has the flag; false otherwise (the route's 404).
     */
    async count(publicId: string, overlayId: number, language: string, event: OverlayEvent): Promise<boolean> {
      const res = (await db.execute(sql`
        insert into ${overlayStatsDaily} (overlay_id, language, day, event, count)
        select o.id, t.language, (now() at time zone 'utc')::date, ${event}, 1
        from ${overlaySites} s
        join ${users} u on u.id = s.owner_id and u.overlayactivated
        join ${overlays} o on o.owner_id = s.owner_id and o.id = ${overlayId}
        join ${overlayTexts} t on t.overlay_id = o.id and t.language = ${language} and t.published is not null
        where s.public_id = ${publicId}
        on conflict (overlay_id, language, day, event) do update set count = ${overlayStatsDaily}.count + 1
        returning overlay_id`)) as unknown as { rows: unknown[] };
      return res.rows.length > 0;
    },

    /** The overlay's days in the range (zeros included), totals, and per language. The caller checked the owner. */
    async query(id: number, from: string, to: string): Promise<OverlayAnalytics> {
      const range = checkRange(from, to);
      const rows = await db
        .select()
        .from(overlayStatsDaily)
        .where(and(eq(overlayStatsDaily.overlayId, id), gte(overlayStatsDaily.day, from), lte(overlayStatsDaily.day, to)));
      const days = emptyDays(range, zero);
      const totals = zero();
      const perLanguage = new Map<string, Counts>();
      for (const r of rows) {
        const e = r.event as OverlayEvent;
        if (!(OVERLAY_EVENTS as readonly string[]).includes(e)) continue;
        const d = days.get(r.day);
        if (d) d[e] += r.count;
        totals[e] += r.count;
        const l = perLanguage.get(r.language) ?? zero();
        l[e] += r.count;
        perLanguage.set(r.language, l);
      }
      const languages = [...perLanguage.entries()]
        .map(([language, c]) => ({ language, ...c }))
        .sort((a, b) => b.view - a.view || a.language.localeCompare(b.language));
      return { id, from, to, days: [...days.values()], totals, languages };
    },
  };
}
