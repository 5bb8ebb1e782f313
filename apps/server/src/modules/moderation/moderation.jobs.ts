import { z } from 'zod';
import { defineJob, type JobContext } from '../../platform/jobs/define-job.ts';
import type { NoticeMailer } from './notice-mail.ts';

/**
 * A moderators' notice by mail: the decision, its reason and the link to the notices page where
 * the user reads and appeals it. The payload is the notice's id; the mail is built when it leaves
 * (the account's address and language then). A rerun writes the same mail under the same id.
 */
export const mailNotice = defineJob({
  name: 'moderation.mail',
  payload: z.object({ noticeId: z.number().int().positive() }),
  retry: { limit: 12, backoff: 'exponential', delaySeconds: 2, maxDelaySeconds: 30 * 60 },
  timeoutSeconds: 120,
  handler: ({ noticeId }, { notices, jobId }: JobContext<{ notices: NoticeMailer }>) => notices.deliver(noticeId, jobId),
});
