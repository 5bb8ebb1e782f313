import type { z } from 'zod';

export interface JobRetry {
  /** Attempts after the first; when they are spent the job moves to `<name>.dead`. */
  limit: number;
  /** `exponential`: each delay is about twice the one before (with jitter), capped at maxDelaySeconds. */
  backoff: 'exponential' | 'fixed';
  delaySeconds: number;
  maxDelaySeconds?: number;
}

/** What handlers log through: Fastify's logger fits, and so does anything with these three methods. */
export interface JobLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Facts about the run a handler is in, beside the dependencies its module registered. */
export interface JobRun {
  jobId: string;
  /** 0 on the first run; a rerun after a crash counts as an attempt too. */
  attempt: number;
  /** Aborted when the job outlives timeoutSeconds or the queue stops past its grace. */
  signal: AbortSignal;
  log: JobLog;
}

export type JobContext<C> = C & JobRun;

export interface JobDefinition<S extends z.ZodType = z.ZodType, C = never> {
  name: string;
  payload: S;
  retry: JobRetry;
  /** A run still going after this long is given up and retried. */
  timeoutSeconds: number;
  /**
   * A worker marks its jobs alive every heartbeatSeconds / 2; a job whose worker went silent (the
   * process died) is retried this long after its last mark, instead of after timeoutSeconds.
   */
  heartbeatSeconds: number;
  /** Jobs one instance fetches and runs at once. */
  concurrency: number;
  handler: (payload: z.output<S>, ctx: JobContext<C>) => Promise<void>;
}

export interface JobSpec<S extends z.ZodType, C> {
  /** `<module>.<verb>`, e.g. `mail.send`: letters, digits, `.`, `_`, `-` (it names the queue). */
  name: string;
  payload: S;
  retry?: Partial<JobRetry>;
  timeoutSeconds?: number;
  heartbeatSeconds?: number;
  concurrency?: number;
  handler: (payload: z.output<S>, ctx: JobContext<C>) => Promise<void>;
}

export const DEFAULT_RETRY: JobRetry = { limit: 3, backoff: 'exponential', delaySeconds: 10, maxDelaySeconds: 3600 };

/**
 * A job type: its payload schema (checked when sent and again when run) and its handler. Handlers
 * must be idempotent: a crash between the work and its completion runs the job again.
 */
export function defineJob<S extends z.ZodType, C = object>(spec: JobSpec<S, C>): JobDefinition<S, C> {
  // The name is also the queue's and, with `.dead`, its dead-letter queue's: refuse what pg-boss
  // would refuse only when the first job is sent.
  if (!/^[a-z0-9][\w.-]*$/i.test(spec.name) || spec.name.endsWith('.dead')) {
    throw new Error(`job name "${spec.name}": use letters, digits, ".", "_" and "-", not ending in ".dead"`);
  }
  const heartbeatSeconds = spec.heartbeatSeconds ?? 30;
  // pg-boss refuses heartbeats under 10 s: it marks at half the interval, and faster would be noise.
  if (heartbeatSeconds < 10) throw new Error(`job ${spec.name}: heartbeatSeconds must be at least 10`);
  return {
    name: spec.name,
    payload: spec.payload,
    retry: { ...DEFAULT_RETRY, ...spec.retry },
    timeoutSeconds: spec.timeoutSeconds ?? 15 * 60,
    heartbeatSeconds,
    concurrency: spec.concurrency ?? 5,
    handler: spec.handler,
  };
}
