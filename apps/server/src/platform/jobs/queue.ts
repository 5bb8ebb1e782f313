import { PgBoss, type JobResult, type JobWithMetadata, type Queue } from 'pg-boss';
import { ErrorKey } from '@spotlist/contracts';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../db/client.ts';
import type { JobContext, JobDefinition, JobLog } from './define-job.ts';
import { bossConnection } from './pg-boss-adapter.ts';

export interface JobQueueOptions {
  /**
   * Seconds between a worker's polls. A new job wakes workers at once through LISTEN/NOTIFY, so
   * this bounds how late a retry (whose delay ran out) or a missed notification is picked up.
   */
  pollIntervalSeconds?: number;
  /** Seconds between supervision passes, which retry jobs whose worker died or that timed out. */
  superviseIntervalSeconds?: number;
  /** Seconds between the passes that turn due cron schedules into jobs (1 to 45). */
  cronIntervalSeconds?: number;
  /** How long stop() lets running jobs finish; those still running then are failed and retried later. */
  stopGraceMs?: number;
  log?: JobLog;
}

export interface SendOptions {
  /** Run no earlier than this many seconds from now. */
  delaySeconds?: number;
  /** A UUID naming the job: sending the same id again queues nothing (e.g. a redelivered webhook). */
  id?: string;
}

/** A job that spent its retries, as kept in `<name>.dead` (14 days, pg-boss's retention). */
export interface DeadLetter {
  /** Its id in the dead-letter queue. */
  id: string;
  /** The id it had in its own queue. */
  sourceId: string | null;
  payload: unknown;
  /** What its last attempt failed with. */
  error: unknown;
  attempts: number;
  deadSince: Date;
}

/** A payload its job's schema refuses: nothing was queued. A 400 when it reaches a request. */
export class JobPayloadError extends AppError {
  constructor(
    readonly job: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(
      ErrorKey.validation,
      400,
      issues.map((i) => ({ path: ['payload', ...i.path.map(String)].join('.'), key: 'FORM.ERROR.INVALID' })),
    );
    this.message = `payload of job ${job}: ${issues.map((i) => `${i.path.join('.') || '(root)'} ${i.message}`).join('; ')}`;
  }
}

export const deadLetterQueue = (name: string) => `${name}.dead`;

/** One job's queue as the console shows it (JobQueue.overview). */
export interface QueueCounts {
  name: string;
  ready: number;
  deferred: number;
  active: number;
  failed: number;
  /** Spent its retries: waiting in `<name>.dead` for a redrive (14 days). */
  dead: number;
}

// A definition whatever its payload and context (its handler takes `never & …`, which any context satisfies).
type AnyJob = JobDefinition<z.ZodType, never>;
type Handler = (payload: unknown, ctx: JobContext<object>) => Promise<void>;

const silent: JobLog = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * The durable job queue: pg-boss on the product's database (PGlite or PostgreSQL). Modules define
 * jobs (defineJob), the composition root registers their handlers with what they need, start()
 * runs a worker per registered job. Several instances on one database share the work; each job
 * runs once (SKIP LOCKED), again only when its run failed or its worker died.
 */
export class JobQueue {
  readonly #boss: PgBoss;
  readonly #poll: number;
  readonly #stopGraceMs: number;
  #log: JobLog;
  readonly #handlers = new Map<string, { def: AnyJob; context: unknown }>();
  readonly #queues = new Map<string, Promise<void>>();
  #state: 'new' | 'starting' | 'started' | 'stopped' = 'new';
  #starting: Promise<unknown> | null = null;

  constructor(database: Database, opts: JobQueueOptions = {}) {
    this.#poll = opts.pollIntervalSeconds ?? 2;
    this.#stopGraceMs = opts.stopGraceMs ?? 10_000;
    this.#log = opts.log ?? silent;
    const supervise = opts.superviseIntervalSeconds ?? 60;
    const cron = Math.min(45, Math.max(1, opts.cronIntervalSeconds ?? 30));
    this.#boss = new PgBoss({
      ...bossConnection(database),
      useListenNotify: true,
      superviseIntervalSeconds: supervise,
      monitorIntervalSeconds: supervise,
      cronMonitorIntervalSeconds: cron,
      cronWorkerIntervalSeconds: Math.min(5, cron),
      // PGlite runs no autovacuum (it is one backend, no launcher): the check would only warn forever.
      monitorVacuum: database.kind !== 'pglite',
    });
    // an EventEmitter's unheard 'error' would throw: pg-boss reports failed polls and maintenance here
    this.#boss.on('error', (err) => this.#log.error({ err }, 'job queue error'));
    this.#boss.on('warning', (warning) => this.#log.warn({ warning }, 'job queue warning'));
  }

  /** Runs `def` on this instance, its handler getting `context` beside the run's facts. Before start() only. */
  register<S extends z.ZodType, C>(def: JobDefinition<S, C>, context: C): void {
    if (this.#state !== 'new') throw new Error(`job ${def.name}: register handlers before start()`);
    if (this.#handlers.has(def.name)) throw new Error(`job ${def.name} is registered twice`);
    this.#handlers.set(def.name, { def, context });
  }

  /** Installs or migrates pg-boss's schema, then starts a worker for every registered job. */
  async start(log?: JobLog): Promise<void> {
    if (this.#state !== 'new') throw new Error('the job queue was started already');
    if (log) this.#log = log;
    this.#state = 'starting';
    const starting = (async () => {
      await this.#boss.start();
      for (const { def, context } of this.#handlers.values()) await this.#work(def, context);
    })();
    this.#starting = starting.catch(() => {});
    await starting;
    this.#state = 'started';
  }

  /** Queues a job. The payload is checked against the job's schema first: a bad one throws JobPayloadError and nothing is queued. */
  async send<S extends z.ZodType>(def: JobDefinition<S, never>, payload: z.input<S>, opts: SendOptions = {}): Promise<string> {
    const data = checkPayload(def, payload);
    this.#assertRunning(def.name);
    await this.#ensureQueue(def);
    const id = await this.#boss.send(def.name, data, { id: opts.id, startAfter: opts.delaySeconds });
    if (id) return id;
    if (opts.id) return opts.id; // a job with this id exists: sending it again is a no-op by design
    throw new Error(`job ${def.name} was not queued`);
  }

  /**
   * Queues several jobs of one kind in one statement (a fan-out: one notice to many devices). Each
   * payload is checked as send() checks it; an id that exists already queues nothing, as in send().
   */
  async sendMany<S extends z.ZodType>(
    def: JobDefinition<S, never>,
    items: { payload: z.input<S>; id?: string; delaySeconds?: number }[],
  ): Promise<void> {
    if (items.length === 0) return;
    const jobs = items.map((i) => ({ id: i.id, data: checkPayload(def, i.payload), startAfter: i.delaySeconds }));
    this.#assertRunning(def.name);
    await this.#ensureQueue(def);
    await this.#boss.insert(def.name, jobs);
  }

  /**
   * Sends `payload` to `def` on a cron expression (5 fields, or 6 with seconds first), evaluated in
   * `tz` (UTC by default). Stored in the database: one instance sends each occurrence, and calling
   * this again (every start) updates the schedule rather than adding one. `key` tells several
   * schedules of one job apart.
   */
  async schedule<S extends z.ZodType>(
    def: JobDefinition<S, never>,
    cron: string,
    payload: z.input<S>,
    opts: { key?: string; tz?: string } = {},
  ): Promise<void> {
    const data = checkPayload(def, payload);
    this.#assertRunning(def.name);
    await this.#ensureQueue(def);
    await this.#boss.schedule(def.name, cron, data, { key: opts.key, tz: opts.tz });
  }

  async unschedule(def: AnyJob, key?: string): Promise<void> {
    this.#assertRunning(def.name);
    await this.#boss.unschedule(def.name, key);
  }

  /** The jobs of `def` that spent their retries, oldest first. */
  async deadLetters(def: AnyJob, limit = 100): Promise<DeadLetter[]> {
    this.#assertRunning(def.name);
    await this.#ensureQueue(def);
    const jobs = await this.#boss.findJobs<unknown>(deadLetterQueue(def.name), { limit });
    return jobs.map((j) => ({
      id: j.id,
      sourceId: j.sourceId,
      payload: j.data,
      error: j.sourceOutput ?? j.output,
      attempts: (j.sourceRetryCount ?? 0) + 1,
      deadSince: j.createdOn,
    }));
  }

  /** The registered jobs by name (the console names them), or undefined. */
  definition(name: string): AnyJob | undefined {
    return this.#handlers.get(name)?.def;
  }

  /**
   * Every registered job's queue with its counts now: ready, deferred (a retry's delay or a
   * send's), running, failed and still retained, and spent (in its dead-letter queue). Counted in
   * pg-boss's job table in one statement (its own queue counts are refreshed by its monitor only).
   */
  async overview(): Promise<QueueCounts[]> {
    if (this.#state !== 'started') return [];
    const names = [...this.#handlers.keys()].sort();
    if (names.length === 0) return [];
    const { rows } = await this.#boss.getDb().executeSql(
      `select name,
         count(*) filter (where state in ('created', 'retry') and start_after <= now())::int as ready,
         count(*) filter (where state in ('created', 'retry') and start_after > now())::int as deferred,
         count(*) filter (where state = 'active')::int as active,
         count(*) filter (where state = 'failed')::int as failed
       from pgboss.job where name = any($1::text[]) group by name`,
      [[...names, ...names.map(deadLetterQueue)]],
    );
    const byName = new Map((rows as (Omit<QueueCounts, 'dead'> & { name: string })[]).map((r) => [r.name, r]));
    return names.map((name) => {
      const q = byName.get(name);
      const dead = byName.get(deadLetterQueue(name));
      return {
        name,
        ready: q?.ready ?? 0,
        deferred: q?.deferred ?? 0,
        active: q?.active ?? 0,
        failed: q?.failed ?? 0,
        // nothing works the dead-letter queue: its jobs wait there until a redrive
        dead: dead ? dead.ready + dead.deferred : 0,
      };
    });
  }

  /** Moves the dead letters of `def` back into its queue for a fresh set of retries; answers how many. */
  async redrive(def: AnyJob): Promise<number> {
    this.#assertRunning(def.name);
    await this.#ensureQueue(def);
    return this.#boss.redrive(deadLetterQueue(def.name));
  }

  /**
   * Stops fetching, lets running jobs finish for up to stopGraceMs (what still runs then is failed
   * and retried by whichever instance is up), and closes pg-boss's own connections.
   */
  async stop(): Promise<void> {
    if (this.#state === 'stopped') return;
    const started = this.#state !== 'new';
    this.#state = 'stopped';
    if (!started) return;
    await this.#starting;
    await this.#boss.stop({ graceful: true, timeout: this.#stopGraceMs, close: true });
  }

  #assertRunning(name: string) {
    if (this.#state === 'new') throw new Error(`job ${name}: the job queue is not started`);
    if (this.#state === 'stopped') throw new Error(`job ${name}: the job queue is stopped`);
  }

  #ensureQueue(def: AnyJob): Promise<void> {
    let ready = this.#queues.get(def.name);
    if (!ready) {
      ready = this.#createQueue(def);
      this.#queues.set(def.name, ready);
      ready.catch(() => this.#queues.delete(def.name));
    }
    return ready;
  }

  async #createQueue(def: AnyJob): Promise<void> {
    const dead = deadLetterQueue(def.name);
    // nothing works the dead-letter queue: its jobs wait to be read or redriven
    await this.#boss.createQueue(dead);
    const exponential = def.retry.backoff === 'exponential';
    const settings: Omit<Queue, 'name'> = {
      retryLimit: def.retry.limit,
      retryDelay: def.retry.delaySeconds,
      retryBackoff: exponential,
      // pg-boss refuses a cap on fixed delays, even an undefined one
      ...(exponential && def.retry.maxDelaySeconds !== undefined ? { retryDelayMax: def.retry.maxDelaySeconds } : {}),
      expireInSeconds: def.timeoutSeconds,
      heartbeatSeconds: def.heartbeatSeconds,
      deadLetter: dead,
      notify: true,
    };
    await this.#boss.createQueue(def.name, settings);
    // createQueue keeps a queue that exists as it was: a changed definition must reach it too
    const { deadLetter, retryDelayMax, heartbeatSeconds, ...rest } = settings;
    await this.#boss.updateQueue(def.name, { ...rest, deadLetter, retryDelayMax: retryDelayMax ?? null, heartbeatSeconds });
  }

  async #work(def: AnyJob, context: unknown): Promise<void> {
    await this.#ensureQueue(def);
    await this.#boss.work(
      def.name,
      {
        batchSize: def.concurrency,
        includeMetadata: true,
        // each job of a batch settles on its own: one failing mail does not retry its neighbours
        perJobResults: true,
        // a full batch means a backlog: fetch the next at once instead of after a poll interval
        burstWhenBatchFull: true,
        pollingIntervalSeconds: this.#poll,
        notifyPollingIntervalSeconds: this.#poll,
      } as const,
      (jobs: JobWithMetadata<unknown>[]) => Promise.all(jobs.map((job) => this.#run(def, context, job))),
    );
  }

  async #run(def: AnyJob, context: unknown, job: JobWithMetadata<unknown>): Promise<JobResult> {
    const where = { job: def.name, jobId: job.id, attempt: job.retryCount };
    const parsed = def.payload.safeParse(job.data);
    if (!parsed.success) {
      // no retry can fix a payload (sent by other code, or changed by hand): straight to the dead letters
      this.#log.error({ ...where, issues: parsed.error.issues }, 'job payload does not match its schema');
      return { id: job.id, status: 'deadletter', output: { message: 'payload does not match the schema', issues: parsed.error.issues } };
    }
    const ctx: JobContext<object> = { ...(context as object), jobId: job.id, attempt: job.retryCount, signal: job.signal, log: this.#log };
    try {
      await (def.handler as Handler)(parsed.data, ctx);
      return { id: job.id, status: 'completed' };
    } catch (err) {
      const last = job.retryCount >= job.retryLimit;
      if (last) this.#log.error({ ...where, err }, 'job failed for the last time: moved to its dead-letter queue');
      else this.#log.warn({ ...where, err }, 'job failed: it will be retried');
      const e = err instanceof Error ? err : new Error(String(err));
      return { id: job.id, status: 'failed', output: { name: e.name, message: e.message, stack: e.stack } };
    }
  }
}

/**
 * The payload as it will be stored: valid for the schema, and still valid after the trip through
 * JSON it takes into the job table (a Date or a transform would not survive it, and the job would
 * fail only when run).
 */
function checkPayload(def: AnyJob, payload: unknown): object {
  const parsed = def.payload.safeParse(payload);
  if (!parsed.success) throw new JobPayloadError(def.name, parsed.error.issues);
  const stored: unknown = JSON.parse(JSON.stringify(parsed.data ?? null));
  const again = def.payload.safeParse(stored);
  if (!again.success || typeof stored !== 'object' || stored === null || Array.isArray(stored)) {
    throw new Error(`job ${def.name}: its payload schema must describe a JSON object`);
  }
  return stored;
}

/** The queue as the JOBS_* settings say; it gets half of SHUTDOWN_GRACE_MS to let running jobs finish. */
export function createJobQueue(database: Database, config: Config): JobQueue {
  return new JobQueue(database, {
    pollIntervalSeconds: config.JOBS_POLL_INTERVAL_SECONDS,
    superviseIntervalSeconds: config.JOBS_SUPERVISE_INTERVAL_SECONDS,
    stopGraceMs: Math.max(1000, Math.floor(config.SHUTDOWN_GRACE_MS / 2)),
  });
}
