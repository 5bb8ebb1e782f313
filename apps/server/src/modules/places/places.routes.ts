import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IdParamSchema,
  listResponseSchema,
  ObjectionableSchema,
  OkSchema,
  PlaceDefaultsSchema,
  PlaceInputSchema,
  PlacePositionQuerySchema,
  PlacePositionSchema,
  PlaceUpdateSchema,
  PlaceViewSchema,
} from '@spotlist/contracts';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/client.ts';
import { geocoderFromConfig, type Geocoder } from '../../integrations/geocoder/client.ts';
import { cityIndex, type CityIndex } from '../cities/index.ts';
import { placeViewKey, type RouteCache } from '../../platform/http/response-cache.ts';
import { CATALOGUE_TAG } from '../../platform/events/stamps.ts';
import type { FileStorage } from '../documents/index.ts';
import { placesService, viewerOf } from './places.service.ts';
import { placePositions, type PositionOptions } from './place-position.ts';
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
  invalidatedBy: [
    'user.wrote',
    'like.changed',
    'place.changed',
    'everything.changed',
    'relation.changed',
    ...(catalogue ? (['place.added'] as const) : []),
  ],
  maxBytes: PLACE_CACHE_BYTES,
});

/** What a position lookup takes from the request: its languages for the geocoder, its log for the geocoder's failures. */
const positionOptions = (req: FastifyRequest): PositionOptions => ({
  acceptLanguage: req.headers['accept-language'] ?? req.ctx.language,
  onGeocoderError: (err) => req.log.warn({ err }, 'geocoder failed: the city centre is used'),
});

export interface PlaceRoutesOptions {
  db: Db;
  storage: FileStorage;
  /** GEOCODER_* (integrations/geocoder); without it places without coordinates go to their city's centre. */
  config?: Config;
  /** A geocoder of the caller's (tests); takes the place of the one `config` describes. */
  geocoder?: Geocoder | null;
  cities?: Pick<CityIndex, 'centre'>;
}

export const placeRoutes: FastifyPluginAsyncZod<PlaceRoutesOptions> = async (app, opts) => {
  const { db, storage } = opts;
  app.accountData.register(placesAccountPart(db));
  const geocoder = opts.geocoder !== undefined ? opts.geocoder : opts.config ? geocoderFromConfig(opts.config) : null;
  const svc = placesService(db, storage, placePositions(geocoder, opts.cities ?? cityIndex));
  const tags = ['places'];

  app.get(
    '/api/place/position',
    { schema: { querystring: PlacePositionQuerySchema, response: { 200: PlacePositionSchema }, tags }, config: { auth: 'user' } },
    async (req) => svc.position(req.query, positionOptions(req)),
  );

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
      const place = await svc.add(req.body, req.user!, viewerOf(req.user, req.ctx.language), req.ctx.location, positionOptions(req));
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
      const place = await svc.update(
        req.params.id,
        req.body,
        req.user!,
        viewerOf(req.user, req.ctx.language),
        req.ctx.location,
        positionOptions(req),
      );
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
