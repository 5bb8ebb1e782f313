import type { WidgetAnalytics as Analytics } from '@spotlist/contracts';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/translator';
import { useAnalytics } from '../api/widgets';
import { formatNumber } from '../../../lib/format';
import type { ChartSeries } from './analytics-chart';

/** uPlot loads with the first chart. */
const AnalyticsChart = lazy(() => import('./analytics-chart'));

const DAY_MS = 86_400_000;
/** A day as the API counts it (UTC), `YYYY-MM-DD`. */
export const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
/** The default range: the last 30 days, today included. */
export const lastDays = (days: number, now = Date.now()): { from: string; to: string } => ({
  from: isoDay(now - (days - 1) * DAY_MS),
  to: isoDay(now),
});

/**
 * Each line's colour is a theme colour, read when the chart is drawn (analytics-chart.tsx), so it
 * follows dark mode: every one is at least 5:1 on the page's background in both schemes.
 */
const EVENTS: { event: ChartSeries['event']; key: string; color: string }[] = [
  { event: 'view', key: 'ANALYTICS.VIEWS', color: '--color-primary' },
  { event: 'open', key: 'ANALYTICS.OPENS', color: '--ion-color-secondary' },
  { event: 'like', key: 'ANALYTICS.LIKES', color: '--color-danger' },
  { event: 'click', key: 'ANALYTICS.CLICKS', color: '--ion-color-tertiary' },
];

function Totals({ data }: { data: Analytics }) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => formatNumber(v, i18n.language);
  return (
    <>
      <table className="analytics-table" aria-label={t('ANALYTICS.TOTALS')}>
        <thead>
          <tr>
            {EVENTS.map((e) => (
              <th key={e.event} scope="col">
                {t(e.key)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            {EVENTS.map((e) => (
              <td key={e.event}>{n(data.totals[e.event])}</td>
            ))}
          </tr>
        </tbody>
      </table>
      {data.pois.length === 0 ? (
        <p className="form-hint">{t('ANALYTICS.NO_POI_EVENTS')}</p>
      ) : (
        <table className="analytics-table" aria-label={t('ANALYTICS.PER_POI')}>
          <thead>
            <tr>
              <th scope="col">{t('ANALYTICS.PLACE')}</th>
              {EVENTS.slice(1).map((e) => (
                <th key={e.event} scope="col">
                  {t(e.key)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.pois.map((p) => (
              <tr key={p.placeId}>
                <th scope="row">{p.name}</th>
                {EVENTS.slice(1).map((e) => (
                  <td key={e.event}>{n(p[e.event])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/**
 * A widget's analytics (GET /api/widget/analytics): views, POI opens, likes and click-throughs per
 * day over a date range (default the last 30 days) as a chart, the range's totals and per-POI
 * totals as tables (the chart's data, readable without it).
 */
/** The chart's box while its numbers or its code load: the chart takes its place, nothing below moves. */
function ChartLoading() {
  const { t } = useTranslation();
  return <div className="analytics-chart loading-box" role="status" aria-label={t('COMMON.LOADING')} />;
}

export function WidgetAnalytics({ widgetId }: { widgetId: number }) {
  const { t } = useTranslation();
  const id = useId();
  const [range, setRange] = useState(() => lastDays(30));
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(range.from) && /^\d{4}-\d{2}-\d{2}$/.test(range.to) && range.from <= range.to;
  const analytics = useAnalytics(widgetId, range.from, range.to, valid);
  const series = useMemo(() => EVENTS.map((e) => ({ event: e.event, label: t(e.key), color: e.color })), [t]);
  return (
    <section className="form-section" aria-labelledby={`${id}-h`} data-testid="widget-analytics">
      <h2 id={`${id}-h`}>{t('ANALYTICS.TITLE')}</h2>
      <p className="form-hint">{t('ANALYTICS.HINT')}</p>
      <div className="coordinate-fields">
        <div className="plain-input">
          <label htmlFor={`${id}-from`}>{t('ANALYTICS.FROM')}</label>
          <input
            id={`${id}-from`}
            type="date"
            value={range.from}
            max={range.to}
            onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
          />
        </div>
        <div className="plain-input">
          <label htmlFor={`${id}-to`}>{t('ANALYTICS.TO')}</label>
          <input
            id={`${id}-to`}
            type="date"
            value={range.to}
            min={range.from}
            onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
          />
        </div>
      </div>
      {!valid && <p className="field-error">{t('ANALYTICS.RANGE_INVALID')}</p>}
      {analytics.isPending && valid && <ChartLoading />}
      {analytics.data && (
        <>
          <Suspense fallback={<ChartLoading />}>
            <AnalyticsChart data={analytics.data} series={series} label={t('ANALYTICS.CHART', { from: range.from, to: range.to })} />
          </Suspense>
          <Totals data={analytics.data} />
        </>
      )}
    </section>
  );
}
