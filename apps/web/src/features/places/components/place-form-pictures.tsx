import { UploadStatus, type PlacePicture } from '@spotlist/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translator';
import { PicturePicker } from '../../../components/picture-picker';
import { UploadMessageText, UploadProgress } from '../../../components/upload-progress';
import type { UploadQueue, UploadQueueState } from '../../../lib/uploads/queue';
import { apiResourceUrl } from '../../../lib/image';

/** The id of an upload's answer (the picture route answers the document). */
export const uploadedId = (result: unknown): number | undefined =>
  typeof result === 'object' && result !== null && typeof (result as { id?: unknown }).id === 'number'
    ? (result as { id: number }).id
    : undefined;

/**
 * The place's pictures in the form: those it has (each with Remove) and the picked ones. For a
 * place that exists, a pick uploads at once (POST /api/place/{id}/picture through the upload
 * queue: progress, SPEC §9 retries, cancel); for a new place, picks wait ("Waiting") until the
 * place is saved, then go up (place-form.tsx). An upload shown as a picture of the place is not
 * listed twice.
 */
export function PlaceFormPictures({
  name,
  pictures,
  queue,
  state,
  saved,
  onPicked,
  onRemove,
}: {
  name: string;
  pictures: readonly PlacePicture[];
  queue: UploadQueue<unknown>;
  state: UploadQueueState<unknown>;
  /** The place exists: picks go up at once. */
  saved: boolean;
  onPicked(file: File): void;
  onRemove(picture: PlacePicture): Promise<void>;
}) {
  const { t } = useTranslation();
  const [removing, setRemoving] = useState<number | null>(null);
  const shown = new Set(pictures.map((p) => p.id));
  const items = state.items.filter((it) => !(it.status === UploadStatus.Done && shown.has(uploadedId(it.result) ?? -1)));
  const remove = async (picture: PlacePicture) => {
    setRemoving(picture.id);
    try {
      await onRemove(picture);
    } finally {
      setRemoving(null);
    }
  };
  return (
    <section className="form-section" aria-labelledby="place-form-pictures">
      <h2 id="place-form-pictures">{t('PLACE.PICTURES')}</h2>
      {pictures.length === 0 && items.length === 0 && <p className="form-hint">{t('PLACE.NO_PICTURES')}</p>}
      {pictures.length > 0 && (
        <ul className="place-pictures" aria-label={t('PLACE.PICTURES')}>
          {pictures.map((p, i) => {
            const label = t('PLACE.PICTURE_N', { n: i + 1, name });
            return (
              <li key={p.id}>
                <img src={apiResourceUrl(p.urlThumb240 ?? p.url)} alt={label} width={160} height={160} />
                <button
                  type="button"
                  className="app-button app-button-small app-button-outline"
                  disabled={removing !== null}
                  aria-label={t('PLACE.REMOVE_PICTURE_NAMED', { picture: label })}
                  onClick={() => void remove(p)}
                >
                  {t('PLACE.REMOVE_PICTURE')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {items.map((item) =>
        item.status === UploadStatus.New && !saved ? (
          <div key={item.id} className="place-pending-picture">
            <span>{t('PLACE.PICTURE_PENDING', { name: item.fileName })}</span>
            <button
              type="button"
              className="app-button app-button-small app-button-outline"
              aria-label={t('PLACE.REMOVE_PICTURE_NAMED', { picture: item.fileName })}
              onClick={() => queue.remove(item.id)}
            >
              {t('PLACE.REMOVE_PICTURE')}
            </button>
          </div>
        ) : (
          <UploadProgress key={item.id} item={item} onCancel={() => queue.cancel(item.id)} onRetry={() => void queue.retry(item.id)} />
        ),
      )}
      <UploadMessageText kind={state.message} />
      <p>
        <PicturePicker label={t('PLACE.ADD_PICTURE')} onPicked={onPicked} className="app-button app-button-small app-button-outline" />
      </p>
    </section>
  );
}
