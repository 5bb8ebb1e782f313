import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LikedPlaceSchema, LikeInputSchema, LikeNameParamSchema, LikeSchema, listResponseSchema, OkSchema } from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { sendCompressed } from '../../lib/compression.ts';
import { stampedCache, stamps, userTag } from '../../platform/events/stamps.ts';
import { viewerOf } from '../places/places.service.ts';
import { likesService } from './likes.service.ts';

/** Memory for cached liked-places answers, per instance. */
const LIKED_CACHE_BYTES = 64 * 1024 * 1024;

/** SPEC §7 GET /api/like/{name} (`default` = the default list), POST /api/like/create, POST /api/like/remove. */
export const likeRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const svc = likesService(db);
  const tags = ['likes'];
  // answers per user, list, language, position and query; dropped by any write of the user and by
  // changes to places (lib/invalidation.ts), on every instance. ~54 KB for 100 places.
  const st = stamps(app.events, ['user.wrote', 'like.changed', 'list.changed', 'place.changed', 'everything.changed'], { maxAgeMs: app.cacheMaxAgeMs });
  const answers = stampedCache<Buffer>(st, { maxEntries: 10_000, maxBytes: LIKED_CACHE_BYTES });

  app.get(
    '/api/like/:name',
    { schema: { params: LikeNameParamSchema, response: { 200: listResponseSchema(LikedPlaceSchema) }, tags }, config: { auth: 'user' } },
    async (req, reply) => {
      const user = req.user!;
      const viewer = { ...viewerOf(user, req.ctx.language), userId: user.id };
      const at = req.ctx.location;
      const query = req.url.indexOf('?');
      const key = [
        user.id,
        req.params.name,
        viewer.language,
        viewer.admin ? 1 : 0,
        at ? `${at.lat};${at.lng}` : '',
        query < 0 ? '' : req.url.slice(query),
      ].join('\n');
      let body = answers.get(key);
      if (body === undefined) {
        const stamp = st.stamp();
        // kept encoded: turning 54 KB of text into UTF-8 on every send was the largest cost left
        body = Buffer.from(await svc.list(req.params.name, req.query, viewer, at));
        answers.set(key, userTag(user.id), stamp, body, body.length);
      }
      // The body is JSON text already (likes.service.ts): sent as it is with a JSON content type,
      // past the serializer; the schema above documents it and the tests check it.
      // compressed once per entry for clients that accept it (54 KB → ~6 KB for 100 places)
      return sendCompressed(req, reply.header('content-type', 'application/json; charset=utf-8'), body, 'dynamic');
    },
  );

  app.post(
    '/api/like/create',
    { schema: { body: LikeInputSchema, response: { 200: LikeSchema }, tags }, config: { auth: 'user' } },
    async (req) => svc.create(req.body.placeId, req.body.name, req.user!),
  );

  app.post(
    '/api/like/remove',
    { schema: { body: LikeInputSchema, response: { 200: OkSchema }, tags }, config: { auth: 'user' } },
    async (req) => {
      await svc.remove(req.body.placeId, req.body.name, req.user!);
      return { ok: true as const };
    },
  );
};
