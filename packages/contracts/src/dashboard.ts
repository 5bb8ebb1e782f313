import { z } from 'zod';

/**
 * The business dashboard (GET /api/dashboard/business; login, business accounts only, else
 * 403 `error.auth.forbidden`; no query parameters, 400 `error.validation` for any).
 *
 * Weeks are UTC days: "this week" is today and the 6 days before, "last week" the 7 before those.
 * `days` holds 14 counts, oldest first (the first 7 are last week, the last 7 this week). Counts
 * are summed over the business's widgets of the versions it has the flag for (`analytics_daily`).
 */
export const DASHBOARD_DAYS = 14;
/** The widget events the dashboard shows: views, likes and click-throughs. */
export const DASHBOARD_EVENTS = ['view', 'like', 'click'] as const;
export type DashboardEvent = (typeof DASHBOARD_EVENTS)[number];

/** No query parameters: an unknown one is a 400 (and never a new cache entry). */
export const BusinessDashboardQuerySchema = z.strictObject({});

export const DashboardSeriesSchema = z.object({
  thisWeek: z.number().int(),
  lastWeek: z.number().int(),
  /** 14 daily counts, oldest first. */
  days: z.array(z.number().int()).length(DASHBOARD_DAYS),
});
export type DashboardSeries = z.infer<typeof DashboardSeriesSchema>;

export const DashboardWidgetSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  version: z.union([z.literal(1), z.literal(2)]),
  poiCount: z.number().int(),
  viewsThisWeek: z.number().int(),
});
export type DashboardWidget = z.infer<typeof DashboardWidgetSchema>;

export const BusinessDashboardSchema = z.object({
  /** The first and last day of the 14 (yyyy-MM-dd, UTC). */
  from: z.string(),
  to: z.string(),
  totals: z.object({ view: DashboardSeriesSchema, like: DashboardSeriesSchema, click: DashboardSeriesSchema }),
  /** The widgets of the versions the business has the flag for: the v1 widget first, then by name. */
  widgets: z.array(DashboardWidgetSchema),
  /**
   * The guest app (flag `hasGuest`): `exists` once it was opened (GET /api/guestapp makes it),
   * `enabled` when guests can open it. Its widgets' views, opens and likes count as widgets'.
   * Guests are visitors who liked places without an account, in this business's widgets or guest
   * app (SPEC §3): `guestsThisWeek` of them were active this week (created, or liked, unliked or
   * read their likes), `accountsThisWeek` signed up or logged in from them and took their likes
   * along. Counts only: nothing about a guest is shown. 0 without the flag.
   */
  guestApp: z.object({
    exists: z.boolean(),
    enabled: z.boolean(),
    guestsThisWeek: z.number().int(),
    accountsThisWeek: z.number().int(),
  }),
  /** The setup steps (web: "Next steps"); a step of a feature the account lacks stays false. */
  checklist: z.object({
    /** SPEC §5 business fields: nickname, industry, rooms (hospitality), tax id (outside Germany), and an address (street, city, country). */
    profileComplete: z.boolean(),
    widgetCreated: z.boolean(),
    poisAdded: z.boolean(),
    /** A view was ever recorded for one of its widgets. */
    embedded: z.boolean(),
    guestAppEnabled: z.boolean(),
  }),
});
export type BusinessDashboard = z.infer<typeof BusinessDashboardSchema>;
