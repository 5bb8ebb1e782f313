import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorKey, PublicWidgetSchema } from '@spotlist/contracts';
import { AppError } from '../../lib/app-error.ts';
import { sendCompressed } from '../../lib/compression.ts';
import { matchesEtag, visitorLanguage, type PublicWidgetCache } from './public-widget.ts';

const PUBLIC_ID = /^[A-Za-z0-9_-]{8,32}$/;

/**
 * GET /api/public/widget/{publicId}?lang=xx: the widget as visitors see it, from the in-process
 * cache (public-widget.ts). `Cache-Control: public, no-cache` with an ETag: browsers and proxies
 * keep it but ask every time, and the 304 costs no database work on a cache hit, so a business's
 * change shows on the next view.
 */
export const publicWidgetRoutes: FastifyPluginAsyncZod<{ cache: PublicWidgetCache }> = async (app, { cache }) => {
  // each cached answer's UTF-8 bytes (and through them its compressed copies), made once
  const bytes = new WeakMap<object, Buffer>();
  app.get(
    '/api/public/widget/:publicId',
    {
      schema: {
        params: z.object({ publicId: z.string().max(64) }),
        querystring: z.object({ lang: z.string().max(35).optional() }),
        response: { 200: PublicWidgetSchema, 304: z.null() },
        tags: ['public'],
      },
      config: { auth: 'public', xsrf: false },
      logLevel: 'warn',
      // the schemas above document the route; the handler checks the id itself and reads `lang`
      // leniently (anything unknown is "no language"), so the per-request zod passes are skipped
      validatorCompiler: () => (data: unknown) => ({ value: data }),
    },
    async (req, reply) => {
      if (typeof req.params.publicId !== 'string' || !PUBLIC_ID.test(req.params.publicId)) throw new AppError(ErrorKey.widgetNotFound, 404);
      const got = cache.get(req.params.publicId, visitorLanguage(req.query.lang));
      const entry = got instanceof Promise ? await got : got;
      if (entry.body === null) throw new AppError(ErrorKey.widgetNotFound, 404);
      reply.header('etag', entry.etag).header('cache-control', 'public, no-cache');
      if (matchesEtag(req.headers['if-none-match'], entry.etag)) return reply.status(304).send(undefined as unknown as null); // no body, no content-length
      // serialized once per revision and language: JSON bytes go out past the serializer
      let body = bytes.get(entry);
      if (!body) bytes.set(entry, (body = Buffer.from(entry.body)));
      return sendCompressed(req, reply.header('content-type', 'application/json; charset=utf-8'), body, 'dynamic');
    },
  );
};
