import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LikedPlaceSchema, LikeInputSchema, LikeNameParamSchema, LikeSchema, listResponseSchema, OkSchema } from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { isModerator } from '../../platform/http/auth.ts';
import { viewerOf } from '../places/index.ts';
import { likesService } from './likes.service.ts';

/** Memory for cached liked-places answers, per instance (~54 KB for 100 places). */
const LIKED_CACHE_BYTES = 64 * 1024 * 1024;

/** SPEC §7 GET /api/like/{name} (`default` = the default list), POST /api/like/create, POST /api/like/remove. */
export const likeRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const svc = likesService(db);
  const tags = ['likes'];

  app.get(
    '/api/like/:name',
    {
      schema: { params: LikeNameParamSchema, response: { 200: listResponseSchema(LikedPlaceSchema) }, tags },
      config: {
        auth: 'user',
        // per user, list, language, position and query; a place's change drops everyone's answers
        cache: {
          scope: 'user',
          invalidatedBy: ['user.wrote', 'like.changed', 'list.changed', 'place.changed', 'everything.changed', 'relation.changed'],
          key: (req) => {
            const at = req.ctx.location;
            return `${isModerator(req.user) ? 1 : 0}\n${at ? `${at.lat};${at.lng}` : ''}`;
          },
          maxBytes: LIKED_CACHE_BYTES,
        },
      },
    },
    async (req, reply) => {
      const user = req.user!;
      const viewer = { ...viewerOf(user, req.ctx.language), userId: user.id };
      // The body is JSON text already (likes.service.ts): sent past the serializer; the schema
      // above documents it and the tests check it.
      const body = await svc.list(req.params.name, req.query, viewer, req.ctx.location);
      return reply.type('application/json; charset=utf-8').send(Buffer.from(body) as never);
    },
  );

  app.post(
    '/api/like/create',
    { schema: { body: LikeInputSchema, response: { 200: LikeSchema }, tags }, config: { auth: 'user' } },
    async (req) => {
      const like = await svc.create(req.body.placeId, req.body.name, req.user!);
      await app.events.emit('like.changed', { userId: req.user!.id, placeId: req.body.placeId });
      return like;
    },
  );

  app.post(
    '/api/like/remove',
    { schema: { body: LikeInputSchema, response: { 200: OkSchema }, tags }, config: { auth: 'user' } },
    async (req) => {
      await svc.remove(req.body.placeId, req.body.name, req.user!);
      await app.events.emit('like.changed', { userId: req.user!.id, placeId: req.body.placeId });
      return { ok: true as const };
    },
  );
};
