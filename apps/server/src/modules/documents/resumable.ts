import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Metadata, Server, TUS_RESUMABLE } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DocumentDataSchema,
  DocumentSchema,
  ErrorKey,
  RESUMABLE_UPLOAD_PATH,
  ResumableUploadParamSchema,
  UPLOAD_DOCUMENT_ID_HEADER,
} from '@spotlist/contracts';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import { corsOriginsOf } from '../../platform/http/cors.ts';
import { characterError, containsNul, nestedDeeperThan } from '../../platform/http/input-guard.ts';
import { cleanFileName, toView, type DocumentsService } from './documents.service.ts';
import { inspectFile } from './receive.ts';

/** What a finished upload leaves in DATA_DIR/tus/{id}.document (kept 24 h). */
interface Marker {
  documentId: number;
  ownerId: number;
  size: number;
}

/**
 * @tus/file-store's constructor starts an unawaited `fs.mkdir` whose callback throws on failure:
 * when the folder goes before that callback runs (an app built and closed quickly, its DATA_DIR
 * removed), the throw is an uncaught exception in whatever runs next. The folder is created (and
 * awaited) before the store is built, so the constructor's own check is left out.
 */
class ReadyFileStore extends FileStore {}
// the check is private in the typings; the subclass's own no-op is found first by the constructor's call
Object.defineProperty(ReadyFileStore.prototype, 'checkOrCreateDirectory', { value: () => {} });

/** The logged-in user of each raw request handed to tus (its hooks see a wrapper holding the raw one). */
const owners = new WeakMap<IncomingMessage, number>();
const ownerOf = (req: unknown): number | undefined => {
  const raw = (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
  return raw ? owners.get(raw) : undefined;
};
const UPLOAD_ID_RE = /^[a-f0-9]{32}$/;
/** Unfinished uploads are removed this long after they were created. */
const EXPIRE_MS = 24 * 3600 * 1000;

/**
 * Resumable uploads (tus 1.0.0) at RESUMABLE_UPLOAD_PATH, stored under DATA_DIR/tus until they are
 * complete; then the file goes through the same pipeline as a multipart upload and becomes a
 * document, whose id the last PATCH answers in Upload-Document-Id (and
 * GET {path}/{uploadId}/document answers later). Login required; the owner is kept in the upload's
 * metadata and nobody else can HEAD, PATCH or DELETE it. Upload-Metadata may carry `filename`
 * (or `name`), `data` and `extraData` (JSON), as the multipart form does.
 */
export const resumableRoutes: FastifyPluginAsyncZod<{ svc: DocumentsService; config: Config }> = async (app, { svc, config }) => {
  const directory = path.join(config.dataDir, 'tus');
  await fsp.mkdir(directory, { recursive: true });
  const datastore = new ReadyFileStore({ directory, expirationPeriodInMilliseconds: EXPIRE_MS });
  const corsOrigins = corsOriginsOf(config);
  const markerOf = (id: string) => path.join(directory, `${id}.document`);
  const fail = (status: number, key: string) => ({ status_code: status, body: JSON.stringify({ key }) });
  /** What the API answers for tus's own refusals (its bodies are text; an unknown error's carries its message). */
  const keyOfStatus = (status: number) =>
    status === 404 || status === 410
      ? ErrorKey.documentNotFound
      : status === 413
        ? ErrorKey.uploadTooLarge
        : status < 500
          ? ErrorKey.uploadMalformed
          : ErrorKey.unknown;

  const tus = new Server({
    path: RESUMABLE_UPLOAD_PATH,
    datastore,
    relativeLocation: true,
    maxSize: config.UPLOAD_MAX_BYTES,
    exposedHeaders: [UPLOAD_DOCUMENT_ID_HEADER],
    // tus writes these answers itself: Access-Control-Allow-Origin for the native shells' origins
    // only, as every other /api answer (platform/http/cors.ts), instead of its default `*`
    allowedOrigins: (origin) => corsOrigins.has(origin),
    namingFunction: () => crypto.randomBytes(16).toString('hex'),
    onResponseError: (_req, err) => {
      const status = 'status_code' in err && typeof err.status_code === 'number' ? err.status_code : 500;
      if ('body' in err && typeof err.body === 'string' && err.body.startsWith('{"key"')) return undefined; // ours: `fail`
      return fail(status, keyOfStatus(status));
    },
    onUploadCreate: async (req, upload) => {
      const owner = ownerOf(req);
      if (!owner) throw fail(401, ErrorKey.unauthorized);
      const meta = upload.metadata ?? {};
      try {
        // refuse a bad name or bad JSON now, not after the last byte
        cleanFileName(meta.filename ?? meta.name ?? undefined);
        if (!DocumentDataSchema.safeParse(parseJson(meta.data) ?? {}).success) throw new AppError(ErrorKey.uploadMalformed, 400);
        parseJson(meta.extraData);
      } catch (err) {
        if (err instanceof AppError) throw fail(err.status, err.key);
        throw err;
      }
      return { metadata: { ...meta, ownerId: String(owner) } };
    },
    onUploadFinish: async (req, upload) => {
      const owner = ownerOf(req);
      const meta = upload.metadata ?? {};
      if (!owner || meta.ownerId !== String(owner)) throw fail(404, ErrorKey.documentNotFound);
      const file = path.join(directory, upload.id);
      try {
        const fileName = cleanFileName(meta.filename ?? meta.name ?? undefined);
        const data = parseJson(meta.data);
        const parsed = DocumentDataSchema.safeParse(data ?? {});
        if (!parsed.success) throw new AppError(ErrorKey.uploadMalformed, 400);
        const { id: replace, ...rest } = parsed.data as Record<string, unknown>;
        const replaceId = typeof replace === 'number' && Number.isSafeInteger(replace) && replace > 0 ? replace : undefined;
        const received = await inspectFile(file);
        const row = await svc.createFromFile({ id: owner }, received, {
          fileName,
          data: rest,
          extraData: parseJson(meta.extraData) ?? null,
          visibility: typeof rest.visibility === 'number' ? rest.visibility : undefined,
          replaceId,
        });
        const marker: Marker = { documentId: row.id, ownerId: owner, size: received.size };
        await fsp.writeFile(markerOf(upload.id), JSON.stringify(marker));
        await datastore.remove(upload.id).catch(() => {});
        return { headers: { [UPLOAD_DOCUMENT_ID_HEADER]: String(row.id) } };
      } catch (err) {
        if (err instanceof AppError) {
          // Refused for good: the upload goes, nothing is stored.
          await datastore.remove(upload.id).catch(() => {});
          throw fail(err.status, err.key);
        }
        throw err; // kept: a PATCH at the final offset runs this again
      }
    },
  });

  // Unfinished uploads expire; so do the notes of finished ones (GET …/{uploadId}/document).
  const timer = setInterval(() => sweep(), 3600 * 1000);
  timer.unref();
  // Closing: no new sweep starts, and a running one is waited for (it must not touch a removed DATA_DIR).
  let sweeping: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    sweeping = Promise.all([datastore.deleteExpired().catch(() => {}), removeOldMarkers(directory).catch(() => {})]);
  };
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await sweeping;
  });

  // tus bodies stay raw: tus reads them from the request stream itself.
  app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null, undefined));

  /** The note a finished upload leaves (for the caller's upload only), or null. */
  async function finished(uploadId: string, userId: number): Promise<Marker | null> {
    if (!UPLOAD_ID_RE.test(uploadId)) return null;
    try {
      const marker = JSON.parse(await fsp.readFile(markerOf(uploadId), 'utf8')) as Marker;
      return marker.ownerId === userId ? marker : null;
    } catch {
      return null;
    }
  }

  /** The upload of this request's id, when it is the caller's; else 404. */
  async function ownUpload(id: string, userId: number) {
    if (!UPLOAD_ID_RE.test(id)) throw new AppError(ErrorKey.documentNotFound, 404);
    try {
      const upload = await datastore.getUpload(id);
      if (upload.metadata?.ownerId === String(userId)) return upload;
    } catch {
      // no such upload
    }
    throw new AppError(ErrorKey.documentNotFound, 404);
  }

  /**
   * The protocol headers tus checks before its handlers run (and refuses with a text body), checked
   * first here so that the answer is `{ key }`; what its handlers refuse goes through onResponseError.
   */
  function checkProtocol(req: FastifyRequest): void {
    if (req.method === 'OPTIONS') return;
    const h = req.headers;
    if (h['tus-resumable'] !== TUS_RESUMABLE) throw new AppError(ErrorKey.uploadMalformed, 412);
    const count = (v: unknown) => v === undefined || (typeof v === 'string' && /^(0|[1-9]\d{0,14})$/.test(v));
    let metadataOk = true;
    try {
      if (h['upload-metadata'] !== undefined) Metadata.parse(String(h['upload-metadata']));
    } catch {
      metadataOk = false;
    }
    if (
      !metadataOk ||
      !count(h['upload-offset']) ||
      !count(h['upload-length']) ||
      (h['upload-defer-length'] !== undefined && h['upload-defer-length'] !== '1') ||
      (req.method === 'PATCH' && h['content-type'] !== 'application/offset+octet-stream')
    )
      throw new AppError(ErrorKey.uploadMalformed, 400);
  }

  async function handle(req: FastifyRequest, reply: FastifyReply, uploadId: string | undefined) {
    const userId = req.user!.id;
    checkProtocol(req);
    if (uploadId === undefined) {
      if (req.method === 'POST') {
        const header = req.headers['upload-length'];
        if (typeof header !== 'string' || !/^\d{1,15}$/.test(header)) throw new AppError(ErrorKey.uploadMalformed, 400);
        const length = Number(header);
        if (length === 0) throw new AppError(ErrorKey.uploadNoFile, 400);
        if (length > config.UPLOAD_MAX_BYTES) throw new AppError(ErrorKey.uploadTooLarge, 413);
        const { quotaLeft } = await svc.receiveLimit(userId);
        if (length > quotaLeft) throw new AppError(ErrorKey.uploadQuota, 413);
      } else if (req.method !== 'OPTIONS') {
        throw new AppError(ErrorKey.routeNotFound, 404);
      }
    } else {
      const done = req.method === 'HEAD' ? await finished(uploadId, userId) : null;
      if (done) {
        // Already a document (the final answer may have been lost): complete, and which document.
        return reply
          .code(200)
          .header('tus-resumable', '1.0.0')
          .header('upload-offset', String(done.size))
          .header('upload-length', String(done.size))
          .header(UPLOAD_DOCUMENT_ID_HEADER, String(done.documentId))
          .header('cache-control', 'no-store')
          .send();
      }
      await ownUpload(uploadId, userId);
    }
    owners.set(req.raw, userId);
    reply.hijack();
    await tus.handle(req.raw, reply.raw);
  }

  const auth = { auth: 'user' as const };
  app.route({
    method: ['POST', 'OPTIONS'],
    url: RESUMABLE_UPLOAD_PATH,
    schema: { hide: true },
    config: auth,
    handler: (req, reply) => handle(req, reply, undefined),
  });
  app.route<{ Params: { uploadId: string } }>({
    method: ['HEAD', 'PATCH', 'DELETE', 'OPTIONS'],
    url: `${RESUMABLE_UPLOAD_PATH}/:uploadId`,
    schema: { hide: true },
    config: auth,
    handler: (req, reply) => handle(req, reply, req.params.uploadId),
  });

  app.get(
    `${RESUMABLE_UPLOAD_PATH}/:uploadId/document`,
    {
      schema: {
        params: ResumableUploadParamSchema,
        response: { 200: DocumentSchema },
        tags: ['documents'],
        description: `The document a finished resumable upload became (also sent as ${UPLOAD_DOCUMENT_ID_HEADER} on its last PATCH).`,
      },
      config: auth,
    },
    async (req) => {
      const marker = await finished(req.params.uploadId, req.user!.id);
      if (!marker) throw new AppError(ErrorKey.documentNotFound, 404);
      return toView(await svc.readable(marker.documentId, req.user));
    },
  );
};

function parseJson(raw: string | null | undefined): Record<string, unknown> | undefined {
  if (raw === undefined || raw === null || raw.trim() === '') return undefined;
  if (containsNul(raw)) throw characterError(); // PostgreSQL stores no NUL in jsonb
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new AppError(ErrorKey.uploadMalformed, 400);
  }
  if (value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value) || nestedDeeperThan(value)) throw new AppError(ErrorKey.uploadMalformed, 400);
  return value as Record<string, unknown>;
}

async function removeOldMarkers(directory: string): Promise<void> {
  const before = Date.now() - EXPIRE_MS;
  for (const name of await fsp.readdir(directory)) {
    if (!name.endsWith('.document')) continue;
    const file = path.join(directory, name);
    const st = await fsp.stat(file).catch(() => null);
    if (st && st.mtimeMs < before) await fsp.rm(file, { force: true });
  }
}
