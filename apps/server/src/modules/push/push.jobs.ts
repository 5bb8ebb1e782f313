import crypto from 'node:crypto';
import { z } from 'zod';
import { PushPayloadSchema } from '@spotlist/contracts';
import { defineJob, type JobContext } from '../../platform/jobs/define-job.ts';
import type { NoticesService } from './notices.service.ts';
import type { DeliveryService } from './delivery.service.ts';

/** A job id (a UUID) made from a name: sending the same name twice queues one job (queue.ts `id`). */
export function jobIdOf(name: string): string {
  const h = crypto.createHash('sha256').update(name).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const id = z.number().int().positive();

/**
 * The message notices of one conversation for some of its members (NoticesService.messageNotice):
 * queued once per message for all members with a device, and per member for a folded follow-up or
 * the end of quiet hours. Composes, sends and marks; a rerun tells nobody twice what they were told.
 */
export const pushMessage = defineJob({
  name: 'push.message',
  // { userId } is the shape queued before notices were composed per group: still read
  payload: z.preprocess(
    (v) => (v && typeof v === 'object' && 'userId' in v && !('userIds' in v) ? { ...v, userIds: [(v as { userId: unknown }).userId] } : v),
    z.object({ conversationId: id, userIds: z.array(id).min(1).max(500) }),
  ),
  retry: { limit: 5, backoff: 'exponential', delaySeconds: 5, maxDelaySeconds: 600 },
  timeoutSeconds: 120,
  heartbeatSeconds: 10,
  concurrency: 8,
  handler: ({ conversationId, userIds }, ctx: JobContext<{ notices: NoticesService }>) =>
    ctx.notices.messageNotice(conversationId, userIds, ctx.jobId),
});

/** A match, a connection request, a meeting starting: one notice for one user, composed when it runs. */
export const pushEvent = defineJob({
  name: 'push.event',
  payload: z.object({
    kind: z.enum(['match', 'followRequest', 'meeting']),
    userId: id,
    /** The other user (match, request). */
    otherId: id.optional(),
    meetingId: id.optional(),
  }),
  retry: { limit: 5, backoff: 'exponential', delaySeconds: 5, maxDelaySeconds: 600 },
  timeoutSeconds: 60,
  heartbeatSeconds: 10,
  concurrency: 10,
  handler: (p, ctx: JobContext<{ notices: NoticesService }>) => ctx.notices.eventNotice(p, ctx.jobId),
});

export const DeliverPayloadSchema = z.object({
  deviceId: id,
  payload: PushPayloadSchema,
  /** Seconds the push service keeps it for an offline device. */
  ttl: z.number().int().min(0).max(2_419_200),
  urgency: z.enum(['very-low', 'low', 'normal', 'high']),
  /** ≤ 32 base64url characters: a newer notice with the same topic replaces an older undelivered one. */
  topic: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/)
    .optional(),
  /** Retries after a 429/5xx so far (each one a new job, delayed by Retry-After or the backoff). */
  retries: z.number().int().min(0).default(0),
  /** When the change the notice tells of happened (ms): how late it arrives is logged. */
  at: z.number().int().optional(),
});
export type DeliverPayload = z.infer<typeof DeliverPayloadSchema>;

/**
 * One notice to one device. 201: done; 404/410: the device is deleted; 429/5xx: sent again later
 * as a new job, delayed by the push service's Retry-After (or an exponential backoff); another 4xx:
 * logged and recorded on the device, not retried. A network error throws: the queue retries.
 */
export const pushDeliver = defineJob({
  name: 'push.deliver',
  payload: DeliverPayloadSchema,
  retry: { limit: 6, backoff: 'exponential', delaySeconds: 5, maxDelaySeconds: 1800 },
  timeoutSeconds: 60,
  heartbeatSeconds: 10,
  concurrency: 100,
  handler: (p, ctx: JobContext<{ delivery: DeliveryService }>) => ctx.delivery.deliver(p, ctx),
});
