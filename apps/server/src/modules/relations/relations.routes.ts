import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  IdParamSchema,
  listResponseSchema,
  MatchResultSchema,
  OkSchema,
  PublicProfileSchema,
  RelationCategory,
  RelationCategorySchema,
  RelationCountsSchema,
  RelationDeleteAllSchema,
  RelationDeleteOneSchema,
  RelationListSchema,
  RelationSettingsSchema,
  RelationStateSchema,
  relationTypeKey,
  SuggestionListSchema,
  SuggestionQuerySchema,
  UserGroupInputSchema,
  UserGroupListSchema,
  UserGroupMemberInputSchema,
  UserGroupSchema,
  ErrorKey,
} from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { relationsService, type RelationOutcome } from './relations.service.ts';
import { suggestionsService } from './suggestions.service.ts';
import { groupsService } from './groups.service.ts';
import { publicProfileService } from './public-profile.service.ts';
import { rowsOf } from './people.ts';

const tags = ['user relations'];
const auth = { auth: 'user' } as const;
const MemberParamsSchema = z.object({ id: IdParamSchema.shape.id, userId: IdParamSchema.shape.id });

/**
 * SPEC §7 "User relations", /api/userrelationcategory/, /api/usergroup/ and the user profile view
 * (SPEC §3 /api/user/profile/). See README.md and docs/decisions/0029.
 */
export const relationRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const relations = relationsService(db);
  const suggestions = suggestionsService(db);
  const groups = groupsService(db);
  const profiles = publicProfileService(db, relations);
  const me = (req: FastifyRequest) => req.user!;

  /** Everything a relation write changes is told before the answer: caches on every instance, then the typed events. */
  const told = async (a: number, b: number, outcome?: RelationOutcome) => {
    await app.events.emit('relation.changed', { userId: a, relatedUserId: b });
    for (const e of outcome?.events ?? []) {
      if (e.name === 'relation.blocked') await app.events.emit(e.name, e.payload);
      else await app.events.emit(e.name, e.payload);
    }
  };

  app.accountData.register({
    owner: 'relations',
    sections: ['relations', 'groups'],
    async export(userId) {
      const rels = await rowsOf<{ type: number; categoryId: number | null; userId: number; nickname: string; createdAt: Date | string }>(
        db,
        sql`select r.type, r.category_id as "categoryId", r.related_user_id as "userId", u.nickname, r.created_at as "createdAt"
          from user_relations r join users u on u.id = r.related_user_id where r.user_id = ${userId} order by r.id`,
      );
      const mine = await groups.list(userId);
      return {
        relations: rels.map((r) => ({
          type: relationTypeKey(Number(r.type)) ?? String(r.type),
          category: r.categoryId === null ? null : Number(r.categoryId),
          userId: Number(r.userId),
          nickname: r.nickname,
          createdAt: new Date(r.createdAt).toISOString(),
        })),
        groups: mine.list.map((g) => ({ name: g.name, members: g.members.map((m) => m.nickname), createdAt: g.createdAt })),
      };
    },
  });

  // SPEC §3 /api/userrelationcategory/: the seeded categories, read only
  const categories = async () =>
    (await rowsOf<{ id: number; key: string }>(db, sql`select id, key from user_relation_categories order by id`)).map((c) => ({
      id: Number(c.id),
      key: c.key,
    }));
  app.get(
    '/api/userrelationcategory/list',
    { schema: { response: { 200: listResponseSchema(RelationCategorySchema) }, tags }, config: auth },
    async () => {
      const list = await categories();
      return { list, total: list.length, pageIndex: 0, pageSize: list.length };
    },
  );
  app.get(
    '/api/userrelationcategory/:id',
    { schema: { params: IdParamSchema, response: { 200: RelationCategorySchema }, tags }, config: auth },
    async (req) => {
      const found = (await categories()).find((c) => c.id === req.params.id);
      if (!found) throw new AppError(ErrorKey.relationCategory, 404);
      return found;
    },
  );

  app.get(
    '/api/userrelation/read/:id',
    { schema: { params: IdParamSchema, response: { 200: RelationStateSchema }, tags }, config: auth },
    async (req) => relations.state(me(req).id, req.params.id),
  );

  const matchRoutes = {
    both: [RelationCategory.private, RelationCategory.business],
    private: [RelationCategory.private],
    business: [RelationCategory.business],
  };
  for (const [name, cats] of Object.entries(matchRoutes)) {
    app.post(
      `/api/userrelation/match/${name}/:id`,
      { schema: { params: IdParamSchema, response: { 200: MatchResultSchema }, tags }, config: auth },
      async (req) => {
        const user = me(req);
        const { events, ...result } = await relations.match({ id: user.id, accountType: user.accountType }, req.params.id, cats);
        await told(user.id, req.params.id, { events });
        return result;
      },
    );
  }

  app.post(
    '/api/userrelation/nomatch/:id',
    { schema: { params: IdParamSchema, response: { 200: RelationStateSchema }, tags }, config: auth },
    async (req) => {
      const result = await relations.noMatch(me(req).id, req.params.id);
      await told(me(req).id, req.params.id);
      return result;
    },
  );

  app.post(
    '/api/userrelation/follow/:id',
    { schema: { params: IdParamSchema, response: { 200: RelationStateSchema }, tags }, config: auth },
    async (req) => {
      const result = await relations.follow(me(req).id, req.params.id);
      await told(me(req).id, req.params.id);
      return result;
    },
  );

  app.post(
    '/api/userrelation/block/:id',
    { schema: { params: IdParamSchema, response: { 200: RelationStateSchema }, tags }, config: auth },
    async (req) => {
      const { events, ...result } = await relations.block(me(req).id, req.params.id);
      await told(me(req).id, req.params.id, { events });
      return result;
    },
  );

  app.delete(
    '/api/userrelation/deleteByRelatedUserIdForLoggedInUser',
    { schema: { body: RelationDeleteAllSchema, response: { 200: OkSchema }, tags }, config: auth },
    async (req) => {
      await relations.deleteAll(me(req).id, req.body.relatedUserId);
      await told(me(req).id, req.body.relatedUserId);
      return { ok: true as const };
    },
  );

  app.delete(
    '/api/userrelation/deleteByRelatedUserIdRelationcategoryIdRelationtypeIdForLoggedInUser',
    { schema: { body: RelationDeleteOneSchema, response: { 200: RelationStateSchema }, tags }, config: auth },
    async (req) => {
      const result = await relations.deleteOne(me(req).id, req.body);
      await told(me(req).id, req.body.relatedUserId);
      return result;
    },
  );

  app.get('/api/userrelation/list', { schema: { response: { 200: RelationListSchema }, tags }, config: auth }, async (req) =>
    relations.list(me(req).id, req.query),
  );

  app.get('/api/userrelation/counts', { schema: { response: { 200: RelationCountsSchema }, tags }, config: auth }, async (req) =>
    relations.counts(me(req).id),
  );

  app.get(
    '/api/userrelation/suggestions',
    {
      schema: { querystring: SuggestionQuerySchema, response: { 200: SuggestionListSchema }, tags },
      config: {
        ...auth,
        // per user, query and language: dropped by the user's own writes, likes and relations (a
        // match or a block changes the cards at once, on every instance); others' new likes and
        // settings show within the platform's cache age (CACHE_MAX_AGE_MS, 10 s)
        cache: {
          scope: 'user',
          invalidatedBy: ['user.wrote', 'like.changed', 'list.changed', 'relation.changed', 'profile.changed', 'everything.changed'],
          maxBytes: 32 * 1024 * 1024,
        },
      },
    },
    async (req) => {
      const user = me(req);
      const q = req.query;
      const list = await suggestions.suggest({
        me: { id: user.id, accountType: user.accountType },
        kind: q.kind,
        city: q.city,
        size: q.size,
        language: req.ctx.language,
      });
      return { list };
    },
  );

  app.get('/api/userrelation/settings', { schema: { response: { 200: RelationSettingsSchema }, tags }, config: auth }, async (req) =>
    relations.settings(me(req).id),
  );
  app.post(
    '/api/userrelation/settings',
    { schema: { body: RelationSettingsSchema, response: { 200: RelationSettingsSchema }, tags }, config: auth },
    async (req) => relations.setSettings(me(req).id, req.body.discoverable),
  );

  // SPEC §3 user profile: another user as the viewer may see them (anyone may ask)
  app.get(
    '/api/user/profile/:id',
    { schema: { params: IdParamSchema, response: { 200: PublicProfileSchema }, tags }, config: { auth: 'public' } },
    async (req) => profiles.view(req.params.id, req.user?.id ?? 0),
  );

  // /api/usergroup/: my groups of friends
  const groupTags = ['user groups'];
  app.get('/api/usergroup/list', { schema: { response: { 200: UserGroupListSchema }, tags: groupTags }, config: auth }, async (req) =>
    groups.list(me(req).id),
  );
  app.post('/api/usergroup/new', { schema: { response: { 200: UserGroupSchema.partial() }, tags: groupTags }, config: auth }, async () => ({
    name: '',
    members: [],
  }));
  app.get(
    '/api/usergroup/:id',
    { schema: { params: IdParamSchema, response: { 200: UserGroupSchema }, tags: groupTags }, config: auth },
    async (req) => groups.get(me(req).id, req.params.id),
  );
  app.post(
    '/api/usergroup/add',
    { schema: { body: UserGroupInputSchema, response: { 200: UserGroupSchema }, tags: groupTags }, config: auth },
    async (req) => groups.add(me(req).id, req.body.name),
  );
  app.post(
    '/api/usergroup/update/:id',
    { schema: { params: IdParamSchema, body: UserGroupInputSchema, response: { 200: UserGroupSchema }, tags: groupTags }, config: auth },
    async (req) => groups.rename(me(req).id, req.params.id, req.body.name),
  );
  app.delete(
    '/api/usergroup/delete/:id',
    { schema: { params: IdParamSchema, response: { 200: OkSchema }, tags: groupTags }, config: auth },
    async (req) => {
      const members = await groups.remove(me(req).id, req.params.id);
      for (const m of members) await app.events.emit('relation.changed', { userId: me(req).id, relatedUserId: m });
      return { ok: true as const };
    },
  );
  app.post(
    '/api/usergroup/:id/member',
    {
      schema: { params: IdParamSchema, body: UserGroupMemberInputSchema, response: { 200: UserGroupSchema }, tags: groupTags },
      config: auth,
    },
    async (req) => {
      const group = await groups.addMember(me(req).id, req.params.id, req.body.userId);
      await told(me(req).id, req.body.userId);
      return group;
    },
  );
  app.delete(
    '/api/usergroup/:id/member/:userId',
    { schema: { params: MemberParamsSchema, response: { 200: UserGroupSchema }, tags: groupTags }, config: auth },
    async (req) => {
      const group = await groups.removeMember(me(req).id, req.params.id, req.params.userId);
      await told(me(req).id, req.params.userId);
      return group;
    },
  );
};
