import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LikedPlaceSchema, LikeInputSchema, LikeNameParamSchema, LikeSchema, listResponseSchema, OkSchema } from '@spotlist/contracts';
import type { Db } from '../../db/client.ts';
import { viewerOf } from '../places/places.service.ts';
import { likesService } from './likes.service.ts';

/** SPEC §7 GET /api/like/{name} (`default` = the default list), POST /api/like/create, POST /api/like/remove. */
export const likeRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const svc = likesService(db);
  const tags = ['likes'];

  app.get(
    '/api/like/:name',
    { schema: { params: LikeNameParamSchema, response: { 200: listResponseSchema(LikedPlaceSchema) }, tags }, config: { auth: 'user' } },
    async (req, reply) => {
      const body = await svc.list(
        req.params.name,
        req.query,
        { ...viewerOf(req.user, req.ctx.language), userId: req.user!.id },
        req.ctx.location,
      );
      // PostgreSQL wrote the body as JSON text (likes.service.ts): a string with a JSON content type
      // goes out as it is, past the serializer; the schema above documents it and the tests check it.
      return reply.header('content-type', 'application/json; charset=utf-8').send(body as never);
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
