import { Permission, REPORT_DUE_HOURS } from '@spotlist/contracts';
import { useTranslation } from '../../../lib/translator';
import { withQueryClient } from '../../../lib/query-client';
import { AppLink } from '../../../components/app-link';
import { PageLayout } from '../../../components/layout/page-layout';
import { useReports } from '../api/admin';
import { CONSOLE_SECTIONS, ConsoleNav, hoursSince, useCan } from '../components/console-nav';

/** What waits in the queue: how many, and how long the oldest has waited (the 24-hour rule). */
function QueueFigure() {
  const { t } = useTranslation();
  const waiting = useReports({}, 0);
  if (!waiting.data) return <p className="console-muted">{t('COMMON.LOADING')}</p>;
  const oldest = waiting.data.list[0];
  const age = oldest ? hoursSince(oldest.appeal?.createdAt ?? oldest.createdAt) : 0;
  return (
    <>
      <p className="console-figure">{t('CONSOLE.WAITING', { count: waiting.data.total })}</p>
      {oldest && (
        <p>
          {age >= REPORT_DUE_HOURS && <span className="state-badge state-badge-danger">{t('CONSOLE.OVERDUE')}</span>}
          {age === 0 ? t('CONSOLE.OLDEST_NEW') : t('CONSOLE.OLDEST', { hours: age })}
        </p>
      )}
    </>
  );
}

/**
 * The console's overview (features/admin README): one card per section this account may open,
 * the reports queue with what waits and for how long.
 */
function ConsolePage() {
  const { t } = useTranslation();
  const can = useCan();
  const sections = CONSOLE_SECTIONS.filter((s) => can(...s.permissions));
  return (
    <PageLayout title={t('CONSOLE.TITLE')} narrow={false}>
      <h1>{t('CONSOLE.TITLE')}</h1>
      <ConsoleNav current="home" />
      <ul className="console-cards">
        {sections.map((s) => (
          <li key={s.id}>
            <AppLink to={s.path} className="console-card">
              <h2>{t(s.titleKey)}</h2>
              <p>{t(s.hintKey)}</p>
              {s.id === 'reports' && can(Permission.moderationReports) && <QueueFigure />}
            </AppLink>
          </li>
        ))}
      </ul>
    </PageLayout>
  );
}

export default withQueryClient(ConsolePage);
