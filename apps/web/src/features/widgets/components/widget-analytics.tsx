import type { WidgetAnalytics as Analytics } from '@spotlist/contracts';
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/translator';
import { useAnalytics } from '../api/widgets';
import { formatNumber } from '../../../lib/format';
import { AnalyticsSection, useAnalyticsRange } from '../../../components/analytics/analytics-section';

/**
 * Each line's colour is a theme colour, read when the chart is drawn (analytics-chart.tsx), so it
 * follows dark mode: every one is at least 5:1 on the page's background in both schemes.
 */
const EVENTS: { event: 'view' | 'open' | 'like' | 'click'; key: string; color: string }[] = [
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
export function WidgetAnalytics({ widgetId }: { widgetId: number }) {
  const { t } = useTranslation();
  const series = useMemo(() => EVENTS.map((e) => ({ event: e.event, label: t(e.key), color: e.color })), [t]);
  const range = useAnalyticsRange();
  const result = useAnalytics(widgetId, range.range.from, range.range.to, range.valid);
  return (
    <AnalyticsSection range={range} result={result} series={series} hint={t('ANALYTICS.HINT')} testId="widget-analytics">
      {(data) => <Totals data={data} />}
    </AnalyticsSection>
  );
}
