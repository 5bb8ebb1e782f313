import { RESUMABLE_THRESHOLD_BYTES } from '@spotlist/contracts';
import { isApiError } from '../api-client';
import type { UploadProgressHooks } from './queue';
import { uploadClient, uploadMultipart, uploadResumable } from './transport';

/** Where a picture goes: a picture route (`/myprofile/image/update`, `/widgetpoi/image/update`, …) and its `data` {id}. */
export interface PictureTarget {
  path: string;
  /** The profile id / widget POI id / place id the route names. */
  id: number;
  fileName: string;
}

/** Documents a resumable upload already made of a picked file: a retry only repeats the short call. */
const uploaded = new WeakMap<Blob, number>();

/**
 * A picture upload (profile picture, logo, widget POI picture; SPEC §7). Below
 * RESUMABLE_THRESHOLD_BYTES the file goes multipart to the target as `file` + `data` {id}; at or
 * above it, through the resumable (tus) endpoint (`uploadResumable`: 1 MiB chunks, tus's retries,
 * its progress on `hooks`, tus-js-client loaded only then), and the document it became is then
 * POSTed to the target as JSON `{ id, documentId }`. Answers the target's answer either way.
 *
 * When that last call fails with a network or server error, the queue's retry sends only it again
 * (the document is remembered for the file). When the target refuses the document (a 4xx), the
 * document is deleted, so no unused copy stays in the user's storage.
 */
export async function uploadPicture<T = unknown>(file: Blob, target: PictureTarget, hooks: UploadProgressHooks): Promise<T> {
  if (file.size < RESUMABLE_THRESHOLD_BYTES) {
    return uploadMultipart<T>(target.path, file, { fileName: target.fileName, data: { id: target.id } }, hooks);
  }
  let documentId = uploaded.get(file);
  if (documentId === undefined) {
    documentId = await uploadResumable(file, { fileName: target.fileName }, hooks);
    uploaded.set(file, documentId);
  } else {
    hooks.onSent();
    hooks.onProgress(file.size, file.size);
  }
  try {
    const answer = await uploadClient.request<T>(target.path, {
      method: 'POST',
      body: { id: target.id, documentId },
      silent: true,
      signal: hooks.signal,
    });
    uploaded.delete(file);
    return answer;
  } catch (error) {
    if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429) {
      uploaded.delete(file);
      await uploadClient
        .request(`/document/delete/${documentId}`, { method: 'DELETE', silent: true })
        .catch((e: unknown) => console.warn('refused picture document not deleted', e));
    }
    throw error;
  }
}
