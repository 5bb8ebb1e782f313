import { RESUMABLE_THRESHOLD_BYTES, RESUMABLE_UPLOAD_PATH, UPLOAD_CHUNK_BYTES, UPLOAD_FORM_KEYS } from '@spotlist/contracts';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeXhr } from '../../test/fake-xhr';
import { setXsrfCookie, storeLoggedInUser } from '../../test/fixtures';
import { server } from '../../test/server';
import { RETRY_DELAYS_MS, type UploadProgressHooks } from './queue';

/** tus-js-client stand-in: records the options and lets the test finish the upload. */
const tus = vi.hoisted(() => {
  class Upload {
    url: string | null = null;
    started = false;
    constructor(
      readonly file: Blob,
      readonly options: Record<string, unknown>,
    ) {
      state.uploads.push(this);
    }
    findPreviousUploads() {
      return Promise.resolve([]);
    }
    resumeFromPreviousUpload() {}
    start() {
      this.started = true;
    }
    abort() {
      return Promise.resolve();
    }
  }
  const state = { loaded: 0, uploads: [] as Upload[] };
  return { state, Upload };
});

vi.mock('tus-js-client', () => {
  tus.state.loaded += 1;
  return { Upload: tus.Upload };
});

const { uploadPicture } = await import('./picture');
const { isRetryableUpload } = await import('./transport');

function hooks(): UploadProgressHooks {
  return { signal: new AbortController().signal, onSent: vi.fn(), onProgress: vi.fn() };
}

const TARGET = { path: '/myprofile/image/update', id: 7, fileName: 'photo.jpg' };
const big = () => new File([new Uint8Array(RESUMABLE_THRESHOLD_BYTES)], 'photo.jpg', { type: 'image/jpeg' });
const header = (name: string, value: string) => ({ getHeader: (n: string) => (n === name ? value : undefined) });

/** Lets the latest tus upload finish as document `id` (the last PATCH's Upload-Document-Id). */
async function finishTus(id: number) {
  await vi.waitFor(() => expect(tus.state.uploads.at(-1)?.started).toBe(true));
  const { options } = tus.state.uploads.at(-1)!;
  (options.onProgress as (a: number, b: number) => void)(RESUMABLE_THRESHOLD_BYTES, RESUMABLE_THRESHOLD_BYTES);
  (options.onAfterResponse as (req: unknown, res: unknown) => void)({}, header('Upload-Document-Id', String(id)));
  (options.onSuccess as () => void)();
  return options;
}

describe('uploadPicture', () => {
  beforeEach(() => {
    storeLoggedInUser();
    setXsrfCookie();
    tus.state.uploads.length = 0;
    tus.state.loaded = 0;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends a small picture multipart to the target with data {id}, without loading tus', async () => {
    const xhr = fakeXhr({ status: 200, body: '{"id":7,"answer":"profile"}' });
    const small = new File([new Uint8Array(RESUMABLE_THRESHOLD_BYTES - 1)], 'photo.jpg', { type: 'image/jpeg' });
    await expect(uploadPicture(small, TARGET, hooks())).resolves.toEqual({ id: 7, answer: 'profile' });
    expect(xhr.sent).toHaveLength(1);
    const sent = xhr.sent[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe(`${location.origin}/api/myprofile/image/update`);
    const form = sent.body as FormData;
    expect(JSON.parse(form.get(UPLOAD_FORM_KEYS.data) as string)).toEqual({ id: 7 });
    const part = form.get(UPLOAD_FORM_KEYS.file) as File;
    expect(part.name).toBe('photo.jpg');
    expect(part.size).toBe(RESUMABLE_THRESHOLD_BYTES - 1);
    expect(tus.state.loaded).toBe(0);
    expect(tus.state.uploads).toHaveLength(0);
  });

  it('sends a picture of the threshold size through tus (1 MiB chunks, retries, progress), then POSTs {id, documentId} as JSON', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/myprofile/image/update', async ({ request }) => {
        expect(request.headers.get('content-type')).toBe('application/json');
        bodies.push(await request.json());
        return HttpResponse.json({ id: 7, answer: 'profile' });
      }),
    );
    const h = hooks();
    const done = uploadPicture(big(), TARGET, h);
    const options = await finishTus(42);
    expect(options).toMatchObject({
      endpoint: `${location.origin}${RESUMABLE_UPLOAD_PATH}`,
      chunkSize: UPLOAD_CHUNK_BYTES,
      retryDelays: [...RETRY_DELAYS_MS],
      metadata: { filename: 'photo.jpg', filetype: 'image/jpeg' },
    });
    await expect(done).resolves.toEqual({ id: 7, answer: 'profile' });
    expect(bodies).toEqual([{ id: 7, documentId: 42 }]);
    expect(h.onSent).toHaveBeenCalled();
    expect(h.onProgress).toHaveBeenCalledWith(RESUMABLE_THRESHOLD_BYTES, RESUMABLE_THRESHOLD_BYTES);
  });

  it('after a server error on the JSON call, a retry of the same file sends only the JSON call again', async () => {
    let calls = 0;
    server.use(
      http.post('/api/widgetpoi/image/update', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.json({ key: 'error.unavailable' }, { status: 503 }) : HttpResponse.json({ id: 3, pois: [] });
      }),
    );
    const file = big();
    const target = { path: '/widgetpoi/image/update', id: 3, fileName: 'poi.jpg' };
    const first = uploadPicture(file, target, hooks());
    await finishTus(55);
    const error = await first.catch((e: unknown) => e);
    expect(isRetryableUpload(error)).toBe(true);
    await expect(uploadPicture(file, target, hooks())).resolves.toEqual({ id: 3, pois: [] });
    expect(tus.state.uploads).toHaveLength(1);
    expect(calls).toBe(2);
  });

  it('deletes the uploaded document when the target refuses it', async () => {
    const deleted: string[] = [];
    server.use(
      http.post('/api/myprofile/logo/update', () => HttpResponse.json({ key: 'error.logo.businessonly' }, { status: 403 })),
      http.delete('/api/document/delete/:id', ({ params }) => {
        deleted.push(String(params.id));
        return HttpResponse.json({ ok: true });
      }),
    );
    const done = uploadPicture(big(), { ...TARGET, path: '/myprofile/logo/update' }, hooks());
    await finishTus(61);
    const error = await done.catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, key: 'error.logo.businessonly' });
    expect(isRetryableUpload(error)).toBe(false);
    expect(deleted).toEqual(['61']);
  });
});
