/**
 * A `fetch` made of XMLHttpRequest, for the upload client (`transport.ts`): fetch reports no upload
 * progress, XMLHttpRequest does. What a request needs beyond fetch's arguments (progress
 * listeners, extra headers, a raw body) is attached to its AbortSignal with `withXhr`, so the api
 * client's own request flow (headers, XSRF, token refresh and retry, error keys) stays untouched.
 */
export interface XhrExtras {
  /** The body started to go out (SPEC §4 "Sent"). */
  onUploadStart?(): void;
  onUploadProgress?(loaded: number, total: number): void;
  /** Headers added to (and overriding) the api client's. */
  headers?: Record<string, string>;
  /** Sent instead of the api client's body (a Blob chunk of a resumable upload). */
  body?: XMLHttpRequestBodyInit | null;
}

const extras = new WeakMap<AbortSignal, XhrExtras>();

/** Attaches `x` to `signal` (one signal per upload). */
export function withXhr(signal: AbortSignal, x: XhrExtras): AbortSignal {
  extras.set(signal, x);
  return signal;
}

const NULL_BODY = new Set([101, 204, 205, 304]);

function parseHeaders(raw: string): Headers {
  const h = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const i = line.indexOf(':');
    if (i > 0) {
      try {
        h.append(line.slice(0, i).trim(), line.slice(i + 1).trim());
      } catch {
        // a header a Response cannot carry: not needed
      }
    }
  }
  return h;
}

export function xhrFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  return new Promise((resolve, reject) => {
    const signal = init.signal ?? undefined;
    const x = (signal && extras.get(signal)) || {};
    if (signal?.aborted) return reject(new DOMException('Aborted', 'AbortError'));
    const xhr = new XMLHttpRequest();
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    xhr.open(init.method ?? 'GET', url, true);
    xhr.withCredentials = init.credentials === 'include';
    new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
    for (const [name, value] of Object.entries(x.headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.responseType = 'text';
    if (x.onUploadStart) xhr.upload.addEventListener('loadstart', () => x.onUploadStart?.());
    if (x.onUploadProgress) {
      xhr.upload.addEventListener('progress', (e) => {
        if (e.lengthComputable) x.onUploadProgress?.(e.loaded, e.total);
      });
    }
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      if (xhr.status < 200 || xhr.status > 599) return reject(new TypeError('Network request failed'));
      const body = NULL_BODY.has(xhr.status) || init.method === 'HEAD' ? null : (xhr.responseText as string);
      resolve(new Response(body, { status: xhr.status, statusText: xhr.statusText, headers: parseHeaders(xhr.getAllResponseHeaders()) }));
    };
    xhr.onerror = () => {
      done();
      reject(new TypeError('Network request failed'));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      done();
      reject(new DOMException('Aborted', 'AbortError'));
    };
    xhr.send(x.body !== undefined ? x.body : ((init.body as XMLHttpRequestBodyInit | null | undefined) ?? null));
  });
}
