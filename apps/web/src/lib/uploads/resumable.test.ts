import { RESUMABLE_THRESHOLD_BYTES, RESUMABLE_UPLOAD_PATH, UPLOAD_CHUNK_BYTES, type DocumentView } from '@spotlist/contracts';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie, storeLoggedInUser } from '../../test/fixtures';
import { server } from '../../test/server';
import { RETRY_DELAYS_MS, type UploadProgressHooks } from './queue';

/** tus-js-client stand-in: records the options and lets the test finish the upload. */
const tus = vi.hoisted(() => {
  class Upload {
    url: string | null = null;
    started = false;
    resumedFrom: unknown = null;
    constructor(
      readonly file: Blob,
      readonly options: Record<string, unknown>,
    ) {
      state.uploads.push(this);
    }
    findPreviousUploads() {
      return Promise.resolve(state.previous);
    }
    resumeFromPreviousUpload(previous: unknown) {
      this.resumedFrom = previous;
    }
    start() {
      this.started = true;
    }
    abort() {
      return Promise.resolve();
    }
  }
  const state = { loaded: 0, uploads: [] as Upload[], previous: [] as unknown[] };
  return { state, Upload };
});

vi.mock('tus-js-client', () => {
  tus.state.loaded += 1;
  return { Upload: tus.Upload };
});

const { uploadDocument } = await import('./transport');

function hooks(): UploadProgressHooks {
  return { signal: new AbortController().signal, onSent: vi.fn(), onProgress: vi.fn() };
}

const doc = (id: number): DocumentView => ({
  id,
  fileName: 'film.mp4',
  mimeType: 'application/pdf',
  sizeBytes: RESUMABLE_THRESHOLD_BYTES,
  width: null,
  height: null,
  sha256: 'a'.repeat(64),
  visibility: 1,
  entityType: null,
  entityId: null,
  data: {},
  extraData: null,
  url: `/api/document/${id}/file`,
  urlThumb240: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
});

const big = () => new File([new Uint8Array(RESUMABLE_THRESHOLD_BYTES)], 'manual.pdf', { type: 'application/pdf' });
const header = (name: string, value: string) => ({ getHeader: (n: string) => (n === name ? value : undefined) });

describe('resumable uploads (tus) for big files', () => {
  beforeEach(() => {
    storeLoggedInUser();
    setXsrfCookie();
    tus.state.uploads.length = 0;
    tus.state.previous = [];
  });

  it('does not load tus for a small file', async () => {
    server.use(http.post('/api/document/upload', () => HttpResponse.json(doc(3))));
    // a small upload goes multipart (the mock server sees it; its body is not read here)
    await expect(uploadDocument(new Blob(['x']), { fileName: 'a.pdf' }, hooks())).resolves.toMatchObject({ id: 3 });
    expect(tus.state.loaded).toBe(0);
  });

  it('sends a file of the threshold size through tus: endpoint, 1 MiB chunks, 3 retries, metadata; the last PATCH names the document', async () => {
    server.use(http.get('/api/document/42', () => HttpResponse.json(doc(42))));
    const h = hooks();
    const done = uploadDocument(big(), { fileName: 'manual.pdf', data: { name: 'Manual' }, extraData: { page: 1 } }, h);
    await vi.waitFor(() => expect(tus.state.uploads[0]?.started).toBe(true));
    expect(tus.state.loaded).toBe(1);
    const { options } = tus.state.uploads[0]!;
    expect(options).toMatchObject({
      endpoint: `${location.origin}${RESUMABLE_UPLOAD_PATH}`,
      chunkSize: UPLOAD_CHUNK_BYTES,
      retryDelays: [...RETRY_DELAYS_MS],
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      metadata: { filename: 'manual.pdf', filetype: 'application/pdf', data: '{"name":"Manual"}', extraData: '{"page":1}' },
    });
    expect((options.retryDelays as number[]).length).toBe(3);
    expect(h.onSent).toHaveBeenCalled();
    (options.onProgress as (a: number, b: number) => void)(UPLOAD_CHUNK_BYTES, RESUMABLE_THRESHOLD_BYTES);
    expect(h.onProgress).toHaveBeenCalledWith(UPLOAD_CHUNK_BYTES, RESUMABLE_THRESHOLD_BYTES);
    (options.onAfterResponse as (req: unknown, res: unknown) => void)({}, header('Upload-Document-Id', '42'));
    (options.onSuccess as () => void)();
    await expect(done).resolves.toMatchObject({ id: 42, url: '/api/document/42/file' });
  });

  it('resumes from a stored fingerprint and asks the server for the document when the header was not seen', async () => {
    const previous = { uploadUrl: '/api/document/resumable/abcdefgh12', size: RESUMABLE_THRESHOLD_BYTES };
    tus.state.previous = [previous];
    server.use(
      http.get('/api/document/resumable/:uploadId/document', ({ params }) =>
        params.uploadId === 'abcdefgh12'
          ? HttpResponse.json(doc(77))
          : HttpResponse.json({ key: 'error.document.notfound' }, { status: 404 }),
      ),
      http.get('/api/document/77', () => HttpResponse.json(doc(77))),
    );
    const done = uploadDocument(big(), { fileName: 'manual.pdf' }, hooks());
    await vi.waitFor(() => expect(tus.state.uploads[0]?.started).toBe(true));
    const upload = tus.state.uploads[0]!;
    expect(upload.resumedFrom).toBe(previous);
    // the answer with the header got lost: tus knows only its url
    upload.url = `${location.origin}${previous.uploadUrl}`;
    (upload.options.onSuccess as () => void)();
    await expect(done).resolves.toMatchObject({ id: 77 });
  });

  it('fails for good (no queue retry) when tus gives up', async () => {
    const done = uploadDocument(big(), { fileName: 'manual.pdf' }, hooks());
    await vi.waitFor(() => expect(tus.state.uploads[0]?.started).toBe(true));
    (tus.state.uploads[0]!.options.onError as (e: Error) => void)(new Error('tus: failed to upload chunk'));
    const error = await done.catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ResumableUploadError', retryable: false });
    const { isRetryableUpload } = await import('./transport');
    expect(isRetryableUpload(error)).toBe(false);
  });
});
