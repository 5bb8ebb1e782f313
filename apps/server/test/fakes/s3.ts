import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';

/**
 * A local S3 endpoint for tests: a real HTTP server speaking the part of the S3 REST API the
 * product's client uses (PutObject, GetObject, DeleteObject), path-style only
 * (`/<bucket>/<key>`), with S3's XML error bodies and status codes
 * (https://docs.aws.amazon.com/AmazonS3/latest/API/ErrorResponses.html). Anything else answers
 * 501 NotImplemented, so a client that starts using another call fails here instead of passing.
 *
 * Signatures are not verified, but a request must carry a SigV4 Authorization header naming a
 * known access key id. Bodies in aws-chunked encoding (what the SDK sends for a stream with a
 * trailing CRC32 checksum) are decoded and their checksum checked, as S3 does.
 */
export interface FakeS3 {
  /** The endpoint for S3_ENDPOINT (use with S3_FORCE_PATH_STYLE=true). */
  url: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Stored objects of a bucket by key; undefined for a bucket that does not exist. */
  objects(bucket: string): ReadonlyMap<string, StoredObject> | undefined;
  /** Every request received, in order (method, decoded path, headers). */
  requests: { method: string; path: string; headers: http.IncomingHttpHeaders }[];
  /** The next `times` requests answer this S3 error (e.g. 503 SlowDown, 500 InternalError, 403 AccessDenied). */
  failNext(error: { status: number; code: string; message?: string }, times?: number): void;
  close(): Promise<void>;
}

export interface StoredObject {
  body: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
  /** base64 CRC32 when the upload carried one (S3 keeps it and returns it in checksum mode). */
  crc32?: string;
}

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startFakeS3(
  opts: {
    /** Buckets that exist (`spotlist-test` by default); any other answers NoSuchBucket. */
    buckets?: string[];
    accessKeyId?: string;
    secretAccessKey?: string;
    /** 0 (default): any free port. */
    port?: number;
  } = {},
): Promise<FakeS3> {
  const accessKeyId = opts.accessKeyId ?? 'AKIAFAKES3TEST000001';
  const secretAccessKey = opts.secretAccessKey ?? 'fake-s3-secret-access-key-for-tests-only';
  const buckets = new Map<string, Map<string, StoredObject>>((opts.buckets ?? ['spotlist-test']).map((b) => [b, new Map()]));
  const requests: FakeS3['requests'] = [];
  const injected: { status: number; code: string; message?: string }[] = [];

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) sendError(res, 500, 'InternalError', `fake S3: ${(err as Error).message}`);
      else res.destroy();
    });
  });

  function sendError(res: http.ServerResponse, status: number, code: string, message: string, extra = '') {
    const requestId = crypto.randomBytes(8).toString('hex').toUpperCase();
    res.setHeader('x-amz-request-id', requestId);
    const body =
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      `<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message>${extra}<RequestId>${requestId}</RequestId></Error>`;
    res.writeHead(status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(body) }).end(body);
  }

  async function readBody(req: http.IncomingMessage): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake-s3');
    const path = decodeURIComponent(url.pathname);
    requests.push({ method: req.method ?? '', path, headers: req.headers });
    // the body is read before any answer so keep-alive connections stay usable after an error
    const raw = await readBody(req);

    const next = injected.shift();
    if (next) return sendError(res, next.status, next.code, next.message ?? next.code);

    const auth = req.headers.authorization ?? '';
    const credential = /^AWS4-HMAC-SHA256 Credential=([^/]+)\//.exec(auth)?.[1];
    if (!credential) return sendError(res, 403, 'AccessDenied', 'Access Denied');
    if (credential !== accessKeyId) {
      return sendError(res, 403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
    }

    const m = /^\/([^/]+)\/(.+)$/s.exec(path);
    const subresources = [...url.searchParams.keys()].filter((k) => k !== 'x-id');
    // sub-resources (?uploads, ?delete, ?tagging…) and ranges are not implemented: loudly, not ignored
    if (!m || subresources.length > 0 || req.headers.range) {
      return sendError(res, 501, 'NotImplemented', 'A header or query you provided implies functionality that is not implemented.');
    }
    const [, bucketName, key] = m;
    const bucket = buckets.get(bucketName!);
    if (!bucket) {
      return sendError(
        res,
        404,
        'NoSuchBucket',
        'The specified bucket does not exist.',
        `<BucketName>${xmlEscape(bucketName!)}</BucketName>`,
      );
    }

    switch (req.method) {
      case 'PUT': {
        const decoded = decodeBody(req, raw);
        if ('error' in decoded) return sendError(res, 400, decoded.error, decoded.message);
        const { body, crc32 } = decoded;
        const md5 = req.headers['content-md5'];
        if (typeof md5 === 'string' && md5 !== crypto.createHash('md5').update(body).digest('base64')) {
          return sendError(res, 400, 'BadDigest', 'The Content-MD5 you specified did not match what we received.');
        }
        const etag = `"${crypto.createHash('md5').update(body).digest('hex')}"`;
        bucket.set(key!, {
          body,
          contentType: req.headers['content-type'] ?? 'binary/octet-stream',
          etag,
          lastModified: new Date(),
          crc32,
        });
        res.writeHead(200, { etag, ...(crc32 ? { 'x-amz-checksum-crc32': crc32 } : {}), 'content-length': 0 }).end();
        return;
      }
      case 'GET': {
        const o = bucket.get(key!);
        if (!o) return sendError(res, 404, 'NoSuchKey', 'The specified key does not exist.', `<Key>${xmlEscape(key!)}</Key>`);
        const checksum = req.headers['x-amz-checksum-mode'] === 'ENABLED' && o.crc32 ? { 'x-amz-checksum-crc32': o.crc32 } : {};
        res.writeHead(200, {
          'content-type': o.contentType,
          'content-length': o.body.length,
          etag: o.etag,
          'last-modified': o.lastModified.toUTCString(),
          ...checksum,
        });
        res.end(o.body);
        return;
      }
      case 'DELETE':
        // S3 answers 204 whether or not the key existed
        bucket.delete(key!);
        res.writeHead(204).end();
        return;
      default:
        return sendError(res, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    }
  }

  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accessKeyId,
    secretAccessKey,
    objects: (b) => buckets.get(b),
    requests,
    failNext(error, times = 1) {
      for (let i = 0; i < times; i++) injected.push(error);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

type Decoded = { body: Buffer; crc32?: string } | { error: string; message: string };

/**
 * The object's bytes: the body as sent, or decoded from aws-chunked
 * (https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-streaming.html): `<hex size>[;chunk-signature=…]\r\n<bytes>\r\n`
 * repeated, a zero-size chunk, then trailing headers such as `x-amz-checksum-crc32:<base64>`.
 */
function decodeBody(req: http.IncomingMessage, raw: Buffer): Decoded {
  const encodings = (req.headers['content-encoding'] ?? '').split(',').map((s) => s.trim());
  let body = raw;
  const trailers: Record<string, string> = {};
  if (encodings.includes('aws-chunked')) {
    const parts: Buffer[] = [];
    let at = 0;
    for (;;) {
      const eol = raw.indexOf('\r\n', at);
      if (eol < 0)
        return { error: 'IncompleteBody', message: 'You did not provide the number of bytes specified by the Content-Length HTTP header.' };
      const size = parseInt(raw.subarray(at, eol).toString('latin1').split(';')[0]!, 16);
      if (!Number.isFinite(size))
        return { error: 'InvalidChunkSizeError', message: 'Only the last chunk is allowed to have a size less than 8192 bytes' };
      at = eol + 2;
      if (size === 0) break;
      parts.push(raw.subarray(at, at + size));
      at += size + 2;
    }
    for (const line of raw.subarray(at).toString('latin1').split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) trailers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    body = Buffer.concat(parts);
    const declared = Number(req.headers['x-amz-decoded-content-length']);
    if (declared !== body.length) {
      return {
        error: 'IncompleteBody',
        message: 'You did not provide the number of bytes specified by the x-amz-decoded-content-length header.',
      };
    }
  }
  const claimed = trailers['x-amz-checksum-crc32'] ?? (req.headers['x-amz-checksum-crc32'] as string | undefined);
  if (claimed === undefined) return { body };
  const actual = Buffer.alloc(4);
  actual.writeUInt32BE(zlib.crc32(body));
  if (actual.toString('base64') !== claimed) {
    return { error: 'BadDigest', message: 'The CRC32 you specified did not match the calculated checksum.' };
  }
  return { body, crc32: claimed };
}
