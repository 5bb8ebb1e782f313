import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiInfoSchema, INFO_CACHE_MS } from '@spotlist/contracts';

/** SPEC §7 GET /api/api/info; clients cache it for 5 minutes (SPEC §9). */
export const infoRoutes: FastifyPluginAsyncZod<{ version: string; commit: string }> = async (app, { version, commit }) => {
  app.get(
    '/api/api/info',
    { schema: { response: { 200: ApiInfoSchema }, tags: ['info'] }, config: { auth: 'public' } },
    async (_req, reply) => {
      reply.header('cache-control', `private, max-age=${INFO_CACHE_MS / 1000}`);
      return { name: 'Spotlist', version, commit, serverTime: new Date().toISOString() };
    },
  );
};
