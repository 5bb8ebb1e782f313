import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorKey,
  GUEST_KEY_HEADER,
  GuestAppUpdateSchema,
  GuestAppViewSchema,
  GuestClaimInputSchema,
  GuestClaimResultSchema,
  GuestCreatedSchema,
  GuestCreateInputSchema,
  GuestLikeInputSchema,
  GuestLikesSchema,
  GuestQrQuerySchema,
  PublicGuestAppSchema,
} from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { addressLimiter, analyticsService } from '../analytics/index.ts';
import { visitorLanguage } from '../widgets/index.ts';
import { userTag } from '../../platform/events/stamps.ts';
import { cacheTags } from '../../platform/http/response-cache.ts';
import { baseUrlOf } from '../widgets/index.ts';
import { guestAppService } from './guest-app.service.ts';
import { guestsService } from './guests.service.ts';
import { guestConversationClaim } from '../messaging/index.ts';

/** Guest calls one address may make per minute (new guests, likes, reads together). */
export const GUEST_CALLS_PER_MINUTE = 240;
const PUBLIC_ID = /^[A-Za-z0-9_-]{8,32}$/;

/**
 * Guests (no account; header x-guest-key) and the guest app: public reads and likes, the claim by
 * a logged-in user, and the business's guest app settings and QR codes (`hasGuest`).
 */
export const guestRoutes: FastifyPluginAsyncZod<{
  db: Db;
  publicUrl?: string;
}> = async (app, { db, publicUrl }) => {
  const analytics = analyticsService(db);
  const guestApp = guestAppService(db);
  const svc = guestsService(db, analytics);
  const claimGuestConversations = guestConversationClaim(db);
  const allow = addressLimiter(GUEST_CALLS_PER_MINUTE);
  const visitor = { auth: 'public' as const, xsrf: false };
  const tags = ['guests'];
  const limit = (ip: string) => {
    if (!allow(ip)) throw new AppError(ErrorKey.rateLimited, 429);
  };

  app.post(
    '/api/public/guest',
    { schema: { body: GuestCreateInputSchema.nullish(), response: { 200: GuestCreatedSchema }, tags }, config: visitor, logLevel: 'warn' },
    async (req) => {
      limit(req.ip);
      return svc.create(req.body ?? {});
    },
  );

  app.post(
    '/api/public/guest/like',
    { schema: { body: GuestLikeInputSchema, response: { 200: GuestLikesSchema }, tags }, config: visitor, logLevel: 'warn' },
    async (req) => {
      limit(req.ip);
      return { placeIds: await svc.like(req.headers[GUEST_KEY_HEADER], req.body.placeId, req.body.widget) };
    },
  );

  app.delete(
    '/api/public/guest/like/:placeId',
    {
      schema: {
        params: z.object({ placeId: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: GuestLikesSchema },
        tags,
      },
      config: visitor,
      logLevel: 'warn',
    },
    async (req) => {
      limit(req.ip);
      return { placeIds: await svc.unlike(req.headers[GUEST_KEY_HEADER], req.params.placeId) };
    },
  );

  app.get(
    '/api/public/guest/likes',
    { schema: { response: { 200: GuestLikesSchema }, tags }, config: visitor, logLevel: 'warn' },
    async (req) => {
      limit(req.ip);
      return { placeIds: await svc.likes(req.headers[GUEST_KEY_HEADER]) };
    },
  );

  app.post(
    '/api/guest/claim',
    { schema: { body: GuestClaimInputSchema, response: { 200: GuestClaimResultSchema }, tags }, config: { auth: 'user' } },
    async (req) => {
      const { moved, guestId } = await svc.claim(req.body.guestKey, req.user!);
      // the guest's conversations with businesses become the user's (modules/messaging)
      for (const changed of await claimGuestConversations(guestId, req.user!.id)) await app.events.emit('conversation.changed', changed);
      return { moved };
    },
  );

  app.get(
    '/api/public/guest-app/:publicId',
    {
      schema: {
        params: z.object({ publicId: z.string().max(64) }),
        querystring: z.object({ lang: z.string().max(35).optional() }),
        response: { 200: PublicGuestAppSchema, 304: z.null() },
        tags,
      },
      config: {
        ...visitor,
        cache: {
          scope: 'public',
          tags: (req) => [`g${(req.params as { publicId: string }).publicId}`],
          // its owner's writes (settings, lists, widgets, logo), its widgets', places' and admins' changes
          invalidatedBy: ['user.wrote', 'profile.changed', 'widget.changed', 'list.changed', 'place.changed', 'everything.changed'],
          key: (req) => visitorLanguage((req.query as { lang?: string }).lang),
          maxBytes: 64 * 1024 * 1024,
        },
      },
      logLevel: 'warn',
    },
    async (req) => {
      const found = PUBLIC_ID.test(req.params.publicId)
        ? await guestApp.publicApp(req.params.publicId, visitorLanguage(req.query.lang))
        : null;
      if (!found) throw new AppError(ErrorKey.guestAppNotFound, 404);
      cacheTags(req, userTag(found.ownerId), ...found.widgetIds.map((id) => `w${id}`));
      return found.answer;
    },
  );

  const hasGuest = { auth: 'user' as const, flag: ['hasGuest'] as const };
  app.get('/api/guestapp', { schema: { response: { 200: GuestAppViewSchema }, tags }, config: hasGuest }, async (req) =>
    guestApp.get(req.user!, baseUrlOf(req, publicUrl)),
  );
  app.post(
    '/api/guestapp',
    { schema: { body: GuestAppUpdateSchema, response: { 200: GuestAppViewSchema }, tags }, config: hasGuest },
    async (req) => guestApp.update(req.user!, req.body, baseUrlOf(req, publicUrl)),
  );
  app.get('/api/guestapp/qr', { schema: { querystring: GuestQrQuerySchema, tags }, config: hasGuest }, async (req, reply) => {
    const qr = await guestApp.qr(req.user!, req.query.unit, req.query.format, baseUrlOf(req, publicUrl));
    return reply
      .header('content-type', qr.type)
      .header('content-disposition', `attachment; filename="${qr.name}"`)
      .header('cache-control', 'private, no-store')
      .send(qr.body);
  });
};
