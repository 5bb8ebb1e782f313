import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/translator';
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

/** The chart's box while its numbers or its code load: the chart takes its place, nothing below moves. */
function ChartLoading() {
  const { t } = useTranslation();
  return <div className="analytics-chart loading-box" role="status" aria-label={t('COMMON.LOADING')} />;
}

/** A range of UTC days: valid when both are days and `from` is not after `to`. */
export const isValidRange = (r: { from: string; to: string }): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(r.from) && /^\d{4}-\d{2}-\d{2}$/.test(r.to) && r.from <= r.to;

export interface AnalyticsRange {
  range: { from: string; to: string };
  setRange: (update: (r: { from: string; to: string }) => { from: string; to: string }) => void;
  valid: boolean;
}

/** The range an analytics section shows: the last 30 days at first. */
export function useAnalyticsRange(): AnalyticsRange {
  const [range, setRange] = useState(() => lastDays(30));
  return { range, setRange, valid: isValidRange(range) };
}

/**
 * An analytics section (a widget's, an overlay's): the date range fields, the per-day chart and,
 * under it, `children(data)` — the tables of the same numbers. `result` is the range's numbers
 * (a react-query result).
 */
export function AnalyticsSection<E extends string, D extends { days: readonly ({ day: string } & Record<E, number>)[] }>({
  range: { range, setRange, valid },
  result: analytics,
  series,
  hint,
  testId,
  children,
}: {
  range: AnalyticsRange;
  result: { data?: D; isPending: boolean };
  series: ChartSeries<E>[];
  hint: string;
  testId: string;
  children: (data: D) => ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className="form-section" aria-labelledby={`${id}-h`} data-testid={testId}>
      <h2 id={`${id}-h`}>{t('ANALYTICS.TITLE')}</h2>
      <p className="form-hint">{hint}</p>
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
          {children(analytics.data)}
        </>
      )}
    </section>
  );
}
