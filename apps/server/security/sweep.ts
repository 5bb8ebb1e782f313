import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { multipart as formData } from '../test/place-helpers.ts';

/**
 * The sweep's one request and the rules every answer meets: no 5xx, an error body is `{ key }`
 * (with `fields` for validation), nothing slower than SLOW_MS. Each call is counted per part of
 * the sweep, for the summary line each test file prints.
 */
export const SLOW_MS = 5_000;

export interface SweepRequest {
  method: InjectOptions['method'];
  url: string;
  token?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is (multipart, raw JSON text, …). */
  payload?: string | Buffer;
  headers?: Record<string, string>;
  /** The caller's address (rate limits are per address). */
  ip?: string;
}

export interface Answer {
  method: string;
  status: number;
  body: string;
  json: () => unknown;
  headers: LightMyRequestResponse['headers'];
  ms: number;
}

const counts = new Map<string, number>();
const classes = new Map<string, Record<string, number>>();
/** Requests made so far by one part of the sweep. */
export const requestCount = (part: string) => counts.get(part) ?? 0;
/** Answers of one part by status class: `{ '2xx': n, '4xx': m, … }`. */
export const statusClasses = (part: string) => ({ ...classes.get(part) });

export async function send(app: FastifyInstance, part: string, r: SweepRequest): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (r.token !== undefined) headers['x-auth-token'] = r.token;
  if (r.body !== undefined) headers['content-type'] = 'application/json';
  Object.assign(headers, r.headers);
  counts.set(part, requestCount(part) + 1);
  const started = performance.now();
  const res = await app.inject({
    method: r.method,
    url: r.url,
    headers,
    payload: r.body !== undefined ? JSON.stringify(r.body) : r.payload,
    remoteAddress: r.ip ?? '127.0.0.1',
  });
  const ms = performance.now() - started;
  const byClass = classes.get(part) ?? {};
  const cls = `${String(res.statusCode)[0]}xx`;
  byClass[cls] = (byClass[cls] ?? 0) + 1;
  classes.set(part, byClass);
  return {
    method: String(r.method),
    status: res.statusCode,
    body: res.body,
    json: () => JSON.parse(res.body) as unknown,
    headers: res.headers,
    ms,
  };
}

/**
 * What is wrong with an answer by the rules every answer meets, or null: a 5xx, a 4xx whose body
 * is not `{ key }` (`fields` allowed), an answer slower than SLOW_MS.
 */
export function answerProblem(res: Answer): string | null {
  if (res.status >= 500) return `${res.status} ${res.body.slice(0, 200)}`;
  if (res.ms > SLOW_MS) return `took ${Math.round(res.ms)} ms`;
  // a HEAD answer has no body (tus answers its errors by status and headers)
  if (res.status >= 400 && !(res.method === 'HEAD' && res.body === '')) {
    let body: unknown;
    try {
      body = res.json();
    } catch {
      return `${res.status} with a body that is not JSON: ${res.body.slice(0, 120)}`;
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return `${res.status} body is not an object`;
    const b = body as Record<string, unknown>;
    const extra = Object.keys(b).filter((k) => k !== 'key' && k !== 'fields');
    // error.* keys, and SPEC §8's USER_UNVERIFIED
    if (typeof b.key !== 'string' || !/^[A-Za-z][A-Za-z0-9_.]*$/.test(b.key) || extra.length > 0)
      return `${res.status} body is not { key }: ${res.body.slice(0, 200)}`;
    if (b.fields !== undefined) {
      const ok =
        Array.isArray(b.fields) &&
        b.fields.every(
          (f) =>
            typeof f === 'object' &&
            f !== null &&
            typeof (f as { path?: unknown }).path === 'string' &&
            typeof (f as { key?: unknown }).key === 'string',
        );
      if (!ok) return `${res.status} fields are not [{ path, key }]: ${res.body.slice(0, 200)}`;
    }
  }
  return null;
}

export const isSuccess = (status: number) => status >= 200 && status < 300;

/** A short, printable form of a request for failure messages (long values cut). */
export function describeRequest(r: SweepRequest): string {
  const cut = (s: string) => (s.length > 160 ? `${s.slice(0, 160)}…(${s.length})` : s);
  const body = r.body !== undefined ? ` ${cut(JSON.stringify(r.body))}` : r.payload !== undefined ? ` <${r.payload.length} bytes>` : '';
  return `${r.method} ${cut(r.url)}${body}`;
}

/** A multipart/form-data body as a browser's FormData sends it, with its Content-Type header. */
export function multipart(parts: Parameters<typeof formData>[0]) {
  const { payload, contentType } = formData(parts);
  return { payload, headers: { 'content-type': contentType } };
}
