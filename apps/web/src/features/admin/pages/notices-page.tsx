import type { Notice } from '@spotlist/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/translator';
import { withQueryClient } from '../../../lib/query-client';
import { EmptyState } from '../../../components/empty-state';
import { PageLayout } from '../../../components/layout/page-layout';
import { TextInput } from '../../../components/text-input';
import { useAuth } from '../../../lib/auth';
import { formatDate, formatDateTime, useLocale } from '../../../lib/format';
import { markNoticesRead, useAppeal, useNotices } from '../api/admin';
import { ActionError } from '../components/console-controls';
import '../admin.css';

const KIND_KEYS: Record<Notice['kind'], string> = {
  hidden: 'NOTICES.HIDDEN',
  warned: 'NOTICES.WARNED',
  suspended: 'NOTICES.SUSPENDED',
  'appeal.upheld': 'NOTICES.APPEAL_UPHELD',
  'appeal.reverted': 'NOTICES.APPEAL_REVERTED',
};

function AppealForm({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const appeal = useAppeal();
  if (!open)
    return (
      <button type="button" className="app-button app-button-outline" onClick={() => setOpen(true)}>
        {t('NOTICES.APPEAL')}
      </button>
    );
  return (
    <form
      className="report-decision"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) appeal.mutate({ id: notice.id, text: text.trim() });
      }}
    >
      <TextInput label={t('NOTICES.APPEAL_TEXT')} value={text} onValue={setText} rows={4} hint={t('NOTICES.APPEAL_HINT')} />
      <div className="button-row">
        <button type="submit" className="app-button" disabled={appeal.isPending || !text.trim()}>
          {t('NOTICES.APPEAL_SEND')}
        </button>
      </div>
      <ActionError error={appeal.error} />
    </form>
  );
}

/**
 * The moderators' notices to this account (modules/moderation): what was decided about which
 * content, why, and one appeal per decision with its answer. Opening the page reads them.
 */
function NoticesPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { user } = useAuth();
  const notices = useNotices();
  const unread = notices.data?.unread ?? 0;
  useEffect(() => {
    if (unread > 0) void markNoticesRead().catch(() => undefined);
  }, [unread]);
  const suspendedUntil = user?.suspendedUntil;
  return (
    <PageLayout title={t('NOTICES.TITLE')}>
      <h1>{t('NOTICES.TITLE')}</h1>
      {/* the session answers a suspension only while it lasts */}
      {suspendedUntil && (
        <p className="form-error" role="alert">
          {t('NOTICES.SUSPENDED_BANNER', { date: formatDate(suspendedUntil, locale) })}
        </p>
      )}
      {notices.data && notices.data.list.length === 0 && <EmptyState text={t('NOTICES.NONE')} />}
      {notices.data && notices.data.list.length > 0 && (
        <ul className="notice-list">
          {notices.data.list.map((n) => (
            <li key={n.id} className={n.read ? 'notice-card' : 'notice-card notice-card-unread'}>
              <h2>{t(KIND_KEYS[n.kind], { title: n.title || t('NOTICES.YOUR_CONTENT') })}</h2>
              <p className="console-muted">{formatDateTime(n.createdAt, locale)}</p>
              {n.reason && (
                <p>
                  <strong>{t(n.kind.startsWith('appeal.') ? 'NOTICES.NOTE' : 'NOTICES.REASON')}</strong> {n.reason}
                </p>
              )}
              {n.suspendedUntil && <p>{t('NOTICES.UNTIL', { date: formatDate(n.suspendedUntil, locale) })}</p>}
              {n.appeal && (
                <p>
                  <strong>{t('NOTICES.YOUR_APPEAL')}</strong> {n.appeal.text}{' '}
                  {!n.appeal.outcome && <span className="state-badge state-badge-warning">{t('NOTICES.APPEAL_WAITING')}</span>}
                </p>
              )}
              {n.appealable && <AppealForm notice={n} />}
            </li>
          ))}
        </ul>
      )}
    </PageLayout>
  );
}

export default withQueryClient(NoticesPage);
