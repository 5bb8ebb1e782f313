import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CitySearchQuerySchema, ErrorKey, FormError, listResponseSchema, PlaceSchema, Visibility } from '@spotlist/contracts';
import { AppError } from '../../lib/app-error.ts';
import { isIsoCountry } from '../reference/index.ts';
import { cityIndex, type CityIndex } from './city-index.ts';

/**
 * GET /api/city/search?q=&country=&limit= (SPEC §5: city autocomplete restricted to the chosen
 * country). Answers SPEC §3 selected places, most populous first. Public: the data is public.
 */
export const cityRoutes: FastifyPluginAsyncZod<{ index?: CityIndex }> = async (app, opts) => {
  const index = opts.index ?? cityIndex;
  app.get(
    '/api/city/search',
    {
      schema: { querystring: CitySearchQuerySchema, response: { 200: listResponseSchema(PlaceSchema) }, tags: ['reference'] },
      config: { auth: 'public' },
    },
    async (req, reply) => {
      const { q, country, limit } = req.query;
      if (!isIsoCountry(country)) {
        throw new AppError(ErrorKey.validation, 400, [{ path: 'querystring.country', key: FormError.pattern }]);
      }
      const { list, total } = index.search(country, q, limit);
      reply.header('cache-control', 'public, max-age=86400');
      return {
        list: list.map((c) => ({
          city: c.name,
          country,
          latitude: c.latitude,
          longitude: c.longitude,
          placeid: `geonames:${c.id}`,
          visibility: { id: Visibility.all },
        })),
        total,
        pageIndex: 0,
        pageSize: limit,
      };
    },
  );
};
