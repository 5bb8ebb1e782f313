import { USER_REPORT_REASONS } from '@spotlist/contracts';
import { useState } from 'react';
import { useTranslation, type TFunction } from '../../../lib/translator';
import { useReportUser, type UserReportReason } from '../api/profile';
import { errorText } from '../../../lib/error-text';

const REASON_KEYS: Record<UserReportReason, string> = {
  spam: 'PEOPLE.REPORT_REASON.SPAM',
  harassment: 'PEOPLE.REPORT_REASON.HARASSMENT',
  fake: 'PEOPLE.REPORT_REASON.FAKE',
  inappropriate: 'PEOPLE.REPORT_REASON.INAPPROPRIATE',
  other: 'PEOPLE.REPORT_REASON.OTHER',
};

/**
 * Asks why a user is reported: an ion-alert (loaded with the first question, as
 * components/report-reason.ts does for places) with one radio per USER_REPORT_REASONS key.
 * Answers the reason, or null when cancelled.
 */
async function askReason(t: TFunction, name: string): Promise<UserReportReason | null> {
  const { presentAlert } = await import('../../../components/ionic/alert');
  const { role, data } = await presentAlert({
    header: t('PEOPLE.REPORT_TITLE', { name }),
    message: t('PEOPLE.REPORT_MESSAGE'),
    inputs: USER_REPORT_REASONS.map((reason, i) => ({
      type: 'radio' as const,
      label: t(REASON_KEYS[reason]),
      value: reason,
      checked: i === 0,
    })),
    buttons: [
      { text: t('COMMON.CANCEL'), role: 'cancel' },
      { text: t('PEOPLE.REPORT_SEND'), role: 'confirm' },
    ],
  });
  if (role !== 'confirm') return null;
  // a radio alert answers the chosen value itself
  const value = (data as { values?: unknown } | undefined)?.values;
  return USER_REPORT_REASONS.find((r) => r === value) ?? null;
}

/** "Report" on another's profile (Apple's guideline 1.2): a reason, then a thank-you; moderators take it from there. */
export function ReportUser({ userId, name }: { userId: number; name: string }) {
  const { t } = useTranslation();
  const report = useReportUser();
  const [message, setMessage] = useState<{ kind: 'status' | 'alert'; text: string } | null>(null);
  const ask = async () => {
    setMessage(null);
    const reason = await askReason(t, name);
    if (reason === null) return;
    try {
      await report.mutateAsync({ id: userId, reason });
      setMessage({ kind: 'status', text: t('PEOPLE.REPORT_SENT') });
    } catch (error) {
      setMessage({ kind: 'alert', text: errorText(error) });
    }
  };
  return (
    <>
      <button
        type="button"
        className="app-button app-button-small app-button-clear"
        disabled={report.isPending}
        aria-label={t('PEOPLE.REPORT_NAMED', { name })}
        onClick={() => void ask()}
      >
        {t('PEOPLE.REPORT')}
      </button>
      {message && (
        <p className={message.kind === 'status' ? 'form-success people-note' : 'form-error people-note'} role={message.kind}>
          {message.text}
        </p>
      )}
    </>
  );
}
