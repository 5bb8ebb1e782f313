import { z } from 'zod';
import { defineJob, type JobContext } from '../../platform/jobs/define-job.ts';
import type { AuthService } from './auth.service.ts';

export const MailPayloadSchema = z.object({ kind: z.enum(['verify', 'reset']), userId: z.number().int().positive() });

/**
 * The account mails: address verification and password reset. The payload is the kind and the
 * user id, not the finished mail: the link's one-time token is minted when the mail is built, so
 * no usable secret waits in the job table (completed jobs stay a week, dead letters two), the
 * reset link's hour starts when the mail leaves rather than when it was asked for, and the address
 * and language are the account's at that moment.
 *
 * A rerun (a crash between writing the mail and completing the job) mints another token and
 * writes the mail under the same id, so the outbox holds it once and SMTP receivers get the same
 * Message-ID; whichever copy the user opens, its link works.
 */
export const sendMail = defineJob({
  name: 'mail.send',
  payload: MailPayloadSchema,
  // rides out an SMTP outage of an hour or more (2–4 s, then doubling, at most 30 min apart), while
  // a mail whose instance died goes out a few seconds after its heartbeat ran out
  retry: { limit: 12, backoff: 'exponential', delaySeconds: 2, maxDelaySeconds: 30 * 60 },
  timeoutSeconds: 120,
  // someone is waiting for this mail: a crashed instance's mails go out about 10 s later, not after the timeout
  heartbeatSeconds: 10,
  handler: ({ kind, userId }, { auth, jobId }: JobContext<{ auth: Pick<AuthService, 'deliverTokenMail'> }>) =>
    auth.deliverTokenMail(kind, userId, jobId),
});
