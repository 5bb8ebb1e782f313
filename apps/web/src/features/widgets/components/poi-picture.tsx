import { UploadStatus, type WidgetDetail, type WidgetPoiView } from '@spotlist/contracts';
import { useTranslation } from '../../../lib/translator';
import { PicturePicker } from '../../../components/picture-picker';
import { UploadMessageText, UploadProgress } from '../../../components/upload-progress';
import { uploadPicture } from '../../../lib/uploads/picture';
import { isRetryableUpload } from '../../../lib/uploads/transport';
import { useUploadQueue } from '../../../lib/uploads/use-upload-queue';
import { apiResourceUrl } from '../../../lib/image';

const isDetail = (v: unknown): v is WidgetDetail =>
  typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'number' && Array.isArray((v as { pois?: unknown }).pois);

/**
 * A POI's picture (its own chunk: the upload client, queue and picker load when a POI's picture
 * is first opened). The picked file (photo library or camera, components/picture-picker) goes
 * as multipart `file` + `data` {id: widgetPoiId} to POST /api/widgetpoi/image/update (a big one
 * resumably, then as JSON {id, documentId}: lib/uploads/picture) through the upload queue (lib/uploads: progress, SPEC §9 retries of network and server failures, cancel);
 * the answer is the widget with the new picture (else the widget is read again).
 */
export default function PoiPicture({
  poi,
  name,
  onUploaded,
}: {
  poi: WidgetPoiView;
  name: string;
  onUploaded: (answer: WidgetDetail | null) => void;
}) {
  const { t } = useTranslation();
  const { queue, state } = useUploadQueue<unknown>({
    send: (item, hooks) => uploadPicture(item.file, { path: '/widgetpoi/image/update', id: poi.id, fileName: item.fileName }, hooks),
    retryable: isRetryableUpload,
    onDone: (item) => onUploaded(isDetail(item.result) ? item.result : null),
  });
  const item = state.items.at(-1);
  const running = item?.status === UploadStatus.Start || item?.status === UploadStatus.Progress;
  // one picture at a time: a new pick replaces what was there (a running upload is cancelled)
  const onPicked = (file: File) => void queue.replaceWith(file);
  return (
    <div className="poi-picture" role="group" aria-label={t('WIDGETS.PICTURE_OF', { name })}>
      {poi.picture ? (
        <img
          src={apiResourceUrl(poi.picture.urlThumb240)}
          alt={t('WIDGETS.PICTURE_OF', { name })}
          width={96}
          height={96}
          className="poi-picture-current"
        />
      ) : (
        <span className="form-hint">{t('WIDGETS.NO_PICTURE')}</span>
      )}
      <PicturePicker
        label={t('WIDGETS.CHOOSE_PICTURE')}
        onPicked={onPicked}
        disabled={running}
        className="app-button app-button-small app-button-outline"
      />
      {item && <UploadProgress item={item} onCancel={() => queue.cancel(item.id)} onRetry={() => void queue.retry(item.id)} />}
      <UploadMessageText kind={state.message} />
    </div>
  );
}
