import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DeadJobListSchema,
  ErrorKey,
  IntegrationListSchema,
  JobNameParamSchema,
  JobQueueListSchema,
  Permission,
  type DeadJob,
  type Integration,
} from '@spotlist/contracts';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/client.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { geocoderConfig } from '../../integrations/geocoder/config.ts';
import { s3Config } from '../../integrations/s3/config.ts';
import { AppError } from '../../lib/app-error.ts';

const tags = ['admin'];

/** A dead letter's error as one line: pg-boss keeps the thrown error's message (or the handler's output). */
function errorText(error: unknown): string {
  if (error === null || error === undefined) return '';
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message;
  return JSON.stringify(error).slice(0, 500);
}

/**
 * Operations (jobs.view, jobs.retry): every job's queue with its counts, a job's spent runs with
 * their errors and a retry of them, and each integration's configuration and failing work.
 */
export const operationsRoutes: FastifyPluginAsyncZod<{ db: Db; jobs: JobQueue; config: Config }> = async (app, { db, jobs, config }) => {
  const jobOf = (name: string) => {
    const def = jobs.definition(name);
    if (!def) throw new AppError(ErrorKey.notFound, 404);
    return def;
  };
  const deadOf = async (name: string): Promise<DeadJob[]> =>
    (await jobs.deadLetters(jobOf(name))).map((d) => ({
      id: d.id,
      error: errorText(d.error),
      attempts: d.attempts,
      deadSince: d.deadSince.toISOString(),
    }));

  app.get(
    '/api/admin/job/list',
    { schema: { response: { 200: JobQueueListSchema }, tags }, config: { permission: Permission.jobsView } },
    async () => ({ list: await jobs.overview() }),
  );

  app.get(
    '/api/admin/job/:name/dead',
    { schema: { params: JobNameParamSchema, response: { 200: DeadJobListSchema }, tags }, config: { permission: Permission.jobsView } },
    async (req) => ({ list: await deadOf(req.params.name) }),
  );

  app.post(
    '/api/admin/job/:name/retry',
    {
      schema: { params: JobNameParamSchema, response: { 200: z.object({ retried: z.number().int() }) }, tags },
      config: { permission: Permission.jobsRetry },
    },
    async (req) => {
      const retried = await jobs.redrive(jobOf(req.params.name));
      await recordAudit(db, req.user, { action: 'job.retry', targetType: 'job', targetId: req.params.name, after: { retried } });
      return { retried };
    },
  );

  app.get(
    '/api/admin/integration/list',
    { schema: { response: { 200: IntegrationListSchema }, tags }, config: { permission: Permission.jobsView } },
    async () => {
      const mailJob = jobs.definition('mail.send');
      const mailDead = mailJob ? await deadOf('mail.send') : [];
      const geocoder = geocoderConfig(config);
      const s3 = s3Config(config);
      const pushDead = jobs.definition('push.deliver') ? await deadOf('push.deliver') : null;
      const pushJob = pushDead ? { name: 'push.deliver', dead: pushDead.length, lastError: pushDead.at(-1)?.error ?? null } : null;
      const aiDead = jobs.definition('ai.translate') ? await deadOf('ai.translate') : null;
      const aiJob = aiDead ? { name: 'ai.translate', dead: aiDead.length, lastError: aiDead.at(-1)?.error ?? null } : null;
      const list: Integration[] = [
        {
          name: 'mail',
          configured: !!config.SMTP_URL,
          mode: config.SMTP_URL ? 'smtp' : 'outbox',
          job: mailJob ? { name: 'mail.send', dead: mailDead.length, lastError: mailDead.at(-1)?.error ?? null } : null,
        },
        { name: 'storage', configured: !!s3, mode: s3 ? 's3' : 'disk', job: null },
        { name: 'geocoder', configured: !!geocoder, mode: geocoder ? geocoder.kind : 'cities', job: null },
        // push (modules/push): Web Push always (its keys are made when not given); the apps' devices
        // only with their service. push.deliver carries the retries of all three.
        { name: 'pushWeb', configured: true, mode: 'webpush', job: pushJob },
        { name: 'pushAndroid', configured: !!config.FCM_SERVICE_ACCOUNT, mode: config.FCM_SERVICE_ACCOUNT ? 'fcm' : 'notsent', job: null },
        { name: 'pushIos', configured: !!config.APNS_KEY, mode: config.APNS_KEY ? 'apns' : 'notsent', job: null },
        // the AI assistant (modules/ai): any OpenAI-compatible server; ai.translate carries "Translate to all languages"
        { name: 'ai', configured: !!config.AI_BASE_URL, mode: config.AI_BASE_URL ? 'openai' : 'off', job: aiJob },
      ];
      return { list };
    },
  );
};
