import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorKey, PublicWidgetSchema } from '@spotlist/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { Db } from '../../platform/db/client.ts';
import { userTag } from '../../platform/events/stamps.ts';
import { cacheTags } from '../../platform/http/response-cache.ts';
import { buildPublicWidget, visitorLanguage, widgetHead } from './public-widget.ts';

const PUBLIC_ID = /^[A-Za-z0-9_-]{8,32}$/;
/** Memory for cached public widget answers, per instance. */
const PUBLIC_WIDGET_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * GET /api/public/widget/{publicId}?lang=xx: the widget as visitors see it, from the response
 * cache until the widget, its owner (a picture, a flag), a place or an admin changes something.
 * `Cache-Control: public, no-cache` with an ETag: browsers and proxies keep it but ask every time,
 * and the 304 costs no database work on a cache hit, so a business's change shows on the next view.
 */
export const publicWidgetRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/public/widget/:publicId',
    {
      schema: {
        params: z.object({ publicId: z.string().max(64) }),
        querystring: z.object({ lang: z.string().max(35).optional() }),
        response: { 200: PublicWidgetSchema, 304: z.null() },
        tags: ['public'],
      },
      config: {
        auth: 'public',
        xsrf: false,
        cache: {
          scope: 'public',
          tags: (req) => [`w${(req.params as { publicId: string }).publicId}`],
          // a widget's own changes, and what its answer shows of its owner's, places' and admins'
          invalidatedBy: ['widget.changed', 'user.wrote', 'profile.changed', 'place.changed', 'everything.changed'],
          // the app language header plays no part in a visitor's answer
          key: (req) => visitorLanguage((req.query as { lang?: string }).lang),
          maxBytes: PUBLIC_WIDGET_CACHE_BYTES,
        },
      },
      logLevel: 'warn',
      // the schemas above document the route; the handler checks the id itself and reads `lang`
      // leniently (anything unknown is "no language"), so the per-request zod passes are skipped
      validatorCompiler: () => (data: unknown) => ({ value: data }),
    },
    async (req) => {
      const { publicId } = req.params;
      if (typeof publicId !== 'string' || !PUBLIC_ID.test(publicId)) throw new AppError(ErrorKey.widgetNotFound, 404);
      const head = await widgetHead(db, publicId);
      if (!head) throw new AppError(ErrorKey.widgetNotFound, 404);
      cacheTags(req, userTag(head.ownerId));
      return buildPublicWidget(db, head, visitorLanguage(req.query.lang));
    },
  );
};
