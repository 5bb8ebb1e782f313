import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listResponseSchema, UserLanguageRefSchema, UserLanguageSchema, type UserLanguage } from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { userLanguagesService } from './user-languages.service.ts';
import { userLanguagesAccountPart } from './user-languages.account.ts';

const asList = (list: UserLanguage[]) => ({ list, total: list.length, pageIndex: 0, pageSize: list.length });

/** The caller's content languages (SPEC §7). Every answer is the caller's whole list afterwards. */
export const userLanguageRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.accountData.register(userLanguagesAccountPart(db));
  const svc = userLanguagesService(db);
  const response = { 200: listResponseSchema(UserLanguageSchema) };
  const tags = ['languages'];

  app.get('/api/language/mine', { schema: { response, tags }, config: { auth: 'user' } }, async (req) =>
    asList(await svc.list(req.user!.id)),
  );

  app.post('/api/language/add', { schema: { body: UserLanguageRefSchema, response, tags }, config: { auth: 'user' } }, async (req) =>
    asList(await svc.add(req.user!.id, req.body.id)),
  );

  app.post('/api/language/remove', { schema: { body: UserLanguageRefSchema, response, tags }, config: { auth: 'user' } }, async (req) =>
    asList(await svc.remove(req.user!.id, req.body.id)),
  );

  app.post(
    '/api/language/assignDefault',
    { schema: { body: UserLanguageRefSchema, response, tags }, config: { auth: 'user' } },
    async (req) => asList(await svc.assignDefault(req.user!.id, req.body.id)),
  );
};
