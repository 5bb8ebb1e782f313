import { UploadStatus } from '@spotlist/contracts';
import { useTranslation } from '../lib/translator';
import { isApiError } from '../lib/api-client';
import type { UploadItem, UploadMessageKind } from '../lib/uploads/queue';
import { IonProgressBar } from './ionic/ion-progress-bar';
import './uploads.css';

const STATUS_KEYS: Record<UploadStatus, string> = {
  New: 'UPLOAD.STATUS_NEW',
  Start: 'UPLOAD.STATUS_START',
  Progress: 'UPLOAD.STATUS_PROGRESS',
  Done: 'UPLOAD.STATUS_DONE',
  Error: 'UPLOAD.STATUS_ERROR',
  Cancel: 'UPLOAD.STATUS_CANCEL',
};

/** SPEC §8 texts (English exactly as the contracts' UploadMessage). */
export const UPLOAD_MESSAGE_KEYS: Record<UploadMessageKind, string> = {
  failed: 'UPLOAD.FAILED',
  nothing: 'UPLOAD.NOTHING',
};

const RUNNING: ReadonlySet<UploadStatus> = new Set([UploadStatus.New, UploadStatus.Start, UploadStatus.Progress]);

/**
 * One upload item (SPEC §3, §4): its status, a progress bar with the percent, Cancel while it
 * runs, Try again after an error or a cancel. The server's reason for a refused file is shown
 * when the app knows its text.
 */
export function UploadProgress<R>({ item, onCancel, onRetry }: { item: UploadItem<R>; onCancel?(): void; onRetry?(): void }) {
  const { t, i18n } = useTranslation();
  const running = RUNNING.has(item.status);
  const reason = isApiError(item.error) && i18n.exists(`ERROR.${item.error.key}`) ? t(`ERROR.${item.error.key}`) : null;
  return (
    <div className="upload-progress" data-status={item.status}>
      <IonProgressBar
        value={item.percent / 100}
        color={item.status === UploadStatus.Error ? 'danger' : item.status === UploadStatus.Done ? 'success' : 'primary'}
        aria-label={t('UPLOAD.PROGRESS_LABEL', { name: item.fileName })}
      />
      <p className="upload-progress-text" role="status">
        {t(STATUS_KEYS[item.status])} · {item.percent} %{reason && ` · ${reason}`}
      </p>
      {running && onCancel && (
        <button type="button" className="app-button app-button-outline app-button-small" onClick={onCancel}>
          {t('UPLOAD.CANCEL')}
        </button>
      )}
      {(item.status === UploadStatus.Error || item.status === UploadStatus.Cancel) && onRetry && (
        <button type="button" className="app-button app-button-outline app-button-small" onClick={onRetry}>
          {t('UPLOAD.RETRY')}
        </button>
      )}
    </div>
  );
}

/** The queue's SPEC §8 message, shown as an alert next to the uploads. */
export function UploadMessageText({ kind }: { kind: UploadMessageKind | null }) {
  const { t } = useTranslation();
  if (!kind) return null;
  return (
    <p className={kind === 'failed' ? 'field-error upload-message' : 'form-hint upload-message'} role="alert">
      {t(UPLOAD_MESSAGE_KEYS[kind])}
    </p>
  );
}
