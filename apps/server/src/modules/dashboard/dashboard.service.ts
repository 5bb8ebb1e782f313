import { sql } from 'drizzle-orm';
import {
  AccountType,
  DASHBOARD_DAYS,
  DASHBOARD_EVENTS,
  ErrorKey,
  GERMANY,
  HOSPITALITY,
  type BusinessDashboard,
  type DashboardEvent,
  type DashboardSeries,
} from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { analyticsDaily, guestApps, guestUsers, users, widgetPois, widgets } from '../../platform/db/schema/index.ts';
import type { UserActor } from '../../platform/actor/actor.ts';
import { AppError } from '../../lib/app-error.ts';

const DAY_MS = 86_400_000;
const WEEK = 7;

/** `yyyy-MM-dd` of a UTC day. */
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** 00:00 UTC of the day `ms` falls in. */
export const startOfUtcDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;

type Rows<T> = { rows: T[] };

/**
 * The business dashboard: weekly widget totals with 14 daily points, the widgets, the guest app
 * and the setup checklist. Three statements whatever the number of widgets: the account with its
 * guest app and checklist counts, the widgets with their POI counts and this week's views, and the
 * daily sums of the 14 days. Plain SQL on the shared schema (as analytics does); a widget of a
 * version the owner has no flag for is left out everywhere (it is switched off for visitors too).
 */
export function dashboardService(db: Db) {
  /** The widgets of `owner` that are switched on (their version's flag), as a condition on `w` joined with `u`. */
  const liveWidget = sql`((w.version = 1 and u.widgetv1activated) or (w.version = 2 and u.widgetv2activated))`;

  return {
    async business(user: UserActor, now = Date.now()): Promise<BusinessDashboard> {
      if (user.accountType !== AccountType.business) throw new AppError(ErrorKey.forbidden, 403);
      const today = startOfUtcDay(now);
      const from = dayOf(today - (DASHBOARD_DAYS - 1) * DAY_MS);
      const weekFrom = dayOf(today - (WEEK - 1) * DAY_MS);
      const to = dayOf(today);
      const weekStart = new Date(today - (WEEK - 1) * DAY_MS);

      const [account] = (
        (await db.execute(sql`
          select
            u.has_guest as "hasGuest",
            (u.widgetv1activated or u.widgetv2activated) as "hasWidgets",
            (
              btrim(u.nickname) <> ''
              and u.industry_id is not null
              and (u.industry_id <> ${HOSPITALITY.id} or u.numberofrooms is not null)
              and coalesce(btrim(u.street), '') <> ''
              and coalesce(btrim(u.city), '') <> ''
              and u.country_id is not null
              and (u.country_id = ${GERMANY.id} or coalesce(btrim(u.taxid), '') <> '')
            ) as "profileComplete",
            (g.id is not null) as "guestAppExists",
            coalesce(g.enabled, false) as "guestAppEnabled",
            exists (select 1 from ${widgets} w where w.owner_id = u.id and ${liveWidget}) as "widgetCreated",
            exists (
              select 1 from ${widgets} w join ${widgetPois} p on p.widget_id = w.id where w.owner_id = u.id and ${liveWidget}
            ) as "poisAdded",
            exists (
              select 1 from ${widgets} w join ${analyticsDaily} a on a.widget_id = w.id
              where w.owner_id = u.id and ${liveWidget} and a.event = 'view' and a.count > 0
            ) as "embedded",
            (select count(*)::int from ${guestUsers} gu where gu.owner_id = u.id and gu.last_seen_at >= ${weekStart.toISOString()}::timestamptz) as "guests",
            (select count(*)::int from ${guestUsers} gu where gu.owner_id = u.id and gu.claimed_at >= ${weekStart.toISOString()}::timestamptz) as "guestAccounts"
          from ${users} u
          left join ${guestApps} g on g.owner_id = u.id
          where u.id = ${user.id}`)) as unknown as Rows<{
          hasGuest: boolean;
          hasWidgets: boolean;
          profileComplete: boolean;
          guestAppExists: boolean;
          guestAppEnabled: boolean;
          widgetCreated: boolean;
          poisAdded: boolean;
          embedded: boolean;
          guests: number;
          guestAccounts: number;
        }>
      ).rows;
      if (!account) throw new AppError(ErrorKey.unauthorized, 401);

      const widgetRows = (
        (await db.execute(sql`
          select w.id, w.name, w.version,
            (select count(*)::int from ${widgetPois} p where p.widget_id = w.id) as "poiCount",
            coalesce((
              select sum(a.count)::int from ${analyticsDaily} a
              where a.widget_id = w.id and a.event = 'view' and a.day between ${weekFrom}::date and ${to}::date
            ), 0) as "viewsThisWeek"
          from ${widgets} w join ${users} u on u.id = w.owner_id
          where w.owner_id = ${user.id} and ${liveWidget}
          order by w.version, lower(w.name), w.id`)) as unknown as Rows<{
          id: number;
          name: string;
          version: 1 | 2;
          poiCount: number;
          viewsThisWeek: number;
        }>
      ).rows;

      const dayRows = (
        (await db.execute(sql`
          select to_char(a.day, 'YYYY-MM-DD') as day, a.event, sum(a.count)::int as n
          from ${analyticsDaily} a
          join ${widgets} w on w.id = a.widget_id
          join ${users} u on u.id = w.owner_id
          where w.owner_id = ${user.id} and ${liveWidget}
            and a.day between ${from}::date and ${to}::date
            and a.event in ('view', 'like', 'click')
          group by a.day, a.event`)) as unknown as Rows<{ day: string; event: string; n: number }>
      ).rows;

      const index = new Map<string, number>();
      for (let i = 0; i < DASHBOARD_DAYS; i++) index.set(dayOf(today - (DASHBOARD_DAYS - 1 - i) * DAY_MS), i);
      const days = Object.fromEntries(DASHBOARD_EVENTS.map((e) => [e, new Array<number>(DASHBOARD_DAYS).fill(0)])) as Record<
        DashboardEvent,
        number[]
      >;
      for (const r of dayRows) {
        const i = index.get(r.day);
        if (i !== undefined && (DASHBOARD_EVENTS as readonly string[]).includes(r.event)) days[r.event as DashboardEvent][i] += Number(r.n);
      }
      const series = (d: number[]): DashboardSeries => ({
        lastWeek: d.slice(0, WEEK).reduce((a, b) => a + b, 0),
        thisWeek: d.slice(WEEK).reduce((a, b) => a + b, 0),
        days: d,
      });

      return {
        from,
        to,
        totals: { view: series(days.view), like: series(days.like), click: series(days.click) },
        widgets: widgetRows.map((w) => ({
          id: Number(w.id),
          name: w.name,
          version: Number(w.version) === 1 ? 1 : 2,
          poiCount: Number(w.poiCount),
          viewsThisWeek: Number(w.viewsThisWeek),
        })),
        guestApp: {
          exists: account.hasGuest && account.guestAppExists,
          enabled: account.hasGuest && account.guestAppExists && account.guestAppEnabled,
          guestsThisWeek: account.hasGuest ? Number(account.guests) : 0,
          accountsThisWeek: account.hasGuest ? Number(account.guestAccounts) : 0,
        },
        checklist: {
          profileComplete: account.profileComplete,
          widgetCreated: account.hasWidgets && account.widgetCreated,
          poisAdded: account.hasWidgets && account.poisAdded,
          embedded: account.hasWidgets && account.embedded,
          guestAppEnabled: account.hasGuest && account.guestAppExists && account.guestAppEnabled,
        },
      };
    },
  };
}
export type DashboardService = ReturnType<typeof dashboardService>;
