import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IdParamSchema,
  listResponseSchema,
  OkSchema,
  SharedListSchema,
  ShareInputSchema,
  ShareRevokeSchema,
  ShareSchema,
  ShareTokenParamSchema,
} from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { viewerOf } from '../places/index.ts';
import { cacheTags, cacheUntil, placeViewKey } from '../../platform/http/response-cache.ts';
import { userTag } from '../../platform/events/stamps.ts';
import { sharesService } from './shares.service.ts';

/** POST /api/share (SPEC §7), the public link GET /api/share/{token}, and revocation. */
export const shareRoutes: FastifyPluginAsyncZod<{ db: Db; publicUrl?: string }> = async (app, { db, publicUrl }) => {
  const svc = sharesService(db, publicUrl);
  const tags = ['shares'];

  app.post(
    '/api/share',
    { schema: { body: ShareInputSchema, response: { 200: ShareSchema }, tags }, config: { auth: 'user' } },
    async (req) => svc.create(req.body, req.user!),
  );

  app.get(
    '/api/list/:id/shares',
    { schema: { params: IdParamSchema, response: { 200: listResponseSchema(ShareSchema) }, tags }, config: { auth: 'user' } },
    async (req) => svc.ofList(req.params.id, req.user!),
  );

  app.get(
    '/api/share/:token',
    {
      schema: { params: ShareTokenParamSchema, response: { 200: SharedListSchema }, tags },
      config: {
        auth: 'public',
        // one answer for everyone without an account, a logged-in reader's own (their likes); tagged
        // with the list (l<id>: its changes and the share's revocation) and its owner; kept no longer
        // than the share lasts. 404 and 410 are never kept.
        cache: {
          scope: 'viewer',
          key: placeViewKey,
          invalidatedBy: ['user.wrote', 'like.changed', 'list.changed', 'place.changed', 'profile.changed', 'everything.changed'],
          maxBytes: 32 * 1024 * 1024,
        },
      },
    },
    async (req) => {
      const shared = await svc.read(req.params.token, req.query, viewerOf(req.user, req.ctx.language), req.ctx.location);
      cacheTags(req, `l${shared.id}`, userTag(shared.owner.id));
      if (shared.share.expiresAt) cacheUntil(req, Date.parse(shared.share.expiresAt));
      return shared;
    },
  );

  app.delete(
    '/api/share/:token',
    { schema: { params: ShareTokenParamSchema, response: { 200: OkSchema }, tags }, config: { auth: 'user' } },
    async (req) => {
      const listId = await svc.revokeToken(req.params.token, req.user!);
      // the recipients' cached answers of the list go, on every instance, before the owner hears
      if (listId !== null) await app.events.emit('list.changed', { listId, ownerId: req.user!.id });
      return { ok: true as const };
    },
  );

  app.post(
    '/api/share/revoke',
    { schema: { body: ShareRevokeSchema, response: { 200: OkSchema }, tags }, config: { auth: 'user' } },
    async (req) => {
      const listId = await svc.revokeId(req.body.id, req.user!);
      if (listId !== null) await app.events.emit('list.changed', { listId, ownerId: req.user!.id });
      return { ok: true as const };
    },
  );
};
