import { z } from 'zod';
import { defineJob, type JobContext } from '../../platform/jobs/define-job.ts';
import type { ExternalAccountsService } from './external-accounts.service.ts';

/**
 * Renews one connection's provider tokens before they end (connections.ts
 * `refresh`). A provider that refuses for good marks the connection broken (not retried); one
 * that is away throws, and the queue tries again with backoff.
 */
export const refreshConnection = defineJob({
  name: 'externalaccount.refresh',
  payload: z.object({ externalAccountId: z.number().int().positive() }),
  retry: { limit: 3, backoff: 'exponential', delaySeconds: 30, maxDelaySeconds: 600 },
  timeoutSeconds: 60,
  concurrency: 5,
  handler: async ({ externalAccountId }, ctx: JobContext<{ external: ExternalAccountsService }>) => {
    await ctx.external.refresh(externalAccountId);
  },
});
