import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IdParamSchema,
  listResponseSchema,
  ObjectionableSchema,
  OkSchema,
  PlaceDefaultsSchema,
  PlaceInputSchema,
  PlaceUpdateSchema,
  PlaceViewSchema,
} from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import type { FileStorage } from '../documents/index.ts';
import { placesService, viewerOf } from './places.service.ts';
import { placesAccountPart } from './places.account.ts';

/**
 * SPEC §7 generic resource calls for the place catalogue at /api/place/ (written by hand rather
 * than with resource(): reads are "public catalogue or mine", writes "creator or admin", and
 * answers carry a distance from the user-location header).
 */
export const placeRoutes: FastifyPluginAsyncZod<{ db: Db; storage: FileStorage }> = async (app, { db, storage }) => {
  app.accountData.register(placesAccountPart(db));
  const svc = placesService(db, storage);
  const tags = ['places'];

  app.post('/api/place/new', { schema: { response: { 200: PlaceDefaultsSchema }, tags }, config: { auth: 'user' } }, async () => ({
    name: '',
    description: null,
    category: 'other' as const,
    accessibility: [],
    visibility: { id: 255 },
    source: 'manual' as const,
  }));

  app.get(
    '/api/place/list',
    { schema: { response: { 200: listResponseSchema(PlaceViewSchema) }, tags }, config: { auth: 'user' } },
    async (req) => svc.list(req.query, viewerOf(req.user, req.ctx.language), req.ctx.location),
  );

  app.get(
    '/api/place/:id',
    { schema: { params: IdParamSchema, response: { 200: PlaceViewSchema }, tags }, config: { auth: 'user' } },
    async (req) => svc.get(req.params.id, viewerOf(req.user, req.ctx.language), req.ctx.location),
  );

  app.post(
    '/api/place/add',
    { schema: { body: PlaceInputSchema, response: { 200: PlaceViewSchema }, tags }, config: { auth: 'user' } },
    async (req) => svc.add(req.body, req.user!, viewerOf(req.user, req.ctx.language), req.ctx.location),
  );

  app.post(
    '/api/place/update/:id',
    // a place is in other users' likes and lists: their cached answers go (platform/http/write-events.ts)
    {
      schema: { params: IdParamSchema, body: PlaceUpdateSchema, response: { 200: PlaceViewSchema }, tags },
      config: { auth: 'user', invalidates: 'all' },
    },
    async (req) => {
      const place = await svc.update(req.params.id, req.body, req.user!, viewerOf(req.user, req.ctx.language), req.ctx.location);
      await app.events.emit('place.changed', { placeId: req.params.id });
      return place;
    },
  );

  app.delete(
    '/api/place/delete/:id',
    { schema: { params: IdParamSchema, response: { 200: OkSchema }, tags }, config: { auth: 'user', invalidates: 'all' } },
    async (req) => {
      await svc.remove(req.params.id, req.user!, viewerOf(req.user, req.ctx.language));
      await app.events.emit('place.changed', { placeId: req.params.id });
      return { ok: true as const };
    },
  );

  app.post(
    '/api/place/objectionable/:id',
    { schema: { params: IdParamSchema, body: ObjectionableSchema.nullish(), response: { 200: OkSchema }, tags }, config: { auth: 'user' } },
    async (req) => {
      await svc.report(req.params.id, req.user!, viewerOf(req.user, req.ctx.language), req.body?.reason ?? '');
      return { ok: true as const };
    },
  );
};
