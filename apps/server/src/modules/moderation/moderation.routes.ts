import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AppealDecisionInputSchema,
  AppealInputSchema,
  IdParamSchema,
  NoticeListSchema,
  ObjectionableSchema,
  OkSchema,
  Permission,
  ReportDecisionInputSchema,
  ReportListSchema,
  ReportSchema,
} from '@spotlist/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/client.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import type { Mailer } from '../../integrations/smtp/mailer.ts';
import { mailText } from '../../lib/mail-texts.ts';
import { moderationAccountPart } from './moderation.account.ts';
import { mailNotice } from './moderation.jobs.ts';
import { moderationService } from './moderation.service.ts';
import { noticeMailer } from './notice-mail.ts';

/**
 * The reports queue for moderators (`moderation.reports`) and the reported user's notices and
 * appeals (any logged-in user, suspended ones too).
 */
export const moderationRoutes: FastifyPluginAsyncZod<{ db: Db; jobs: JobQueue; mailer: Mailer; config: Config }> = async (
  app,
  { db, jobs, mailer, config },
) => {
  jobs.register(mailNotice, { notices: noticeMailer(db, mailer, config, mailText) });
  const svc = moderationService(db, (noticeId) => jobs.send(mailNotice, { noticeId }));
  app.accountData.register(moderationAccountPart(db));
  const tags = ['moderation'];
  const moderator = { permission: Permission.moderationReports };

  app.get(
    '/api/admin/report/list',
    { schema: { querystring: z.record(z.string(), z.unknown()), response: { 200: ReportListSchema }, tags }, config: moderator },
    async (req) => svc.queue(req.query),
  );

  app.get(
    '/api/admin/report/:id',
    { schema: { params: IdParamSchema, response: { 200: ReportSchema }, tags }, config: moderator },
    async (req) => svc.report(req.params.id),
  );

  app.post(
    '/api/admin/report/:id/decide',
    { schema: { params: IdParamSchema, body: ReportDecisionInputSchema, response: { 200: ReportSchema }, tags }, config: moderator },
    async (req) => svc.decide(req.params.id, req.body, req.user!),
  );

  app.post(
    '/api/admin/report/:id/appeal',
    { schema: { params: IdParamSchema, body: AppealDecisionInputSchema, response: { 200: ReportSchema }, tags }, config: moderator },
    async (req) => svc.decideAppeal(req.params.id, req.body, req.user!),
  );

  // SPEC §7 objectionable/{id} for accounts (places and lists report through their own modules)
  app.post(
    '/api/user/objectionable/:id',
    {
      schema: { params: IdParamSchema, body: ObjectionableSchema.optional(), response: { 200: OkSchema }, tags },
      config: { auth: 'user' },
    },
    async (req) => {
      await svc.reportUser(req.params.id, req.user!.id, req.body?.reason ?? '');
      return { ok: true as const };
    },
  );

  app.post(
    '/api/widget/objectionable/:id',
    {
      schema: { params: IdParamSchema, body: ObjectionableSchema.optional(), response: { 200: OkSchema }, tags },
      config: { auth: 'user' },
    },
    async (req) => {
      await svc.reportWidget(req.params.id, req.user!.id, req.body?.reason ?? '');
      return { ok: true as const };
    },
  );

  const mine = { auth: 'user', whileSuspended: true } as const;

  app.get('/api/notice/list', { schema: { response: { 200: NoticeListSchema }, tags }, config: mine }, async (req) =>
    svc.notices(req.user!.id),
  );

  app.post('/api/notice/read', { schema: { response: { 200: OkSchema }, tags }, config: mine }, async (req) => {
    await svc.markRead(req.user!.id);
    return { ok: true as const };
  });

  app.post(
    '/api/notice/:id/appeal',
    { schema: { params: IdParamSchema, body: AppealInputSchema, response: { 200: NoticeListSchema }, tags }, config: mine },
    async (req) => {
      await svc.appeal(req.params.id, req.body.text, req.user!.id);
      return svc.notices(req.user!.id);
    },
  );
};
