import { RESUMABLE_UPLOAD_PATH, UPLOAD_FORM_KEYS } from '@spotlist/contracts';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, setXsrfCookie, storeLoggedInUser } from '../../test/fixtures';
import { fakeXhr } from '../../test/fake-xhr';
import { server } from '../../test/server';
import { ApiError } from '../api-client';
import { authStore } from '../auth-store';
import { appEvents } from '../events';
import type { UploadProgressHooks } from './queue';
import { apiPathOf, isRetryableUpload, uploadMultipart, UploadClientHttpStack } from './transport';

function hooks(signal = new AbortController().signal): UploadProgressHooks & { sent: number } {
  const h = {
    sent: 0,
    signal,
    onSent: () => {
      h.sent += 1;
    },
    onProgress: vi.fn(),
  };
  return h;
}

describe('multipart upload (SPEC §7, §9)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('posts file, data and extraData under the SPEC form keys with the api client headers, reporting Sent and progress', async () => {
    storeLoggedInUser({ authtoken: 'token-1' });
    setXsrfCookie('xsrf-9');
    const xhr = fakeXhr({ status: 200, body: '{"ok":true}' });
    const file = new File(['jpeg-bytes'], 'pic.jpg', { type: 'image/jpeg' });
    const h = hooks();
    const answer = await uploadMultipart('/document/upload', file, { fileName: 'pic.jpg', data: { name: 'Pic' }, extraData: { x: 1 } }, h);
    expect(answer).toEqual({ ok: true });
    const sent = xhr.sent[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe(`${location.origin}/api/document/upload`);
    expect(sent.headers['x-auth-token']).toBe('token-1');
    expect(sent.headers['x-xsrf-token']).toBe('xsrf-9');
    expect(sent.headers['app-language']).toBe('en');
    // the browser writes the multipart content type with its boundary
    expect(sent.headers['content-type']).toBeUndefined();
    const form = sent.body as FormData;
    expect([...form.keys()]).toEqual([UPLOAD_FORM_KEYS.data, UPLOAD_FORM_KEYS.extraData, UPLOAD_FORM_KEYS.file]);
    const part = form.get(UPLOAD_FORM_KEYS.file) as File;
    expect(part.name).toBe('pic.jpg');
    expect(await part.text()).toBe('jpeg-bytes');
    expect(JSON.parse(form.get(UPLOAD_FORM_KEYS.data) as string)).toEqual({ name: 'Pic' });
    expect(JSON.parse(form.get(UPLOAD_FORM_KEYS.extraData) as string)).toEqual({ x: 1 });
    // SPEC §4: Sent, then the progress events of the upload
    expect(h.sent).toBe(1);
    expect(h.onProgress).toHaveBeenCalledWith(5, 10);
    expect(h.onProgress).toHaveBeenCalledWith(10, 10);
  });

  it('leaves extraData out when there is none and sends data {} by default', async () => {
    storeLoggedInUser();
    setXsrfCookie();
    const xhr = fakeXhr({ status: 200, body: '{}' });
    await uploadMultipart('/myprofile/image/update', new Blob(['x'], { type: 'image/jpeg' }), { fileName: 'a.jpg' }, hooks());
    const form = xhr.sent[0]!.body as FormData;
    expect(form.get(UPLOAD_FORM_KEYS.data)).toBe('{}');
    expect(form.has(UPLOAD_FORM_KEYS.extraData)).toBe(false);
  });

  it('refreshes the token on 401 and sends the file again (like every api call)', async () => {
    storeLoggedInUser({ authtoken: 'old' });
    setXsrfCookie();
    const tokens: (string | null)[] = [];
    server.use(
      http.post('/api/myprofile/image/update', ({ request }) => {
        tokens.push(request.headers.get('x-auth-token'));
        return request.headers.get('x-auth-token') === 'new'
          ? HttpResponse.json({ done: true })
          : HttpResponse.json({ key: 'error.auth.required' }, { status: 401 });
      }),
      http.post('/api/login', () => HttpResponse.json(makeUser({ authtoken: 'new' }))),
    );
    expect(await uploadMultipart('/myprofile/image/update', new Blob(['x']), { fileName: 'a.jpg' }, hooks())).toEqual({ done: true });
    expect(tokens).toEqual(['old', 'new']);
    expect(authStore.getState().stored?.authtoken).toBe('new');
  });

  it('fails with the server key, silently (the queue tells the user)', async () => {
    storeLoggedInUser();
    setXsrfCookie();
    const events = vi.fn();
    const off = appEvents.on('api-error', events);
    server.use(http.post('/api/document/upload', () => HttpResponse.json({ key: 'error.document.type' }, { status: 415 })));
    const failure = uploadMultipart('/document/upload', new Blob(['x']), { fileName: 'a.exe' }, hooks());
    await expect(failure).rejects.toMatchObject({ key: 'error.document.type', status: 415 });
    off();
    expect(events).not.toHaveBeenCalled();
  });

  it('stops when cancelled', async () => {
    storeLoggedInUser();
    setXsrfCookie();
    server.use(http.post('/api/document/upload', () => new Promise<Response>(() => undefined)));
    const controller = new AbortController();
    const failure = uploadMultipart('/document/upload', new Blob(['x']), { fileName: 'a.jpg' }, hooks(controller.signal));
    controller.abort();
    await expect(failure).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('retry decision', () => {
  it('retries the network and the server trouble, not a refused file', () => {
    expect(isRetryableUpload(new ApiError('error.unavailable', 0, '/x'))).toBe(true);
    expect(isRetryableUpload(new ApiError('error.unknown', 503, '/x'))).toBe(true);
    expect(isRetryableUpload(new ApiError('error.rate', 429, '/x'))).toBe(true);
    expect(isRetryableUpload(new ApiError('error.document.type', 415, '/x'))).toBe(false);
    expect(isRetryableUpload(new ApiError('error.validation', 400, '/x'))).toBe(false);
    expect(isRetryableUpload(new Error('ours'))).toBe(false);
  });
});

describe('resumable uploads through the upload client', () => {
  it('turns api addresses into client paths and refuses others', () => {
    expect(apiPathOf(RESUMABLE_UPLOAD_PATH)).toBe('/document/resumable');
    expect(apiPathOf(`${location.origin}/api/document/resumable/abc123?x=1`)).toBe('/document/resumable/abc123?x=1');
    expect(() => apiPathOf('https://elsewhere.example/api/document/resumable/abc')).toThrow();
    expect(() => apiPathOf('/other/path')).toThrow();
  });

  it("sends tus requests with tus's headers and body plus the client's auth headers, and answers the status", async () => {
    storeLoggedInUser({ authtoken: 'token-1' });
    setXsrfCookie('xsrf-2');
    let patch: { headers: Headers; body: string } | undefined;
    server.use(
      http.patch('/api/document/resumable/:id', async ({ request }) => {
        patch = { headers: request.headers, body: await request.text() };
        return new HttpResponse(null, { status: 204, headers: { 'Upload-Offset': '5', 'Upload-Document-Id': '42' } });
      }),
      http.head('/api/document/resumable/:id', () => HttpResponse.json({ key: 'error.not.found' }, { status: 404 })),
    );
    const stack = new UploadClientHttpStack(new AbortController().signal);
    const req = stack.createRequest('PATCH', `${location.origin}/api/document/resumable/abc12345`);
    req.setHeader('Tus-Resumable', '1.0.0');
    req.setHeader('Upload-Offset', '0');
    req.setHeader('Content-Type', 'application/offset+octet-stream');
    const res = await req.send(new Blob(['hello']));
    expect(res.getStatus()).toBe(204);
    expect(res.getHeader('Upload-Offset')).toBe('5');
    expect(res.getHeader('Upload-Document-Id')).toBe('42');
    expect(patch!.body).toBe('hello');
    expect(patch!.headers.get('tus-resumable')).toBe('1.0.0');
    expect(patch!.headers.get('content-type')).toBe('application/offset+octet-stream');
    expect(patch!.headers.get('x-auth-token')).toBe('token-1');
    expect(patch!.headers.get('x-xsrf-token')).toBe('xsrf-2');

    // a refused resume is a status for tus to decide on, not an exception
    const head = await stack.createRequest('HEAD', '/api/document/resumable/abc12345').send(null);
    expect(head.getStatus()).toBe(404);
  });
});
