import type { TFunction } from '../lib/translator';

/** The longest reason a report takes (contracts ObjectionableSchema). */
const REASON_MAX = 2000;

/**
 * Asks why content is reported (SPEC §7 objectionable/{id}): a dialog with the title and message
 * given and an optional reason. Answers the reason ('' when none was typed), or null when the
 * dialog was cancelled. ion-alert loads with the first question (components/ionic/alert).
 */
export async function askReportReason(t: TFunction, header: string, message: string): Promise<string | null> {
  const { presentAlert } = await import('./ionic/alert');
  const { role, data } = await presentAlert({
    header,
    message,
    inputs: [
      {
        name: 'reason',
        type: 'textarea',
        placeholder: t('PLACE.REPORT_REASON'),
        attributes: { maxlength: REASON_MAX, 'aria-label': t('PLACE.REPORT_REASON') },
      },
    ],
    buttons: [
      { text: t('COMMON.CANCEL'), role: 'cancel' },
      { text: t('PLACE.REPORT_SEND'), role: 'confirm' },
    ],
  });
  if (role !== 'confirm') return null;
  return (data as { values?: { reason?: string } } | undefined)?.values?.reason ?? '';
}
