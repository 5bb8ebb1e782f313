import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { ErrorKey, USER_FLAGS, type UserFlag } from '@spotlist/contracts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

/** The activation flags of SPEC §3 that open feature routes (SPEC §1, §2). */
export type FeatureFlag = UserFlag;
export type FeatureFlags = Record<FeatureFlag, boolean>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route needs this flag, or any one of these (403 `error.flag.missing` otherwise). */
    flag?: FeatureFlag | readonly FeatureFlag[];
  }
}

const NONE = Object.freeze(Object.fromEntries(USER_FLAGS.map((f) => [f, false]))) as FeatureFlags;
const COLUMNS = Object.fromEntries(USER_FLAGS.map((f) => [f, users[f]])) as { [K in FeatureFlag]: (typeof users)[K] };
const byRequest = new WeakMap<FastifyRequest, FeatureFlags>();

export async function flagsOf(db: Db, userId: number): Promise<FeatureFlags> {
  const [row] = await db.select(COLUMNS).from(users).where(eq(users.id, userId));
  return row ?? NONE;
}

/** The flags read by the gate for this request (all false when the route has none). */
export const requestFlags = (req: FastifyRequest): FeatureFlags => byRequest.get(req) ?? NONE;

/** Refuses when the flag is off (a check inside a service, where the flag depends on the row: a widget's version). */
export function needFlag(flags: FeatureFlags, flag: FeatureFlag): void {
  if (!flags[flag]) throw new AppError(ErrorKey.flagMissing, 403);
}

/**
 * The gate: a route with `config.flag` answers 403 unless the logged-in user has it (or one of
 * them). It runs before validation, so a user without the flag learns nothing about the route's
 * input. Routes without a flag cost nothing (a callback hook, no promise).
 */
export const featureFlagsPlugin = fp<{ db: Db }>(
  async (app, { db }) => {
    app.addHook('preValidation', (req, _reply, done) => {
      const need = req.routeOptions.config?.flag;
      if (!need || !req.user) return done();
      const any = typeof need === 'string' ? [need] : need;
      flagsOf(db, req.user.id).then(
        (flags) => {
          byRequest.set(req, flags);
          done(any.some((f) => flags[f]) ? undefined : new AppError(ErrorKey.flagMissing, 403));
        },
        (err: Error) => done(err),
      );
    });
  },
  { name: 'feature-flags', dependencies: ['auth'] },
);
