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
import { placeViewKey, type RouteCache } from '../../platform/http/response-cache.ts';
import { CATALOGUE_TAG } from '../../platform/events/stamps.ts';
import type { FileStorage } from '../documents/index.ts';
import { placesService, viewerOf } from './places.service.ts';
import { placesAccountPart } from './places.account.ts';

/**
 * SPEC §7 generic resource calls for the place catalogue at /api/place/ (written by hand rather
 * than with resource(): reads are "public catalogue or mine", writes "creator or admin", and
 * answers carry a distance from the user-location header).
 */
/** Memory for cached place answers per instance (a catalogue page of 20 is ~12 KB, a place ~1.5 KB). */
const PLACE_CACHE_BYTES = 32 * 1024 * 1024;

/**
 * Per viewer (what they may read, which places they like); dropped by the viewer's own writes and
 * likes, any place's change or picture, and for catalogue searches any new place (`place.added`).
 */
const placeCache = (catalogue: boolean): RouteCache => ({
  scope: 'user',
  key: placeViewKey,
  tags: catalogue ? () => [CATALOGUE_TAG] : undefined,
  invalidatedBy: ['user.wrote', 'like.changed', 'place.changed', 'everything.changed', ...(catalogue ? (['place.added'] as const) : [])],
  maxBytes: PLACE_CACHE_BYTES,
});

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
    { schema: { response: { 200: listResponseSchema(PlaceViewSchema) }, tags }, config: { auth: 'user', cache: placeCache(true) } },
    async (req) => svc.list(req.query, viewerOf(req.user, req.ctx.language), req.ctx.location),
  );

  app.get(
    '/api/place/:id',
    { schema: { params: IdParamSchema, response: { 200: PlaceViewSchema }, tags }, config: { auth: 'user', cache: placeCache(false) } },
    async (req) => svc.get(req.params.id, viewerOf(req.user, req.ctx.language), req.ctx.location),
  );

  app.post(
    '/api/place/add',
    { schema: { body: PlaceInputSchema, response: { 200: PlaceViewSchema }, tags }, config: { auth: 'user' } },
    async (req) => {
      const place = await svc.add(req.body, req.user!, viewerOf(req.user, req.ctx.language), req.ctx.location);
      // others' catalogue searches may now show it (the creator's own answers go by user.wrote)
      await app.events.emit('place.added', { placeId: place.id });
      return place;
    },
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
