import { z } from 'zod';
import { defineJob, type JobContext } from '../../platform/jobs/define-job.ts';
import type { FleetService } from './fleet.service.ts';

/**
 * One poll of a fleet account (fleet.service.ts `poll`): the provider's positions stored and the
 * account's health updated. Provider failures are the account's state (backoff, or paused for
 * refused credentials), not the job's: the queue retries only a poll whose instance died.
 */
export const pollAccount = defineJob({
  name: 'fleet.poll',
  payload: z.object({ accountId: z.number().int().positive() }),
  retry: { limit: 1, backoff: 'fixed', delaySeconds: 5 },
  timeoutSeconds: 120,
  concurrency: 5,
  handler: async ({ accountId }, ctx: JobContext<{ fleet: FleetService; moved: (ownerId: number) => Promise<void> }>) => {
    const ownerId = await ctx.fleet.poll(accountId, ctx.signal);
    // the live views hear of it on every instance (the bus)
    if (ownerId !== null) await ctx.moved(ownerId);
  },
});
