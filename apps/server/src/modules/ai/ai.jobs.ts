import { z } from 'zod';
import { APP_LANGUAGES } from '@spotlist/contracts';
import { defineJob, type JobContext } from '../../platform/jobs/define-job.ts';
import type { TranslationsService, TranslationTargets } from './translations.service.ts';

/**
 * One language of a "Translate to all languages" run (translations.service.ts `work`): a
 * completion, the draft and its checks. Provider failures mark the language failed (the business
 * retries it alone), so the queue retries only a run whose instance died. All of a run's
 * languages run at once (13 at most), within the quota.
 */
export const translateLanguage = defineJob({
  name: 'ai.translate',
  payload: z.object({ runId: z.number().int().positive(), language: z.enum(APP_LANGUAGES) }),
  retry: { limit: 1, backoff: 'fixed', delaySeconds: 5 },
  timeoutSeconds: 300,
  concurrency: APP_LANGUAGES.length,
  handler: ({ runId, language }, ctx: JobContext<{ translations: TranslationsService; targets: TranslationTargets }>) =>
    ctx.translations.work(ctx.targets, runId, language, ctx.signal),
});
