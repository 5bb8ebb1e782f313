import { documentsAccountPart } from './documents.account.ts';
import multipart from '@fastify/multipart';
import sharp from 'sharp';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DocumentQuotaSchema,
  DocumentSchema,
  DocumentUpdateSchema,
  ErrorKey,
  IdParamSchema,
  listResponseSchema,
  OkSchema,
  PictureFromDocumentSchema,
  UPLOAD_FORM_KEYS,
  UserSchema,
  Visibility,
} from '@spotlist/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/client.ts';
import { readListQuery } from '../../platform/http/list-query.ts';
import { AppError } from '../../lib/app-error.ts';
import { loadUserView } from '../users/index.ts';
import { requestFlags, type FeatureFlag } from '../../platform/http/feature-flags.ts';
import { documentsService, toView } from './documents.service.ts';
import { picturesService, type PictureSource } from './pictures.service.ts';
import { resumableRoutes } from './resumable.ts';
import type { FileStorage } from './storage.ts';
import { dataField, idField, jsonField, readUploadForm, UPLOAD_FIELD_MAX_BYTES, type UploadForm } from './upload-form.ts';

/** RFC 6266 / RFC 5987: an ASCII fallback and the exact UTF-8 name. */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const star = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${star}`;
}

/**
 * SPEC §7 Documents and uploads: the resource calls, POST upload (multipart `file`, `data`,
 * `extraData`), the files themselves, the quota, profile picture and logo, widget POI pictures,
 * and resumable (tus) uploads. Rules: ./README.md.
 */
export const documentRoutes: FastifyPluginAsyncZod<{
  db: Db;
  config: Config;
  storage: FileStorage;
}> = async (app, opts) => {
  const { db, config } = opts;
  // a POI picture or its file changed: the widget's public answer goes (response cache, every instance)
  const widgetChanged = (publicId: string) => void app.events.emit('widget.changed', { publicId });
  // a place's picture came, went or changed visibility: every answer showing the place goes, before the answer
  const placeChanged = (placeId: number) => app.events.emit('place.changed', { placeId });
  const svc = documentsService({ ...opts, widgetChanged, placeChanged });
  const pictures = picturesService({ ...opts, widgetChanged, docs: svc });
  app.accountData.register(documentsAccountPart(db, opts.storage));
  // widget POI pictures need a widget flag (config.flag; 403 error.flag.missing without one)
  const WIDGET_FLAGS: readonly FeatureFlag[] = ['widgetv1activated', 'widgetv2activated'];
  // Every upload is a new temp file: libvips' operation cache would only keep deleted files open.
  sharp.cache(false);
  await app.register(multipart, {
    limits: {
      fileSize: config.UPLOAD_MAX_BYTES + 1,
      files: 1,
      fields: 6,
      fieldSize: UPLOAD_FIELD_MAX_BYTES,
      parts: 7,
      headerPairs: 50,
      fieldNameSize: 100,
    },
    throwFileSizeLimit: true,
  });
  const tags = ['documents'];
  const user = { auth: 'user' as const };
  const consumes = ['multipart/form-data'];
  const pictureConsumes = ['multipart/form-data', 'application/json'];
  const fromDocument =
    ' Or application/json `{ id, documentId }`: `documentId`, a finished document of the caller (e.g. a resumable upload), ' +
    'becomes the picture as an uploaded file would (an image, SVG too: 404 error.document.notfound for anything not the ' +
    'caller’s, 415 error.upload.notimage, 409 error.document.inuse when it already belongs to something else).';

  /** Reads the form, runs `use`, and removes the temp file whatever happened. */
  async function withForm<T>(req: Parameters<typeof readUploadForm>[0], use: (form: UploadForm) => Promise<T>): Promise<T> {
    const form = await readUploadForm(req, svc.tmpDir, config.UPLOAD_MAX_BYTES);
    try {
      return await use(form);
    } finally {
      await svc.dropTemp(form.received);
    }
  }

  /**
   * A picture route's request: the multipart form (a new file; `data` {id} or a field `id`, and
   * `data` itself for places) or a JSON body `{ id, documentId }` naming a finished document of the
   * caller. `use` gets the source, the id (undefined when none was sent) and the `data` to keep;
   * the form's temp file goes afterwards.
   */
  async function withPicture<T>(
    req: FastifyRequest,
    use: (source: PictureSource, sent: { id: () => number | undefined; data: () => Record<string, unknown> }) => Promise<T>,
  ): Promise<T> {
    const json = /^application\/json\s*(?:;|$)/i.test(req.headers['content-type'] ?? '');
    if (!json) {
      return withForm(req, async (form) =>
        use(
          { file: form.received, fileName: form.fileName },
          {
            id: () => idField(form.fields, jsonField(form.fields, UPLOAD_FORM_KEYS.data) ?? {}),
            data: () => {
              const { id: _id, visibility: _v, ...rest } = dataField(form.fields);
              return rest;
            },
          },
        ),
      );
    }
    const parsed = PictureFromDocumentSchema.safeParse(req.body);
    if (!parsed.success) {
      throw new AppError(
        ErrorKey.validation,
        400,
        parsed.error.issues.map((i) => ({ path: ['body', ...i.path].join('.'), key: 'FORM.ERROR.INVALID' })),
      );
    }
    return use({ documentId: parsed.data.documentId }, { id: () => parsed.data.id, data: () => ({}) });
  }

  const uploadHandler = async (req: Parameters<typeof readUploadForm>[0]) =>
    withForm(req, async (form) => {
      const data = dataField(form.fields);
      const extraData = jsonField(form.fields, UPLOAD_FORM_KEYS.extraData) ?? null;
      const replaceId = idField({}, data);
      const { id: _id, ...rest } = data;
      const row = await svc.createFromFile(req.user!, form.received, {
        fileName: form.fileName,
        data: rest,
        extraData,
        visibility: typeof rest.visibility === 'number' ? rest.visibility : undefined,
        replaceId,
      });
      return toView(row);
    });

  const uploadDescription =
    'multipart/form-data: `file` (the bytes; the type is decided from them), `data` (JSON: name, description, ' +
    'visibility 1|255, any other fields kept; `id` of an own document replaces that document’s file and keeps its id), ' +
    `optional \`extraData\` (JSON object). At most UPLOAD_MAX_BYTES (${config.UPLOAD_MAX_BYTES}) bytes and the caller’s quota.`;
  for (const url of ['/api/document/upload', '/api/document/add']) {
    app.post(
      url,
      { schema: { consumes, response: { 200: DocumentSchema }, tags, description: uploadDescription }, config: user },
      async (req) => uploadHandler(req),
    );
  }

  app.get('/api/document/list', { schema: { response: { 200: listResponseSchema(DocumentSchema) }, tags }, config: user }, async (req) =>
    svc.list(readListQuery(req.query), req.user!),
  );

  app.get('/api/document/quota', { schema: { response: { 200: DocumentQuotaSchema }, tags }, config: user }, async (req) =>
    svc.quota(req.user!.id),
  );

  app.get('/api/document/:id', { schema: { params: IdParamSchema, response: { 200: DocumentSchema }, tags }, config: user }, async (req) =>
    toView(await svc.readable(req.params.id, req.user)),
  );

  app.post(
    '/api/document/update/:id',
    { schema: { params: IdParamSchema, body: DocumentUpdateSchema, response: { 200: DocumentSchema }, tags }, config: user },
    async (req) => svc.update(req.params.id, req.body, req.user!),
  );

  app.delete(
    '/api/document/delete/:id',
    { schema: { params: IdParamSchema, response: { 200: OkSchema }, tags }, config: user },
    async (req) => {
      await svc.remove(req.params.id, req.user!);
      return { ok: true as const };
    },
  );

  const sendFile = async (reply: FastifyReply, got: Awaited<ReturnType<typeof svc.open>>) => {
    const { row, contentType } = got;
    const raster = contentType.startsWith('image/') && contentType !== 'image/svg+xml';
    return reply
      .header('content-type', contentType)
      .header('content-length', got.size)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', contentDisposition(raster ? 'inline' : 'attachment', row.fileName))
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('cross-origin-resource-policy', row.visibility === Visibility.all ? 'cross-origin' : 'same-origin')
      .send(got.body);
  };
  const fileDescription =
    'The bytes, to the owner, an admin, or anyone when the document is public (visibility 255). ' +
    'Raster images inline; SVG and PDF only as attachment; always nosniff and a sandboxing CSP.';
  app.get(
    '/api/document/:id/file',
    { schema: { params: IdParamSchema, tags, description: fileDescription }, config: { auth: 'public' } },
    async (req, reply) => sendFile(reply, await svc.open(req.params.id, req.user, 'file')),
  );
  app.get(
    '/api/document/:id/thumb',
    {
      schema: { params: IdParamSchema, tags, description: `The ${240} px thumbnail of an image. ${fileDescription}` },
      config: { auth: 'public' },
    },
    async (req, reply) => sendFile(reply, await svc.open(req.params.id, req.user, 'thumb')),
  );

  // Profile picture and logo (SPEC §7): the profile id in `data` {id} or a field `id` must be the caller's.
  for (const kind of ['picture', 'logo'] as const) {
    app.post(
      kind === 'picture' ? '/api/myprofile/image/update' : '/api/myprofile/logo/update',
      {
        schema: {
          consumes: pictureConsumes,
          response: { 200: UserSchema },
          tags: ['profile'],
          description:
            'multipart/form-data: `file` (a JPEG, PNG, WebP, GIF, AVIF or SVG image; an SVG is kept as is and gets a PNG thumbnail) ' +
            'and the profile id as `data` {id} or a field `id` ' +
            `(the caller's). Answers the profile with the new ${kind === 'picture' ? 'picturedocument' : 'logodocument'}; the previous one is deleted.` +
            (kind === 'logo' ? ' Business accounts only.' : '') +
            fromDocument,
        },
        config: user,
      },
      async (req) => {
        await withPicture(req, async (source, sent) => {
          const id = sent.id();
          if (id !== undefined && id !== req.user!.id) throw new AppError(ErrorKey.forbidden, 403);
          await pictures.setProfileImage(req.user!, kind, source);
        });
        const view = await loadUserView(db, req.user!.id, req.ctx.language);
        if (!view) throw new AppError(ErrorKey.tokenInvalid, 401);
        return view;
      },
    );
  }

  app.post(
    '/api/widgetpoi/image/update',
    {
      schema: {
        consumes: pictureConsumes,
        response: { 200: DocumentSchema },
        tags: ['widgets'],
        description:
          'multipart/form-data: `file` (an image, SVG too) and `data` {id: widget POI id} (or a field `id`). Only the owner of the widget ' +
          '(with the flag of the widget’s version, widgetv1activated or widgetv2activated; 403 error.flag.missing otherwise); ' +
          'the previous picture is deleted and the widget revision grows by one.' +
          fromDocument,
      },
      config: { ...user, flag: WIDGET_FLAGS },
    },
    async (req) =>
      withPicture(req, async (source, sent) => {
        const id = sent.id();
        if (id === undefined) throw new AppError(ErrorKey.validation, 400, [{ path: 'data.id', key: 'FORM.ERROR.REQUIRED' }]);
        return toView(await pictures.setWidgetPoiImage(req.user!, requestFlags(req), id, source));
      }),
  );

  app.post(
    '/api/place/:id/picture',
    {
      schema: {
        params: IdParamSchema,
        consumes: pictureConsumes,
        response: { 200: DocumentSchema },
        tags: ['places'],
        description:
          'multipart/form-data: `file` (an image, SVG too) and optional `data` (JSON: name, description). The place’s creator or an admin; ' +
          'public when the place is public. Delete with DELETE /api/document/delete/{id}.' +
          fromDocument +
          ' The JSON `id`, when sent, must be the path’s.',
      },
      config: user,
    },
    async (req) =>
      withPicture(req, async (source, sent) => {
        // the form's `data` {id} is not the place's (the path names it); the JSON `id` must be the path's
        if ('documentId' in source && sent.id() !== undefined && sent.id() !== req.params.id) {
          throw new AppError(ErrorKey.validation, 400, [{ path: 'body.id', key: 'FORM.ERROR.INVALID' }]);
        }
        const doc = toView(await pictures.addPlacePicture(req.user!, req.params.id, source, sent.data()));
        await placeChanged(req.params.id);
        return doc;
      }),
  );

  app.get(
    '/api/place/:id/pictures',
    {
      schema: { params: IdParamSchema, response: { 200: listResponseSchema(DocumentSchema) }, tags: ['places'] },
      config: user,
    },
    async (req) => pictures.placePictures(req.user!, req.params.id),
  );

  await app.register(resumableRoutes, { svc, config });
};
