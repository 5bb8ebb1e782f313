import { vi } from 'vitest';

/**
 * A stand-in XMLHttpRequest for what the mock server cannot see (a multipart FormData body, upload
 * progress): records each request and answers `answer`.
 */
export function fakeXhr(answer: { status: number; body: string }) {
  const sent: { method: string; url: string; headers: Record<string, string>; body: unknown }[] = [];
  class FakeXhr extends EventTarget {
    upload = new EventTarget();
    status = 0;
    statusText = '';
    responseText = '';
    responseType = '';
    withCredentials = false;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private req = { method: '', url: '', headers: {} as Record<string, string>, body: null as unknown };
    open(method: string, url: string) {
      this.req.method = method;
      this.req.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.req.headers[name.toLowerCase()] = value;
    }
    getAllResponseHeaders() {
      return 'content-type: application/json\r\n';
    }
    abort() {
      this.onabort?.();
    }
    send(body: unknown) {
      this.req.body = body;
      sent.push(this.req);
      setTimeout(() => {
        this.upload.dispatchEvent(new Event('loadstart'));
        for (const loaded of [5, 10]) {
          this.upload.dispatchEvent(Object.assign(new Event('progress'), { lengthComputable: true, loaded, total: 10 }));
        }
        this.status = answer.status;
        this.responseText = answer.body;
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { sent };
}
