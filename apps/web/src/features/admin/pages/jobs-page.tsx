import { Permission, type Integration } from '@spotlist/contracts';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/translator';
import { withQueryClient } from '../../../lib/query-client';
import { EmptyState } from '../../../components/empty-state';
import { PageLayout } from '../../../components/layout/page-layout';
import { formatDateTime, useLocale } from '../../../lib/format';
import { useDeadJobs, useIntegrations, useJobQueues, useRetryJob } from '../api/admin';
import { ConsoleNav, useCan } from '../components/console-nav';

const INTEGRATION_KEYS: Record<Integration['name'], string> = {
  mail: 'CONSOLE.INTEGRATION_MAIL',
  storage: 'CONSOLE.INTEGRATION_STORAGE',
  geocoder: 'CONSOLE.INTEGRATION_GEOCODER',
  pushWeb: 'CONSOLE.INTEGRATION_PUSH_WEB',
  pushAndroid: 'CONSOLE.INTEGRATION_PUSH_ANDROID',
  pushIos: 'CONSOLE.INTEGRATION_PUSH_IOS',
  ai: 'CONSOLE.INTEGRATION_AI',
};
const MODE_KEYS: Record<string, string> = {
  smtp: 'CONSOLE.MODE_SMTP',
  outbox: 'CONSOLE.MODE_OUTBOX',
  s3: 'CONSOLE.MODE_S3',
  disk: 'CONSOLE.MODE_DISK',
  nominatim: 'CONSOLE.MODE_NOMINATIM',
  photon: 'CONSOLE.MODE_PHOTON',
  cities: 'CONSOLE.MODE_CITIES',
  webpush: 'CONSOLE.MODE_WEBPUSH',
  fcm: 'CONSOLE.MODE_FCM',
  apns: 'CONSOLE.MODE_APNS',
  notsent: 'CONSOLE.MODE_NOT_SENT',
  openai: 'CONSOLE.MODE_OPENAI',
  off: 'CONSOLE.MODE_OFF',
};

/** A job's spent runs: when, how often tried, the last error; and one button to retry them all. */
function DeadRuns({ name }: { name: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const can = useCan();
  const dead = useDeadJobs(name);
  const retry = useRetryJob();
  return (
    <section className="report-snapshot" aria-label={t('CONSOLE.DEAD_OF', { name })}>
      {dead.data && dead.data.length === 0 && <p>{t('CONSOLE.NO_DEAD')}</p>}
      {dead.data && dead.data.length > 0 && (
        <ul className="flag-list">
          {dead.data.map((d) => (
            <li key={d.id}>
              <strong>{formatDateTime(d.deadSince, locale)}</strong> · {t('CONSOLE.ATTEMPTS', { count: d.attempts })}
              <div className="console-json">{d.error || '–'}</div>
            </li>
          ))}
        </ul>
      )}
      {can(Permission.jobsRetry) && !!dead.data?.length && (
        <div className="button-row">
          <button type="button" className="app-button app-button-small" disabled={retry.isPending} onClick={() => retry.mutate(name)}>
            {t('CONSOLE.RETRY_ALL')}
          </button>
        </div>
      )}
      {retry.data && (
        <p className="form-success" role="status">
          {t('CONSOLE.RETRIED', { count: retry.data.retried })}
        </p>
      )}
    </section>
  );
}

/**
 * Jobs and integrations (jobs.view): every job's queue by state, a job's spent runs with their
 * errors and a retry (jobs.retry); each integration, whether it is configured and how it runs.
 */
function JobsPage() {
  const { t } = useTranslation();
  const id = useId();
  const queues = useJobQueues();
  const integrations = useIntegrations();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <PageLayout title={t('CONSOLE.JOBS')} narrow={false}>
      <h1>{t('CONSOLE.JOBS')}</h1>
      <ConsoleNav current="jobs" />
      <section className="form-section" aria-labelledby={`${id}-queues`}>
        <h2 id={`${id}-queues`}>{t('CONSOLE.QUEUES')}</h2>
        {queues.data && queues.data.length === 0 && <EmptyState compact text={t('CONSOLE.NO_QUEUES')} />}
        {queues.data && queues.data.length > 0 && (
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">{t('CONSOLE.JOB')}</th>
                <th scope="col">{t('CONSOLE.JOB_READY')}</th>
                <th scope="col">{t('CONSOLE.JOB_DEFERRED')}</th>
                <th scope="col">{t('CONSOLE.JOB_ACTIVE')}</th>
                <th scope="col">{t('CONSOLE.JOB_FAILED')}</th>
                <th scope="col">{t('CONSOLE.JOB_DEAD')}</th>
              </tr>
            </thead>
            <tbody>
              {queues.data.map((q) => (
                <tr key={q.name}>
                  <td>
                    <strong>{q.name}</strong>
                    {q.dead > 0 && (
                      <div>
                        <button
                          type="button"
                          className="app-button app-button-clear app-button-small"
                          aria-expanded={open === q.name}
                          onClick={() => setOpen(open === q.name ? null : q.name)}
                        >
                          {t('CONSOLE.SHOW_DEAD')}
                        </button>
                      </div>
                    )}
                    {open === q.name && <DeadRuns name={q.name} />}
                  </td>
                  <td data-label={t('CONSOLE.JOB_READY')}>{q.ready}</td>
                  <td data-label={t('CONSOLE.JOB_DEFERRED')}>{q.deferred}</td>
                  <td data-label={t('CONSOLE.JOB_ACTIVE')}>{q.active}</td>
                  <td data-label={t('CONSOLE.JOB_FAILED')}>{q.failed}</td>
                  <td data-label={t('CONSOLE.JOB_DEAD')}>
                    {q.dead > 0 ? <span className="state-badge state-badge-danger">{q.dead}</span> : 0}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section className="form-section" aria-labelledby={`${id}-integrations`}>
        <h2 id={`${id}-integrations`}>{t('CONSOLE.INTEGRATIONS')}</h2>
        {integrations.data && (
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">{t('CONSOLE.INTEGRATION')}</th>
                <th scope="col">{t('CONSOLE.STATE')}</th>
                <th scope="col">{t('CONSOLE.INTEGRATION_MODE')}</th>
                <th scope="col">{t('CONSOLE.INTEGRATION_ERROR')}</th>
              </tr>
            </thead>
            <tbody>
              {integrations.data.map((i) => (
                <tr key={i.name}>
                  <td>
                    <strong>{t(INTEGRATION_KEYS[i.name])}</strong>
                  </td>
                  <td data-label={t('CONSOLE.STATE')}>
                    {i.configured ? (
                      <span className="state-badge state-badge-ok">{t('CONSOLE.CONFIGURED')}</span>
                    ) : (
                      <span className="state-badge">{t('CONSOLE.NOT_CONFIGURED')}</span>
                    )}
                  </td>
                  <td data-label={t('CONSOLE.INTEGRATION_MODE')}>{MODE_KEYS[i.mode] ? t(MODE_KEYS[i.mode]) : i.mode}</td>
                  <td data-label={t('CONSOLE.INTEGRATION_ERROR')}>
                    {i.job && i.job.dead > 0 ? `${i.job.lastError ?? ''} (${t('CONSOLE.ATTEMPTS_DEAD', { count: i.job.dead })})` : '–'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </PageLayout>
  );
}

export default withQueryClient(JobsPage);
