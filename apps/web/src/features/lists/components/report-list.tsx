import { useState } from 'react';
import { useTranslation } from '../../../lib/translator';
import { isApiError } from '../../../lib/api-client';
import { askReportReason } from '../../../components/report-reason';
import { useReportList } from '../api/lists';

/**
 * "Report this list" for a list the reader sees but does not own (Apple's guideline 1.2: users flag
 * objectionable content): a reason in a dialog, then a thank-you; the moderators take it from there.
 */
export function ReportList({ listId }: { listId: number }) {
  const { t } = useTranslation();
  const report = useReportList();
  const [message, setMessage] = useState<{ kind: 'status' | 'alert'; text: string } | null>(null);
  const ask = async () => {
    setMessage(null);
    const reason = await askReportReason(t, t('LISTS.REPORT_TITLE'), t('LISTS.REPORT_MESSAGE'));
    if (reason === null) return;
    try {
      await report.mutateAsync({ id: listId, reason });
      setMessage({ kind: 'status', text: t('PLACE.REPORT_SENT') });
    } catch (error) {
      setMessage({ kind: 'alert', text: t(`ERROR.${isApiError(error) ? error.key : 'error.unknown'}`) });
    }
  };
  return (
    <div>
      <button type="button" className="app-button app-button-clear app-button-small" onClick={() => void ask()} disabled={report.isPending}>
        {t('LISTS.REPORT')}
      </button>
      {message && (
        <p className={message.kind === 'status' ? 'form-success' : 'form-error'} role={message.kind}>
          {message.text}
        </p>
      )}
    </div>
  );
}
