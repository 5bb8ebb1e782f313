import { MODERATION_ACTIONS, REPORT_DUE_HOURS, type ModerationAction, type Report } from '@spotlist/contracts';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/translator';
import { withQueryClient } from '../../../lib/query-client';
import { EmptyState } from '../../../components/empty-state';
import { PageLayout } from '../../../components/layout/page-layout';
import { TextInput } from '../../../components/text-input';
import { formatDateTime, useLocale } from '../../../lib/format';
import { CONSOLE_PAGE_SIZE, useDecideAppeal, useDecideReport, useReports } from '../api/admin';
import { ActionError, ChoiceSelect } from '../components/console-controls';
import { ConsoleNav, hoursSince } from '../components/console-nav';
import { Pager } from '../components/pager';
import { SavedFilters } from '../components/saved-filters';

const RESOURCE_KEYS: Record<string, string> = {
  list: 'CONSOLE.RESOURCE_LIST',
  place: 'CONSOLE.RESOURCE_PLACE',
  user: 'CONSOLE.RESOURCE_USER',
  widget: 'CONSOLE.RESOURCE_WIDGET',
};
const ACTION_KEYS: Record<ModerationAction, string> = {
  dismiss: 'CONSOLE.ACTION_DISMISS',
  hide: 'CONSOLE.ACTION_HIDE',
  warn: 'CONSOLE.ACTION_WARN',
  suspend: 'CONSOLE.ACTION_SUSPEND',
};
const CONTENT_KEYS = { hidden: 'CONSOLE.CONTENT_HIDDEN', deleted: 'CONSOLE.CONTENT_DELETED' } as const;
const OUTCOME_KEYS = { upheld: 'CONSOLE.APPEAL_UPHELD', reverted: 'CONSOLE.APPEAL_REVERTED' } as const;

/** The content as it was reported: its name, its text, the places of a list. */
function Snapshot({ snapshot }: { snapshot: Record<string, unknown> }) {
  const { t } = useTranslation();
  const text = (k: string) => (typeof snapshot[k] === 'string' && snapshot[k] ? (snapshot[k] as string) : null);
  const places = Array.isArray(snapshot.places) ? (snapshot.places as string[]) : [];
  return (
    <div className="report-snapshot">
      <p className="console-muted">{t('CONSOLE.AS_REPORTED')}</p>
      {text('name') && (
        <p>
          <strong>{text('name')}</strong>
        </p>
      )}
      {text('description') && <p>{text('description')}</p>}
      {(text('address') || text('city')) && <p>{[text('address'), text('city')].filter(Boolean).join(', ')}</p>}
      {places.length > 0 && <p>{t('CONSOLE.LIST_PLACES', { places: places.join(', ') })}</p>}
    </div>
  );
}

/** A decision on an open report: the action, the reason the reported user reads, the days of a suspension. */
function Decide({ report }: { report: Report }) {
  const { t } = useTranslation();
  const id = useId();
  const [action, setAction] = useState<ModerationAction>(report.resource === 'user' ? 'warn' : 'hide');
  const [reason, setReason] = useState('');
  const [days, setDays] = useState('7');
  const decide = useDecideReport();
  const actions = MODERATION_ACTIONS.filter((a) => a !== 'hide' || report.resource !== 'user');
  const needsReason = action !== 'dismiss';
  const dayCount = Number(days);
  const daysValid = action !== 'suspend' || (Number.isInteger(dayCount) && dayCount >= 1 && dayCount <= 3650);
  return (
    <form
      className="report-decision"
      aria-label={t('CONSOLE.DECIDE')}
      onSubmit={(e) => {
        e.preventDefault();
        if ((needsReason && !reason.trim()) || !daysValid) return;
        decide.mutate({
          id: report.id,
          input: { action, ...(needsReason ? { reason: reason.trim() } : {}), ...(action === 'suspend' ? { days: dayCount } : {}) },
        });
      }}
    >
      <fieldset className="radio-field choice-row">
        <legend>{t('CONSOLE.DECISION')}</legend>
        {actions.map((a) => (
          <label key={a} className="choice">
            <input type="radio" name={`${id}-action`} value={a} checked={action === a} onChange={() => setAction(a)} />
            {t(ACTION_KEYS[a])}
          </label>
        ))}
      </fieldset>
      {needsReason && (
        <TextInput label={t('CONSOLE.REASON_FOR_USER')} value={reason} onValue={setReason} rows={2} hint={t('CONSOLE.REASON_HINT')} />
      )}
      {action === 'suspend' && (
        <TextInput
          label={t('CONSOLE.DAYS')}
          value={days}
          onValue={setDays}
          inputMode="decimal"
          error={daysValid ? null : t('CONSOLE.DAYS_INVALID')}
        />
      )}
      <div className="button-row">
        <button type="submit" className="app-button" disabled={decide.isPending || (needsReason && !reason.trim()) || !daysValid}>
          {t('CONSOLE.APPLY')}
        </button>
      </div>
      <ActionError error={decide.error} />
    </form>
  );
}

/** The decision on an appeal: upheld or reverted, with a note the user reads. */
function DecideAppeal({ report }: { report: Report }) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const decide = useDecideAppeal();
  const send = (outcome: 'upheld' | 'reverted') => note.trim() && decide.mutate({ id: report.id, outcome, note: note.trim() });
  return (
    <div className="report-decision">
      <TextInput label={t('CONSOLE.APPEAL_NOTE')} value={note} onValue={setNote} rows={2} hint={t('CONSOLE.REASON_HINT')} />
      <div className="button-row">
        <button type="button" className="app-button" disabled={decide.isPending || !note.trim()} onClick={() => send('reverted')}>
          {t('CONSOLE.APPEAL_REVERT')}
        </button>
        <button
          type="button"
          className="app-button app-button-outline"
          disabled={decide.isPending || !note.trim()}
          onClick={() => send('upheld')}
        >
          {t('CONSOLE.APPEAL_UPHOLD')}
        </button>
      </div>
      <ActionError error={decide.error} />
    </div>
  );
}

function ReportCard({ report }: { report: Report }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const since = report.appeal && report.status === 'appealed' ? report.appeal.createdAt : report.createdAt;
  const age = hoursSince(since);
  const overdue = report.status !== 'closed' && age >= REPORT_DUE_HOURS;
  const title = typeof report.snapshot.name === 'string' ? report.snapshot.name : (report.reportedUser?.nickname ?? '');
  return (
    <li className={overdue ? 'report-card report-card-overdue' : 'report-card'}>
      <article aria-label={t('CONSOLE.REPORT_ABOUT', { what: title })}>
        <h2>
          {RESOURCE_KEYS[report.resource] ? t(RESOURCE_KEYS[report.resource]) : report.resource}: {title}
        </h2>
        <p>
          {overdue && <span className="state-badge state-badge-danger">{t('CONSOLE.OVERDUE')}</span>}
          {report.status === 'appealed' && <span className="state-badge state-badge-warning">{t('CONSOLE.APPEALED')}</span>}
          {report.content !== 'shown' && <span className="state-badge">{t(CONTENT_KEYS[report.content])}</span>}
          {report.status !== 'closed' && (
            <span className="console-muted">{age === 0 ? t('CONSOLE.WAITING_NEW') : t('CONSOLE.WAITING_FOR', { hours: age })}</span>
          )}
        </p>
        <dl className="report-facts">
          <dt>{t('CONSOLE.REASON')}</dt>
          <dd>{report.reason || '–'}</dd>
          <dt>{t('CONSOLE.REPORTED_BY')}</dt>
          <dd>{report.reporter ? `${report.reporter.nickname || report.reporter.email}` : '–'}</dd>
          <dt>{t('CONSOLE.OWNER')}</dt>
          <dd>{report.reportedUser ? [report.reportedUser.nickname, report.reportedUser.email].filter(Boolean).join(' · ') : '–'}</dd>
          <dt>{t('CONSOLE.REPORTED_AT')}</dt>
          <dd>{formatDateTime(report.createdAt, locale)}</dd>
          {report.sameContentOpen > 0 && (
            <>
              <dt>{t('CONSOLE.MORE_REPORTS')}</dt>
              <dd>{report.sameContentOpen}</dd>
            </>
          )}
          {report.action && (
            <>
              <dt>{t('CONSOLE.DECISION')}</dt>
              <dd>
                {t(ACTION_KEYS[report.action])}
                {report.decisionReason ? ` – ${report.decisionReason}` : ''}
              </dd>
            </>
          )}
          {report.appeal && (
            <>
              <dt>{t('CONSOLE.APPEAL')}</dt>
              <dd>{report.appeal.text}</dd>
            </>
          )}
          {report.appeal?.outcome && (
            <>
              <dt>{t('CONSOLE.APPEAL_DECISION')}</dt>
              <dd>
                {t(OUTCOME_KEYS[report.appeal.outcome])} – {report.appeal.note}
              </dd>
            </>
          )}
        </dl>
        <Snapshot snapshot={report.snapshot} />
        {report.status === 'open' && <Decide report={report} />}
        {report.status === 'appealed' && <DecideAppeal report={report} />}
      </article>
    </li>
  );
}

/**
 * The reports queue (moderation.reports): what waits longest first, over 24 hours marked (Apple's
 * guideline 1.2), each with the content as reported and the decision or the appeal's decision.
 */
function ReportsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState('open,appealed');
  const [resource, setResource] = useState('');
  const [page, setPage] = useState(0);
  const reports = useReports({ status, resource }, page);
  return (
    <PageLayout title={t('CONSOLE.REPORTS')} narrow={false}>
      <h1>{t('CONSOLE.REPORTS')}</h1>
      <ConsoleNav current="reports" />
      <form className="console-filters" onSubmit={(e) => e.preventDefault()}>
        <ChoiceSelect
          label={t('CONSOLE.STATE')}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(0);
          }}
          options={[
            { value: 'open,appealed', label: t('CONSOLE.QUEUE_WAITING') },
            { value: 'appealed', label: t('CONSOLE.APPEALED') },
            { value: 'closed', label: t('CONSOLE.QUEUE_CLOSED') },
          ]}
        />
        <ChoiceSelect
          label={t('CONSOLE.CONTENT')}
          value={resource}
          onChange={(v) => {
            setResource(v);
            setPage(0);
          }}
          options={[
            { value: '', label: t('CONSOLE.ALL') },
            ...Object.entries(RESOURCE_KEYS).map(([r, key]) => ({ value: r, label: t(key) })),
          ]}
        />
      </form>
      <SavedFilters
        view="console.reports"
        filters={{ status, resource }}
        onApply={(f) => {
          setStatus(f.status ?? 'open,appealed');
          setResource(f.resource ?? '');
          setPage(0);
        }}
      />
      {reports.data && reports.data.total === 0 && <EmptyState text={t('CONSOLE.NO_REPORTS')} />}
      {reports.data && reports.data.total > 0 && (
        <>
          <p className="console-results" role="status">
            {t('CONSOLE.RESULTS', { count: reports.data.total })}
          </p>
          <ul className="report-list">
            {reports.data.list.map((r) => (
              <ReportCard key={r.id} report={r} />
            ))}
          </ul>
          <Pager page={page} total={reports.data.total} size={CONSOLE_PAGE_SIZE} onPage={setPage} />
        </>
      )}
    </PageLayout>
  );
}

export default withQueryClient(ReportsPage);
