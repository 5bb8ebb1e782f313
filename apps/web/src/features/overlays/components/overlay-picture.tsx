import { RESUMABLE_THRESHOLD_BYTES, UploadStatus } from '@spotlist/contracts';
import { useTranslation } from '../../../lib/translator';
import { PicturePicker } from '../../../components/picture-picker';
import { UploadMessageText, UploadProgress } from '../../../components/upload-progress';
import { apiResourceUrl } from '../../../lib/image';
import { isRetryableUpload, uploadMultipart, uploadResumable } from '../../../lib/uploads/transport';
import { useUploadQueue } from '../../../lib/uploads/use-upload-queue';

/** The picture a document id shows (its 240 px thumbnail, the owner's own document). */
export const documentThumb = (documentId: number): string => apiResourceUrl(`/api/document/${documentId}/thumb`);

/**
 * An overlay's one picture: a document of the business. A picked file becomes a document (POST
 * /api/document/upload, a big one resumably) whose id goes into the language's content; the
 * overlay keeps it when the draft is saved. Removing it only unlinks it (the document stays in
 * the business's documents).
 */
export function OverlayPicture({ documentId, onChange }: { documentId: number | null; onChange: (id: number | null) => void }) {
  const { t } = useTranslation();
  const { queue, state } = useUploadQueue<number>({
    send: async (item, hooks) =>
      item.file.size < RESUMABLE_THRESHOLD_BYTES
        ? (await uploadMultipart<{ id: number }>('/document/upload', item.file, { fileName: item.fileName, data: {} }, hooks)).id
        : uploadResumable(item.file, { fileName: item.fileName }, hooks),
    retryable: isRetryableUpload,
    onDone: (item) => typeof item.result === 'number' && onChange(item.result),
  });
  const item = state.items.at(-1);
  const running = item?.status === UploadStatus.Start || item?.status === UploadStatus.Progress;
  return (
    <div className="overlay-picture" role="group" aria-label={t('OVERLAYS.PICTURE')}>
      <span className="rich-text-label">{t('OVERLAYS.PICTURE')}</span>
      {documentId !== null ? (
        <img src={documentThumb(documentId)} alt={t('OVERLAYS.PICTURE')} width={96} height={96} className="poi-picture-current" />
      ) : (
        <span className="form-hint">{t('OVERLAYS.NO_PICTURE')}</span>
      )}
      <div className="row-actions">
        <PicturePicker
          label={t(documentId === null ? 'OVERLAYS.CHOOSE_PICTURE' : 'OVERLAYS.CHANGE_PICTURE')}
          onPicked={(file) => void queue.replaceWith(file)}
          disabled={running}
          className="app-button app-button-small app-button-outline"
        />
        {documentId !== null && (
          <button type="button" className="app-button app-button-small app-button-clear" onClick={() => onChange(null)}>
            {t('OVERLAYS.REMOVE_PICTURE')}
          </button>
        )}
      </div>
      {item && <UploadProgress item={item} onCancel={() => queue.cancel(item.id)} onRetry={() => void queue.retry(item.id)} />}
      <UploadMessageText kind={state.message} />
    </div>
  );
}
