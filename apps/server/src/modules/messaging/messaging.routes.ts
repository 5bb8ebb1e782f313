import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  ConversationInputSchema,
  ConversationMembersInputSchema,
  ConversationSchema,
  ConversationUpdateSchema,
  ErrorKey,
  GUEST_KEY_HEADER,
  IdParamSchema,
  MeetingInputSchema,
  MeetingJoinSchema,
  MessageCategoryInputSchema,
  MessageCategorySchema,
  MessageEditSchema,
  MessageInputSchema,
  MessageOverviewSchema,
  MessagePageSchema,
  MessageReportSchema,
  MessageSchema,
  MessageTranslationSchema,
  MessagesQuerySchema,
  MessagingFeaturesSchema,
  OkSchema,
  Permission,
  ReadInputSchema,
  UnreadCountSchema,
  type AppLanguage,
} from '@spotlist/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/client.ts';
import { messageCategories } from '../../platform/db/schema/index.ts';
import { resource } from '../../platform/http/resource.ts';
import { isModerator } from '../../platform/http/auth.ts';
import { AppError } from '../../lib/app-error.ts';
import { addressLimiter } from '../analytics/index.ts';
import { baseUrlOf } from '../widgets/index.ts';
import { jitsiConfig } from '../../integrations/jitsi/config.ts';
import { libreTranslate, translationConfig, TranslationError, type Translator } from '../../integrations/translation/client.ts';
import { conversationsService, type ConversationChanged } from './conversations.service.ts';
import { messagesService, type Sent } from './messages.service.ts';
import { overviewService } from './overview.service.ts';
import { meetingsService } from './meetings.service.ts';
import { guestChatService } from './guest-chat.service.ts';
import { messagingRealtime } from './messaging.realtime.ts';
import { rowsOf } from './views.ts';
import { messagingAccountPart } from './messaging.account.ts';

const tags = ['messaging'];
const auth = { auth: 'user' } as const;
/**
 * Messaging's writes (and the translation, a POST that reads) are told by messaging's own events
 * ('message.posted', 'conversation.changed', …: the room's sockets, the unread badge); no cached
 * read holds messages. Without this every message would also say 'user.wrote': each of the
 * writer's tabs would read everything again and the gateway would re-check their session.
 */
const writes = { auth: 'user', invalidates: 'none' } as const;
const MemberParamsSchema = z.object({ id: IdParamSchema.shape.id, userId: IdParamSchema.shape.id });
/** Guest chat calls one address may make per minute (reads, sends and read marks together). */
const GUEST_CHAT_CALLS_PER_MINUTE = 240;
/** A guest app's public id (guests module). */
const GuestAppIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,32}$/);
/** Translations kept (message, revision, language), least recently used dropped. */
const TRANSLATIONS_KEPT = 2000;

export interface MessagingOptions {
  db: Db;
  config: Config;
}

/**
 * Messaging (SPEC §1, §3 message overview and category; docs/decisions/0030; README.md):
 * conversations, messages, read state, reports, translation, meetings, and the guest's chat.
 * Every write answers after its events reached every instance ('message.posted' and friends,
 * which messaging.realtime.ts turns into client events in the conversation's room).
 */
export const messagingRoutes: FastifyPluginAsyncZod<MessagingOptions> = async (app, { db, config }) => {
  const conversations = conversationsService(db);
  const messages = messagesService(db, conversations);
  const overview = overviewService(db);
  const jitsi = jitsiConfig(config);
  const meetings = meetingsService(db, conversations, messages, jitsi);
  const guests = guestChatService(db, conversations, messages);
  const tcfg = translationConfig(config);
  // the provider TRANSLATION_URL names; none: no "Translate" (features say so, the call is 503)
  const translator: Translator | undefined = tcfg ? libreTranslate(tcfg) : undefined;
  const translations = new Map<string, string>();
  const allowGuest = addressLimiter(GUEST_CHAT_CALLS_PER_MINUTE);
  const me = (req: FastifyRequest) => req.user!;
  const writer = (req: FastifyRequest) => ({ kind: 'user' as const, id: me(req).id, moderator: isModerator(me(req)) });

  messagingRealtime(app, db, guests);
  app.accountData.register(messagingAccountPart(db));

  const posted = async (sent: Sent) => {
    if (!sent.fresh) return;
    await app.events.emit('message.posted', {
      conversationId: sent.message.conversationId,
      message: sent.message,
      memberIds: sent.memberIds,
      guestId: sent.guestId,
    });
  };
  const changed = async (c: ConversationChanged | null) => {
    if (c) await app.events.emit('conversation.changed', c);
  };

  // SPEC §3 /api/messagecategory/: seeded, read by any user, edited by reference editors
  resource(app, db, {
    path: '/api/messagecategory/',
    name: 'messagecategory',
    table: messageCategories,
    item: MessageCategorySchema,
    input: MessageCategoryInputSchema,
    policy: { read: 'user', write: Permission.referenceEdit, report: false },
    toApi: (r) => ({ id: r.id as number, key: r.key as string, name: r.name as string }),
    toRow: (i) => ({ key: i.key, name: i.name }),
    defaults: () => ({ key: '', name: '' }),
    list: {
      filters: { key: messageCategories.key },
      sorts: { id: messageCategories.id, key: messageCategories.key, name: messageCategories.name },
    },
    tags,
  });

  app.get('/api/messaging/features', { schema: { response: { 200: MessagingFeaturesSchema }, tags }, config: auth }, async () => ({
    translation: translator !== undefined,
    meetingHost: jitsi.host,
    meetingJwt: jitsi.jwt !== undefined,
  }));

  app.get('/api/messageoverview/list', { schema: { response: { 200: MessageOverviewSchema }, tags }, config: auth }, async (req) =>
    overview.overview(me(req).id, req.query),
  );
  app.get('/api/messageoverview/unread', { schema: { response: { 200: UnreadCountSchema }, tags }, config: auth }, async (req) =>
    overview.unread(me(req).id),
  );

  app.post(
    '/api/conversation/add',
    { schema: { body: ConversationInputSchema, response: { 200: ConversationSchema }, tags }, config: writes },
    async (req) => {
      const { conversation, changed: c } = await conversations.create({ id: me(req).id, accountType: me(req).accountType }, req.body);
      await changed(c);
      return conversation;
    },
  );
  app.get(
    '/api/conversation/:id',
    { schema: { params: IdParamSchema, response: { 200: ConversationSchema }, tags }, config: writes },
    async (req) => conversations.view(req.params.id, me(req).id),
  );
  app.post(
    '/api/conversation/update/:id',
    { schema: { params: IdParamSchema, body: ConversationUpdateSchema, response: { 200: ConversationSchema }, tags }, config: writes },
    async (req) => {
      const { conversation, changed: c } = await conversations.update(me(req).id, req.params.id, req.body);
      await changed(c);
      return conversation;
    },
  );
  app.post(
    '/api/conversation/:id/members',
    {
      schema: { params: IdParamSchema, body: ConversationMembersInputSchema, response: { 200: ConversationSchema }, tags },
      config: writes,
    },
    async (req) => {
      const { conversation, changed: c } = await conversations.addMembers(me(req).id, req.params.id, req.body.memberIds);
      await changed(c);
      return conversation;
    },
  );
  app.delete(
    '/api/conversation/:id/members/:userId',
    { schema: { params: MemberParamsSchema, response: { 200: ConversationSchema }, tags }, config: writes },
    async (req) => {
      const { conversation, changed: c } = await conversations.removeMember(me(req).id, req.params.id, req.params.userId);
      await changed(c);
      return conversation;
    },
  );
  for (const [action, blocked] of [
    ['block', true],
    ['unblock', false],
  ] as const) {
    app.post(
      `/api/conversation/:id/guest/${action}`,
      { schema: { params: IdParamSchema, response: { 200: ConversationSchema }, tags }, config: writes },
      async (req) => {
        const { conversation, changed: c } = await conversations.blockGuest(me(req).id, req.params.id, blocked);
        await changed(c);
        return conversation;
      },
    );
  }
  app.post(
    '/api/conversation/:id/leave',
    { schema: { params: IdParamSchema, response: { 200: OkSchema }, tags }, config: writes },
    async (req) => {
      await changed(await conversations.leave(me(req).id, req.params.id));
      return { ok: true as const };
    },
  );

  app.get(
    '/api/conversation/:id/messages',
    { schema: { params: IdParamSchema, querystring: MessagesQuerySchema, response: { 200: MessagePageSchema }, tags }, config: auth },
    async (req) => {
      if (req.query.before !== undefined && req.query.after !== undefined) throw new AppError(ErrorKey.validation, 400);
      return messages.list(req.params.id, me(req).id, req.query);
    },
  );
  app.post(
    '/api/conversation/:id/messages',
    { schema: { params: IdParamSchema, body: MessageInputSchema, response: { 200: MessageSchema }, tags }, config: writes },
    async (req) => {
      const sent = await messages.send(req.params.id, writer(req), req.body);
      await posted(sent);
      return sent.message;
    },
  );
  app.post(
    '/api/conversation/:id/read',
    { schema: { params: IdParamSchema, body: ReadInputSchema, response: { 200: OkSchema }, tags }, config: writes },
    async (req) => {
      const seq = await messages.read(req.params.id, me(req).id, req.body.seq);
      if (seq !== null) await app.events.emit('conversation.read', { conversationId: req.params.id, userId: me(req).id, seq });
      return { ok: true as const };
    },
  );

  app.get('/api/message/:id', { schema: { params: IdParamSchema, response: { 200: MessageSchema }, tags }, config: auth }, async (req) =>
    messages.get(req.params.id, me(req).id),
  );
  app.post(
    '/api/message/update/:id',
    { schema: { params: IdParamSchema, body: MessageEditSchema, response: { 200: MessageSchema }, tags }, config: writes },
    async (req) => {
      const { message, changed: moved } = await messages.edit(req.params.id, me(req).id, req.body.text);
      if (moved) await app.events.emit('message.changed', { conversationId: message.conversationId, message });
      return message;
    },
  );
  app.delete(
    '/api/message/delete/:id',
    { schema: { params: IdParamSchema, response: { 200: MessageSchema }, tags }, config: writes },
    async (req) => {
      const message = await messages.remove(req.params.id, me(req).id);
      await app.events.emit('message.changed', { conversationId: message.conversationId, message });
      return message;
    },
  );
  app.post(
    '/api/message/objectionable/:id',
    { schema: { params: IdParamSchema, body: MessageReportSchema, response: { 200: OkSchema }, tags }, config: auth },
    async (req) => {
      await messages.report(req.params.id, me(req).id, req.body.reason);
      return { ok: true as const };
    },
  );

  // Translation (beyond the anchors: chatwoot#2011): the message in the reader's app language
  app.post(
    '/api/message/:id/translate',
    { schema: { params: IdParamSchema, response: { 200: MessageTranslationSchema }, tags }, config: writes },
    async (req) => {
      if (!translator) throw new AppError(ErrorKey.translationUnavailable, 503);
      const rows = await rowsOf<{ text: string; rev: number | string }>(
        db,
        sql`select m.text, m.rev from messages m join conversation_members cm on cm.conversation_id = m.conversation_id and cm.user_id = ${me(req).id}
          where m.id = ${req.params.id} and m.deleted_at is null`,
      );
      const m = rows[0];
      if (!m) throw new AppError(ErrorKey.messageNotFound, 404);
      const language: AppLanguage = req.ctx.language;
      if (m.text === '') return { text: '', language };
      const key = `${req.params.id}:${m.rev}:${language}`;
      const kept = translations.get(key);
      if (kept !== undefined) {
        translations.delete(key);
        translations.set(key, kept);
        return { text: kept, language };
      }
      let text: string;
      try {
        ({ text } = await translator.translate(m.text, language));
      } catch (err) {
        if (!(err instanceof TranslationError)) throw err;
        req.log.warn({ err }, 'translation failed');
        throw new AppError(ErrorKey.translationFailed, 503);
      }
      translations.set(key, text);
      if (translations.size > TRANSLATIONS_KEPT) translations.delete(translations.keys().next().value!);
      return { text, language };
    },
  );

  // Video meetings (SPEC §1, §9; integrations/jitsi)
  app.post(
    '/api/conversation/:id/meeting',
    { schema: { params: IdParamSchema, body: MeetingInputSchema, response: { 200: MessageSchema }, tags }, config: writes },
    async (req) => {
      const sent = await meetings.create(req.params.id, { id: me(req).id, moderator: isModerator(me(req)) }, req.body);
      await posted(sent);
      return sent.message;
    },
  );
  app.get(
    '/api/meeting/:id/join',
    { schema: { params: IdParamSchema, response: { 200: MeetingJoinSchema }, tags }, config: auth },
    async (req) => {
      const [u] = await rowsOf<{ nickname: string }>(db, sql`select nickname from users where id = ${me(req).id}`);
      return meetings.join(req.params.id, { id: me(req).id, nickname: u?.nickname ?? '' });
    },
  );
  app.get('/api/meeting/:id/ics', { schema: { params: IdParamSchema, tags }, config: auth }, async (req, reply) => {
    const { text } = await meetings.ics(req.params.id, me(req).id, `${baseUrlOf(req, config.PUBLIC_URL)}/meeting/${req.params.id}`);
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="meeting-${req.params.id}.ics"`)
      .header('cache-control', 'no-store')
      .send(text);
  });

  // The guest app's chat with the business (x-guest-key; no account)
  const visitor = { auth: 'public' as const, xsrf: false };
  const guestTags = ['guests'];
  const limit = (ip: string) => {
    if (!allowGuest(ip)) throw new AppError(ErrorKey.rateLimited, 429);
  };
  const GuestChatSchema = z.object({
    conversation: ConversationSchema.nullable(),
    business: z.object({
      id: z.number().int(),
      nickname: z.string(),
      picturedocument: z.object({ id: z.number().int(), urlThumb240: z.string() }).nullable(),
    }),
  });
  const GuestChatQuerySchema = z.object({ app: GuestAppIdSchema });
  const GuestMessagesQuerySchema = MessagesQuerySchema.extend({ app: GuestAppIdSchema });
  const GuestMessageInputSchema = z.strictObject({
    app: GuestAppIdSchema,
    text: MessageInputSchema.in.shape.text,
    clientId: MessageInputSchema.in.shape.clientId,
  });
  const GuestReadInputSchema = ReadInputSchema.extend({ app: GuestAppIdSchema });
  app.get(
    '/api/public/guest/conversation',
    { schema: { querystring: GuestChatQuerySchema, response: { 200: GuestChatSchema }, tags: guestTags }, config: visitor },
    async (req) => {
      limit(req.ip);
      return guests.get(req.headers[GUEST_KEY_HEADER], req.query.app);
    },
  );
  app.get(
    '/api/public/guest/conversation/messages',
    { schema: { querystring: GuestMessagesQuerySchema, response: { 200: MessagePageSchema }, tags: guestTags }, config: visitor },
    async (req) => {
      limit(req.ip);
      const { app: publicId, ...opts } = req.query;
      if (opts.before !== undefined && opts.after !== undefined) throw new AppError(ErrorKey.validation, 400);
      return guests.list(req.headers[GUEST_KEY_HEADER], publicId, opts);
    },
  );
  app.post(
    '/api/public/guest/conversation/messages',
    { schema: { body: GuestMessageInputSchema, response: { 200: MessageSchema }, tags: guestTags }, config: visitor },
    async (req) => {
      limit(req.ip);
      const sent = await guests.send(req.headers[GUEST_KEY_HEADER], req.body.app, {
        text: req.body.text.trim(),
        clientId: req.body.clientId,
      });
      await changed(sent.changed);
      await posted(sent);
      return sent.message;
    },
  );
  app.post(
    '/api/public/guest/conversation/read',
    { schema: { body: GuestReadInputSchema, response: { 200: OkSchema }, tags: guestTags }, config: visitor },
    async (req) => {
      limit(req.ip);
      const { conversationId, seq } = await guests.read(req.headers[GUEST_KEY_HEADER], req.body.app, req.body.seq);
      if (seq !== null) await app.events.emit('conversation.read', { conversationId, userId: null, seq });
      return { ok: true as const };
    },
  );
};
