import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from './config.ts';

/**
 * Objects in one bucket by key: the small interface modules use (documents/storage.ts adds its
 * key rules and prefix on top). Keys are passed through as given.
 */
export interface ObjectStore {
  /** `open` gives the bytes; it is called again for each attempt, so a stream can be retried. */
  put(key: string, open: () => Readable, meta: { size: number; contentType: string }): Promise<void>;
  /** The object's bytes, or null when there is no such key. */
  get(key: string): Promise<{ body: Readable; size: number } | null>;
  /** Removes the key; a missing key is not an error (S3 answers 204 either way). */
  delete(key: string): Promise<void>;
}

/** As many attempts as the SDK's standard retry strategy makes for other requests. */
const PUT_ATTEMPTS = 3;
const TRANSIENT_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT']);

/** Worth another attempt: throttling, a server-side fault, a dropped connection. */
function transient(err: unknown): boolean {
  const e = err as { name?: string; code?: string; $metadata?: { httpStatusCode?: number } };
  const status = e.$metadata?.httpStatusCode;
  if (status !== undefined) return status === 429 || status >= 500;
  return e.name === 'TimeoutError' || TRANSIENT_CODES.has(e.code ?? '');
}

/**
 * Without a logger the SDK warns on the console whenever a streaming request fails, because it
 * will not retry it; put() retries such requests itself, so that warning is dropped and other
 * warnings kept. A failed command is thrown to the caller, which logs it: not logged here too.
 */
const sdkLogger = {
  trace() {},
  debug() {},
  info() {},
  warn(...args: unknown[]) {
    if (!String(args[0]).includes('non-retryable streaming request')) console.warn(...args);
  },
  error() {},
};

/**
 * The official SDK behind ObjectStore. The SDK is imported on first use, so a server that keeps
 * its files on disk never loads it. Provider errors (access denied, throttling after the SDK's
 * own retries, network) are thrown as the SDK raised them, so a job or request fails visibly.
 */
export function s3Client(cfg: S3Config): ObjectStore {
  type Sdk = typeof import('@aws-sdk/client-s3');
  let ready: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  const load = () =>
    (ready ??= import('@aws-sdk/client-s3').then(
      (sdk) => ({
        sdk,
        client: new sdk.S3Client({
          region: cfg.region,
          endpoint: cfg.endpoint,
          forcePathStyle: cfg.forcePathStyle,
          credentials: cfg.credentials,
          logger: sdkLogger,
        }),
      }),
      (err: unknown) => {
        ready = undefined; // a failed import is tried again on the next call
        throw err;
      },
    ));

  return {
    async put(key, open, meta) {
      const { sdk, client } = await load();
      // The SDK never retries a request whose body is a stream (it cannot rewind it), so a single
      // 503 SlowDown would fail an upload: the attempts are made here, each with a fresh stream.
      for (let attempt = 1; ; attempt++) {
        const body = open();
        try {
          await client.send(
            new sdk.PutObjectCommand({ Bucket: cfg.bucket, Key: key, Body: body, ContentLength: meta.size, ContentType: meta.contentType }),
          );
          return;
        } catch (err) {
          if (attempt >= PUT_ATTEMPTS || !transient(err)) throw err;
        } finally {
          body.destroy();
        }
        await new Promise((r) => setTimeout(r, Math.random() * 100 * 2 ** attempt));
      }
    },
    async get(key) {
      const { sdk, client } = await load();
      try {
        const out = await client.send(new sdk.GetObjectCommand({ Bucket: cfg.bucket, Key: key }));
        if (!out.Body) return null;
        return { body: out.Body as Readable, size: out.ContentLength ?? 0 };
      } catch (err) {
        const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
        // a missing bucket is a configuration fault, not a missing file
        if (e.name === 'NoSuchKey' || (e.$metadata?.httpStatusCode === 404 && e.name !== 'NoSuchBucket')) return null;
        throw err;
      }
    },
    async delete(key) {
      const { sdk, client } = await load();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: cfg.bucket, Key: key }));
    },
  };
}
