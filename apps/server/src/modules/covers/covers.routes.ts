import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HelmetOptions } from 'helmet';
import { IdParamSchema, TranslationLangParamSchema } from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import type { RouteCache } from '../../platform/http/response-cache.ts';
import type { FileStorage } from '../documents/index.ts';
import { placesService, viewerOf } from '../places/index.ts';
import { coverSvg } from './cover-svg.ts';

/** Where a place's cover is; the web app builds the same path (components/place-thumb.tsx). */
export const COVER_PATH = '/api/place/:id/cover.svg';

/** A cover is ~1.5 KB; 16 MB keeps about ten thousand per instance. */
const COVER_CACHE_BYTES = 16 * 1024 * 1024;

/**
 * One answer per logged-in viewer and one shared by every request without a token (`<img src>`
 * sends none), per URL and language. Access follows GET /api/place/{id}, so the same events drop
 * it: the viewer's writes, any place's change (its name, category, visibility, deletion) and
 * everything.changed. Browsers keep it and ask each time (`private, no-cache` with its ETag): a
 * 304 costs no database work, and a change or a lost access shows at the next request.
 */
const coverCache: RouteCache = {
  scope: 'viewer',
  invalidatedBy: ['user.wrote', 'place.changed', 'everything.changed'],
  maxBytes: COVER_CACHE_BYTES,
  cacheControl: 'private, no-cache',
  etag: true,
};

/**
 * An SVG document we write ourselves: nothing in it may load or run anything, and opened on its
 * own it is sandboxed (no script, no form, no plugin, no origin).
 */
const coverSecurityHeaders: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], sandbox: [] },
  },
};

export const coverRoutes: FastifyPluginAsyncZod<{ db: Db; storage: FileStorage }> = async (app, { db, storage }) => {
  const places = placesService(db, storage);

  app.get(
    COVER_PATH,
    {
      schema: {
        params: IdParamSchema,
        querystring: TranslationLangParamSchema.partial(),
        produces: ['image/svg+xml'],
        tags: ['places'],
        description:
          'The generated cover of a place (image/svg+xml): its category’s colour and icon and its name (in `lang`, ' +
          'else the app-language header, else the place’s own), for places without a picture. Readable as GET ' +
          '/api/place/{id} is (404 error.place.notfound otherwise); without a token (an `<img src>`), for what ' +
          'anyone may read. ETag and If-None-Match (304).',
      },
      config: { auth: 'public', cache: coverCache, securityHeaders: coverSecurityHeaders },
    },
    async (req, reply) => {
      const language = req.query.lang ?? req.ctx.language;
      const place = await places.get(req.params.id, viewerOf(req.user, language), null);
      return reply.type('image/svg+xml; charset=utf-8').send(coverSvg(place));
    },
  );
};
