import { placeViewKey, skipCache, type RouteCache } from '../../platform/http/response-cache.ts';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorKey,
  ExportQuerySchema,
  IdParamSchema,
  ImportResultSchema,
  ItemParamSchema,
  LIST_IMPORT_MAX_BYTES,
  LIST_TYPES,
  ListDetailSchema,
  ListInputSchema,
  ListItemAddSchema,
  ListItemUpdateSchema,
  ListReorderSchema,
  listResponseSchema,
  ListUpdateSchema,
  ListViewSchema,
  MyListViewSchema,
  ObjectionableSchema,
  OkSchema,
  requiredText,
  Visibility,
} from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { viewerOf } from '../places/index.ts';
import { ImportFormatError, ImportTooManyError, parseImport } from './formats/read.ts';
import { itemsService } from './items.service.ts';
import { importListName, listsService } from './lists.service.ts';
import { listsAccountPart } from './lists.account.ts';

const IMPORT_NAME = requiredText(120);

/**
 * SPEC §7 GET /api/list/{type} and the list calls: the generic resource shapes (new, {id}, add,
 * update/{id}, delete/{id}, objectionable/{id}), items, import and export. Item changes answer the
 * list as GET /api/list/{id} does (first page of items), so a client replaces what it shows.
 */
/** Memory for cached list answers, per instance (~50 KB for 100 items). */
const LIST_CACHE_BYTES = 64 * 1024 * 1024;

export const listRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.accountData.register(listsAccountPart(db));
  // every successful write of a list route (the list, its items, an import) tells the others which
  // list changed, before its answer leaves: a reader's cached copy (a friend's, a share's) goes first
  app.addHook('onSend', (req, reply, payload, done) => {
    const id = (req.params as { id?: unknown } | undefined)?.id;
    if (
      req.method === 'GET' ||
      reply.statusCode >= 300 ||
      !req.user ||
      typeof id !== 'number' ||
      req.routeOptions.url?.includes('objectionable')
    ) {
      return done(null, payload);
    }
    app.events.emit('list.changed', { listId: id, ownerId: req.user.id }).then(
      () => done(null, payload),
      (err: Error) => done(err),
    );
  });
  // Only this plugin takes multipart bodies; one file, small text fields.
  await app.register(multipart, {
    limits: { fileSize: LIST_IMPORT_MAX_BYTES, files: 1, fields: 4, fieldSize: 1000, parts: 5, headerPairs: 50 },
    throwFileSizeLimit: true,
  });
  const svc = listsService(db);
  const items = itemsService(db, svc);
  const tags = ['lists'];
  const auth = { auth: 'user' as const };
  const viewer = (req: { user: Parameters<typeof viewerOf>[0]; ctx: { language: Parameters<typeof viewerOf>[1] } }) => ({
    ...viewerOf(req.user, req.ctx.language),
    userId: req.user!.id,
  });

  for (const type of LIST_TYPES) {
    // "mine" is read on every visit of the lists page: per user, dropped by their writes and likes, a
    // place's change (a deleted place leaves the counts; a picture added, removed or made private
    // changes a cover) and account-wide changes. "shared" and
    // "public" change with other users' writes no event names for the reader; they are read anew.
    const cache: RouteCache | undefined =
      type === 'mine'
        ? {
            scope: 'user',
            invalidatedBy: ['user.wrote', 'like.changed', 'list.changed', 'place.changed', 'profile.changed', 'everything.changed'],
            maxBytes: 16 * 1024 * 1024,
          }
        : undefined;
    app.get(
      `/api/list/${type}`,
      {
        schema: { response: { 200: listResponseSchema(type === 'mine' ? MyListViewSchema : ListViewSchema) }, tags },
        config: { ...auth, cache },
      },
      async (req) => (type === 'mine' ? svc.mine(req.query, req.user!) : svc.summaries(type, req.query, req.user!)),
    );
  }

  app.post('/api/list/new', { schema: { response: { 200: ListViewSchema.partial() }, tags }, config: auth }, async () => ({
    kind: 'list' as const,
    name: '',
    description: '',
    visibility: { id: Visibility.private },
  }));

  app.post('/api/list/add', { schema: { body: ListInputSchema, response: { 200: ListViewSchema }, tags }, config: auth }, async (req) =>
    svc.add(req.body, req.user!),
  );

  app.post(
    '/api/list/update/:id',
    { schema: { params: IdParamSchema, body: ListUpdateSchema, response: { 200: ListViewSchema }, tags }, config: auth },
    async (req) => svc.update(req.params.id, req.body, req.user!),
  );

  app.delete(
    '/api/list/delete/:id',
    { schema: { params: IdParamSchema, response: { 200: OkSchema }, tags }, config: auth },
    async (req) => {
      await svc.remove(req.params.id, req.user!);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/list/objectionable/:id',
    { schema: { params: IdParamSchema, body: ObjectionableSchema.nullish(), response: { 200: OkSchema }, tags }, config: auth },
    async (req) => {
      await svc.report(req.params.id, req.user!, req.body?.reason ?? '');
      return { ok: true as const };
    },
  );

  app.get(
    '/api/list/:id',
    {
      schema: { params: IdParamSchema, response: { 200: ListDetailSchema }, tags },
      config: {
        ...auth,
        // per viewer (who may read it, which places they like), list, language, position and query;
        // dropped by the list's changes and its shares' (l<id>), the viewer's likes, any place's change
        cache: {
          scope: 'user',
          tags: (req) => [`l${(req.params as { id: number }).id}`],
          invalidatedBy: ['user.wrote', 'like.changed', 'list.changed', 'place.changed', 'everything.changed', 'relation.changed'],
          key: placeViewKey,
          maxBytes: LIST_CACHE_BYTES,
        },
      },
    },
    async (req) => {
      const detail = await svc.detail(req.params.id, req.query, viewer(req), req.ctx.location);
      // read through a share, which may expire at a set time with no event: asked anew each time
      if (!detail.editable && detail.visibility.id !== Visibility.all) skipCache(req);
      return detail;
    },
  );

  const detailAfter = (
    req: Parameters<typeof viewer>[0] & { params: { id: number }; ctx: { location: { lat: number; lng: number } | null } },
  ) => svc.detail(req.params.id, {}, viewer(req), req.ctx.location);

  app.post(
    '/api/list/:id/items/add',
    { schema: { params: IdParamSchema, body: ListItemAddSchema, response: { 200: ListDetailSchema }, tags }, config: auth },
    async (req) => {
      await items.addItem(req.params.id, req.body, req.user!);
      return detailAfter(req);
    },
  );

  app.post(
    '/api/list/:id/items/update/:itemId',
    // a new location changes the caller's own place, which others may have liked
    {
      schema: { params: ItemParamSchema, body: ListItemUpdateSchema, response: { 200: ListDetailSchema }, tags },
      config: { ...auth, invalidates: 'all' },
    },
    async (req) => {
      await items.updateItem(req.params.id, req.params.itemId, req.body, req.user!);
      return detailAfter(req);
    },
  );

  app.delete(
    '/api/list/:id/items/:itemId',
    { schema: { params: ItemParamSchema, response: { 200: ListDetailSchema }, tags }, config: auth },
    async (req) => {
      await items.removeItem(req.params.id, req.params.itemId, req.user!);
      return detailAfter(req);
    },
  );

  app.post(
    '/api/list/:id/items/reorder',
    { schema: { params: IdParamSchema, body: ListReorderSchema, response: { 200: ListDetailSchema }, tags }, config: auth },
    async (req) => {
      await items.reorder(req.params.id, req.body.itemIds, req.user!);
      return detailAfter(req);
    },
  );

  app.get(
    '/api/list/:id/export',
    {
      schema: {
        params: IdParamSchema,
        querystring: ExportQuerySchema,
        description:
          'A download (Content-Disposition: attachment): GeoJSON (application/geo+json), GPX (application/gpx+xml), ' +
          'KML (application/vnd.google-earth.kml+xml) or CSV (text/csv, Google saved-list columns).',
        tags,
      },
      config: auth,
    },
    async (req, reply) => {
      const file = await svc.exportFile(req.params.id, req.query.format, req.user!);
      const ascii = file.filename.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
        .header('cache-control', 'no-store')
        .serializer((s: unknown) => s as string)
        .send(file.body);
    },
  );

  /**
   * Multipart: `file` (the import file; its format comes from its content) and optional `name`
   * (the new list's name; else the name inside the file, else the file name).
   */
  app.post(
    '/api/list/import',
    {
      schema: {
        consumes: ['multipart/form-data'],
        response: { 200: ImportResultSchema },
        tags,
        description:
          'multipart/form-data with a `file` part (Google Takeout Saved Places GeoJSON, Google saved-list CSV, KML, GPX or GeoJSON; ' +
          `at most ${LIST_IMPORT_MAX_BYTES} bytes) and an optional \`name\` field.`,
      },
      config: auth,
    },
    async (req) => {
      if (!req.isMultipart()) throw new AppError(ErrorKey.badContentType, 415);
      let file: Buffer | undefined;
      let filename: string | undefined;
      let name: string | undefined;
      try {
        for await (const part of req.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file' || file) {
              part.file.resume();
              continue;
            }
            filename = part.filename;
            file = await part.toBuffer();
          } else if (part.fieldname === 'name' && typeof part.value === 'string' && part.value.trim() !== '') {
            const parsed = IMPORT_NAME.safeParse(part.value);
            if (!parsed.success) throw new AppError(ErrorKey.validation, 400, [{ path: 'body.name', key: parsed.error.issues[0].message }]);
            name = parsed.data;
          }
        }
      } catch (err) {
        if (err instanceof AppError) throw err;
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(ErrorKey.importTooLarge, 413);
        if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT')
          throw new AppError(ErrorKey.bodyTooLarge, 413);
        throw new AppError(ErrorKey.importFormat, 400);
      }
      if (!file) throw new AppError(ErrorKey.importNoFile, 400);
      let parsed;
      try {
        parsed = parseImport(file);
      } catch (err) {
        if (err instanceof ImportTooManyError) throw new AppError(ErrorKey.importTooMany, 400);
        if (err instanceof ImportFormatError) throw new AppError(ErrorKey.importFormat, 400);
        throw err;
      }
      if (parsed.items.length === 0) throw new AppError(ErrorKey.importEmpty, 400);
      return svc.importList(parsed, importListName(name, parsed.name, filename), req.user!);
    },
  );
};
