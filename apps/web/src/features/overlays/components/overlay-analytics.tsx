import type { OverlayAnalytics as Analytics } from '@spotlist/contracts';
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/translator';
import { formatNumber } from '../../../lib/format';
import { AnalyticsSection, useAnalyticsRange } from '../../../components/analytics/analytics-section';
import { languageNameKey } from '../../../lib/language';
import { useOverlayAnalytics } from '../api/overlays';

/** Each line's colour is a theme colour (at least 5:1 on the page in both schemes). */
const EVENTS: { event: 'view' | 'click' | 'close'; key: string; color: string }[] = [
  { event: 'view', key: 'ANALYTICS.VIEWS', color: '--color-primary' },
  { event: 'click', key: 'OVERLAYS.BUTTON_CLICKS', color: '--ion-color-tertiary' },
  { event: 'close', key: 'OVERLAYS.CLOSES', color: '--color-danger' },
];

function Tables({ data }: { data: Analytics }) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => formatNumber(v, i18n.language);
  return (
    <table className="analytics-table" aria-label={t('OVERLAYS.PER_LANGUAGE')} data-testid="overlay-analytics-table">
      <thead>
        <tr>
          <th scope="col">{t('OVERLAYS.LANGUAGE')}</th>
          {EVENTS.map((e) => (
            <th key={e.event} scope="col">
              {t(e.key)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {data.languages.map((l) => (
          <tr key={l.language}>
            <th scope="row" lang={l.language}>
              {t(languageNameKey(l.language))}
            </th>
            {EVENTS.map((e) => (
              <td key={e.event}>{n(l[e.event])}</td>
            ))}
          </tr>
        ))}
        <tr className="analytics-total">
          <th scope="row">{t('ANALYTICS.TOTALS')}</th>
          {EVENTS.map((e) => (
            <td key={e.event}>{n(data.totals[e.event])}</td>
          ))}
        </tr>
      </tbody>
    </table>
  );
}

/**
 * An overlay's analytics (GET /api/overlay/analytics): views, button clicks and closes per day
 * (UTC), and the range's numbers per language. Counted without cookies or addresses.
 */
export function OverlayAnalytics({ overlayId }: { overlayId: number }) {
  const { t } = useTranslation();
  const series = useMemo(() => EVENTS.map((e) => ({ event: e.event, label: t(e.key), color: e.color })), [t]);
  const range = useAnalyticsRange();
  const result = useOverlayAnalytics(overlayId, range.range.from, range.range.to, range.valid);
  return (
    <AnalyticsSection range={range} result={result} series={series} hint={t('OVERLAYS.ANALYTICS_HINT')} testId="overlay-analytics">
      {(data) => <Tables data={data} />}
    </AnalyticsSection>
  );
}
