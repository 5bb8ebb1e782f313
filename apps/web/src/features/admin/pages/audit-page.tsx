import { useDeferredValue, useState } from 'react';
import { useTranslation } from '../../../lib/translator';
import { withQueryClient } from '../../../lib/query-client';
import { EmptyState } from '../../../components/empty-state';
import { PageLayout } from '../../../components/layout/page-layout';
import { TextInput } from '../../../components/text-input';
import { formatDateTime, useLocale } from '../../../lib/format';
import { CONSOLE_PAGE_SIZE, downloadAudit, useAudit } from '../api/admin';
import { ChoiceSelect } from '../components/console-controls';
import { ConsoleNav } from '../components/console-nav';
import { Pager } from '../components/pager';
import { SavedFilters } from '../components/saved-filters';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown) => (v === undefined ? '–' : typeof v === 'string' ? v : JSON.stringify(v));

/** What changed: one line a field, before → after (a value only before or after shows alone). */
function Change({ before, after }: { before: unknown; after: unknown }) {
  if ((before === null || isRecord(before)) && (after === null || isRecord(after))) {
    const b = before ?? {};
    const a = after ?? {};
    const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
    return (
      <ul className="console-json">
        {keys.map((k) => (
          <li key={k}>
            {k}:{' '}
            {k in b && k in a
              ? text(b[k]) === text(a[k])
                ? text(a[k])
                : `${text(b[k])} → ${text(a[k])}`
              : k in a
                ? text(a[k])
                : `${text(b[k])} → –`}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <p className="console-json">
      {before !== null && before !== undefined ? text(before) : ''} {after !== null && after !== undefined ? `→ ${text(after)}` : ''}
    </p>
  );
}

/**
 * The audit log (audit.view): every admin and moderator action and every refusal, newest first,
 * filtered by action, actor, outcome and days; the same selection as a CSV download.
 */
function AuditPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [action, setAction] = useState('');
  const [actor, setActor] = useState('');
  const [outcome, setOutcome] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(0);
  const filters = useDeferredValue({ action, actor, outcome, from, to });
  const entries = useAudit(filters, page);
  const [exporting, setExporting] = useState(false);
  const set = (f: (v: string) => void) => (v: string) => {
    f(v);
    setPage(0);
  };
  return (
    <PageLayout title={t('CONSOLE.AUDIT')} narrow={false}>
      <h1>{t('CONSOLE.AUDIT')}</h1>
      <ConsoleNav current="audit" />
      <form className="console-filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <TextInput label={t('CONSOLE.AUDIT_ACTION')} value={action} onValue={set(setAction)} placeholder="user." />
        <TextInput label={t('CONSOLE.AUDIT_ACTOR')} value={actor} onValue={set(setActor)} />
        <ChoiceSelect
          label={t('CONSOLE.AUDIT_OUTCOME')}
          value={outcome}
          onChange={set(setOutcome)}
          options={[
            { value: '', label: t('CONSOLE.ALL') },
            { value: 'done', label: t('CONSOLE.OUTCOME_DONE') },
            { value: 'refused', label: t('CONSOLE.OUTCOME_REFUSED') },
          ]}
        />
        <div className="plain-input">
          <label htmlFor="audit-from">{t('ANALYTICS.FROM')}</label>
          <input id="audit-from" type="date" value={from} max={to || undefined} onChange={(e) => set(setFrom)(e.target.value)} />
        </div>
        <div className="plain-input">
          <label htmlFor="audit-to">{t('ANALYTICS.TO')}</label>
          <input id="audit-to" type="date" value={to} min={from || undefined} onChange={(e) => set(setTo)(e.target.value)} />
        </div>
        <button
          type="button"
          className="app-button app-button-outline"
          disabled={exporting}
          onClick={() => {
            setExporting(true);
            void downloadAudit(filters)
              .catch(() => undefined)
              .finally(() => setExporting(false));
          }}
        >
          {t('CONSOLE.EXPORT_CSV')}
        </button>
      </form>
      <SavedFilters
        view="console.audit"
        filters={{ action, actor, outcome, from, to }}
        onApply={(f) => {
          setAction(f.action ?? '');
          setActor(f.actor ?? '');
          setOutcome(f.outcome ?? '');
          setFrom(f.from ?? '');
          setTo(f.to ?? '');
          setPage(0);
        }}
      />
      {entries.data && entries.data.total === 0 && <EmptyState picture="search" text={t('CONSOLE.NO_ENTRIES')} />}
      {entries.data && entries.data.total > 0 && (
        <>
          <p className="console-results" role="status">
            {t('CONSOLE.RESULTS', { count: entries.data.total })}
          </p>
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">{t('CONSOLE.AUDIT_WHEN')}</th>
                <th scope="col">{t('CONSOLE.AUDIT_ACTOR')}</th>
                <th scope="col">{t('CONSOLE.AUDIT_ACTION')}</th>
                <th scope="col">{t('CONSOLE.AUDIT_TARGET')}</th>
                <th scope="col">{t('CONSOLE.AUDIT_CHANGE')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.data.list.map((e) => (
                <tr key={e.id}>
                  <td data-label={t('CONSOLE.AUDIT_WHEN')}>{formatDateTime(e.at, locale)}</td>
                  <td data-label={t('CONSOLE.AUDIT_ACTOR')}>{e.actor.email ?? '–'}</td>
                  <td data-label={t('CONSOLE.AUDIT_ACTION')}>
                    {e.action}
                    {e.outcome === 'refused' && (
                      <div>
                        <span className="state-badge state-badge-warning">{t('CONSOLE.OUTCOME_REFUSED')}</span>
                        <span className="console-muted">{e.errorKey}</span>
                      </div>
                    )}
                  </td>
                  <td data-label={t('CONSOLE.AUDIT_TARGET')}>
                    {e.targetType} {e.targetId}
                  </td>
                  <td data-label={t('CONSOLE.AUDIT_CHANGE')}>
                    <Change before={e.before} after={e.after} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={page} total={entries.data.total} size={CONSOLE_PAGE_SIZE} onPage={setPage} />
        </>
      )}
    </PageLayout>
  );
}

export default withQueryClient(AuditPage);
