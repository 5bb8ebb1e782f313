import {
  RESUMABLE_THRESHOLD_BYTES,
  RESUMABLE_UPLOAD_PATH,
  UPLOAD_CHUNK_BYTES,
  UPLOAD_DOCUMENT_ID_HEADER,
  UPLOAD_FORM_KEYS,
  type DocumentView,
} from '@spotlist/contracts';
import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';
import { createApiClient, isApiError, readDocumentCookie, type Method } from '../api-client';
import { authStore } from '../auth-store';
import { config } from '../config';
import { appEvents } from '../events';
import { getCurrentLanguage } from '../language';
import { RETRY_DELAYS_MS, type UploadProgressHooks } from './queue';
import { withXhr, xhrFetch } from './xhr-fetch';

/**
 * How a file reaches the server (SPEC §7 Documents and uploads).
 *
 * The upload client is the app's api client (`lib/api-client.ts`: X-Auth-Token, app-language,
 * X-XSRF-TOKEN and its priming, one token refresh and retry on 401, error keys)
 * built over an XMLHttpRequest `fetch` (`xhr-fetch.ts`) so the upload progress is seen. Its
 * answers are silent: the queue decides what the user is told (SPEC §8).
 *
 * - multipart (`uploadMultipart`): file, data (JSON) and extraData (JSON) under the SPEC §9 form
 *   keys; used by POST /api/document/upload and the profile picture/logo endpoints;
 * - resumable (`uploadResumable`): files of RESUMABLE_THRESHOLD_BYTES and more go to the tus
 *   endpoint in UPLOAD_CHUNK_BYTES chunks with the queue's retry delays; tus-js-client loads only
 *   then (dynamic import) and its requests go through the same upload client. An interrupted
 *   upload resumes from the fingerprint tus keeps in localStorage.
 */
export const uploadClient = createApiClient({
  baseUrl: config.apiBase,
  fetch: xhrFetch,
  events: appEvents,
  getStoredUser: () => authStore.getState().stored,
  getLanguage: getCurrentLanguage,
  // an upload says nothing about where the user is (and this keeps the first bundle's exports as they are)
  getLocation: () => null,
  readCookie: readDocumentCookie,
  onTokenRefreshed: (user) => authStore.setToken(user),
  onSessionLost: () => authStore.clear('expired'),
  now: () => Date.now(),
});

export interface UploadParts {
  fileName: string;
  /** The `data` JSON (SPEC §7). */
  data?: Record<string, unknown>;
  /** The optional `extraData` JSON. */
  extraData?: Record<string, unknown> | null;
}

/**
 * Whether the queue should try a failure again: the network or the server's own trouble (status
 * 0, 408, 429, 5xx), not a refused file (other 4xx) nor an error of ours.
 */
export function isRetryableUpload(error: unknown): boolean {
  if (!isApiError(error)) return (error as { retryable?: unknown } | null)?.retryable === true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

const progressOf = (hooks: UploadProgressHooks) =>
  withXhr(hooks.signal, { onUploadStart: hooks.onSent, onUploadProgress: hooks.onProgress });

/** POST multipart (fields first, then the file: a streaming server reads `data` before the bytes). */
export function uploadMultipart<T = unknown>(path: string, file: Blob, parts: UploadParts, hooks: UploadProgressHooks): Promise<T> {
  const form = new FormData();
  form.append(UPLOAD_FORM_KEYS.data, JSON.stringify(parts.data ?? {}));
  if (parts.extraData) form.append(UPLOAD_FORM_KEYS.extraData, JSON.stringify(parts.extraData));
  form.append(UPLOAD_FORM_KEYS.file, file, parts.fileName);
  return uploadClient.request<T>(path, { method: 'POST', body: form, silent: true, signal: progressOf(hooks) });
}

/** An absolute or relative URL of the api → the client's path (`/document/resumable/x`). */
export function apiPathOf(url: string): string {
  const base = typeof location === 'undefined' ? 'http://localhost/' : location.href;
  const u = new URL(url, base);
  const prefix = `${config.apiBase}/`;
  if (u.origin !== new URL(base).origin || !u.pathname.startsWith(prefix)) throw new Error(`not an api address: ${url}`);
  return u.pathname.slice(config.apiBase.length) + u.search;
}

/** tus-js-client's HTTP stack over the upload client (headers, XSRF, refresh on 401 as everywhere). */
export class UploadClientHttpStack implements HttpStack {
  constructor(private readonly outer: AbortSignal) {}
  getName() {
    return 'spotlist-upload-client';
  }
  createRequest(method: string, url: string): HttpRequest {
    const headers: Record<string, string> = {};
    const controller = new AbortController();
    let onProgress: ((sent: number) => void) | null = null;
    const outer = this.outer;
    return {
      getMethod: () => method,
      getURL: () => url,
      setHeader: (name, value) => {
        headers[name] = value;
      },
      getHeader: (name) => headers[name],
      setProgressHandler: (handler) => {
        onProgress = handler;
      },
      getUnderlyingObject: () => controller,
      abort: async () => controller.abort(),
      async send(body: unknown): Promise<HttpResponse> {
        const onOuterAbort = () => controller.abort();
        outer.addEventListener('abort', onOuterAbort, { once: true });
        const signal = withXhr(controller.signal, {
          headers,
          body: (body ?? null) as XMLHttpRequestBodyInit | null,
          onUploadProgress: (loaded) => onProgress?.(loaded),
        });
        try {
          const res = await uploadClient.request<Response>(apiPathOf(url), { method: method as Method, raw: true, silent: true, signal });
          const text = method === 'HEAD' ? '' : await res.text();
          return response(res.status, (name) => res.headers.get(name) ?? undefined, text, res);
        } catch (error) {
          // tus decides on the status (404/410 on resume → a new upload, 409 → re-sync…); a
          // failure without an answer stays an error (tus retries it after its delays)
          if (isApiError(error) && error.status > 0) return response(error.status, () => undefined, '', error);
          throw error;
        } finally {
          outer.removeEventListener('abort', onOuterAbort);
        }
      },
    };
  }
}

const response = (status: number, header: (name: string) => string | undefined, body: string, raw: unknown): HttpResponse => ({
  getStatus: () => status,
  getHeader: header,
  getBody: () => body,
  getUnderlyingObject: () => raw,
});

/** An error tus gave up on (after its own retries): the queue must not retry it again. */
class ResumableUploadError extends Error {
  readonly retryable = false;
  constructor(
    message: string,
    override readonly cause: unknown,
  ) {
    super(message);
    this.name = 'ResumableUploadError';
  }
}

/**
 * Sends a file through the tus endpoint and answers the id of the document it became: the
 * final PATCH answers it in UPLOAD_DOCUMENT_ID_HEADER; when that header was not seen (the
 * answer got lost and the upload was already complete on resume), GET
 * `/document/resumable/{uploadId}/document` names it.
 */
export async function uploadResumable(file: Blob, parts: UploadParts, hooks: UploadProgressHooks): Promise<number> {
  const { Upload } = await import('tus-js-client');
  if (hooks.signal.aborted) throw new DOMException('Aborted', 'AbortError');
  const metadata: Record<string, string> = {
    filename: parts.fileName,
    filetype: file.type || 'application/octet-stream',
    [UPLOAD_FORM_KEYS.data]: JSON.stringify(parts.data ?? {}),
  };
  if (parts.extraData) metadata[UPLOAD_FORM_KEYS.extraData] = JSON.stringify(parts.extraData);
  let documentId: number | null = null;
  const uploadUrl = await new Promise<string>((resolve, reject) => {
    const upload = new Upload(file, {
      // absolute: tus resolves the server's Location against it
      endpoint: new URL(RESUMABLE_UPLOAD_PATH, location.href).href,
      chunkSize: UPLOAD_CHUNK_BYTES,
      retryDelays: [...RETRY_DELAYS_MS],
      metadata,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      httpStack: new UploadClientHttpStack(hooks.signal),
      onProgress: (sent, total) => hooks.onProgress(sent, total),
      onAfterResponse: (_req, res) => {
        const id = Number(res.getHeader(UPLOAD_DOCUMENT_ID_HEADER));
        if (Number.isInteger(id) && id > 0) documentId = id;
      },
      onSuccess: () => resolve(upload.url ?? ''),
      onError: (error) => reject(new ResumableUploadError(error.message, error)),
    });
    hooks.signal.addEventListener(
      'abort',
      () => {
        void upload.abort();
        reject(new DOMException('Aborted', 'AbortError'));
      },
      { once: true },
    );
    upload
      .findPreviousUploads()
      .then((previous) => {
        if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      })
      .catch((error: unknown) => console.warn('no earlier upload to resume', error))
      .finally(() => {
        if (hooks.signal.aborted) return;
        hooks.onSent();
        upload.start();
      });
  });
  if (documentId !== null) return documentId;
  const uploadId = uploadUrl.split('/').pop() ?? '';
  const found = await uploadClient.request<{ id?: unknown }>(`/document/resumable/${encodeURIComponent(uploadId)}/document`, {
    silent: true,
    signal: hooks.signal,
  });
  if (typeof found?.id !== 'number') throw new Error('the finished resumable upload names no document');
  return found.id;
}

/**
 * A stored document, checked structurally: the contracts' DocumentSchema would bring zod into every
 * chunk that uploads (docs/decisions/0013, 0015); the server validates what it sends.
 */
const isDocument = (v: unknown): v is DocumentView =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as { id?: unknown }).id === 'number' &&
  typeof (v as { fileName?: unknown }).fileName === 'string' &&
  typeof (v as { url?: unknown }).url === 'string';

/**
 * POST /api/document/upload (SPEC §7), or the resumable endpoint for big files; answers the
 * stored document.
 */
export async function uploadDocument(file: Blob, parts: UploadParts, hooks: UploadProgressHooks): Promise<DocumentView> {
  if (file.size >= RESUMABLE_THRESHOLD_BYTES) {
    const id = await uploadResumable(file, parts, hooks);
    return uploadClient.request<DocumentView>(`/document/${id}`, { guard: isDocument, silent: true, signal: hooks.signal });
  }
  const answer = await uploadMultipart<unknown>('/document/upload', file, parts, hooks);
  if (!isDocument(answer)) throw new Error('the upload answer is not a document');
  return answer;
}
