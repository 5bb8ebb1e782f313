import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { ErrorKey } from '@spotlist/contracts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

/** The activation flags that open the widget and guest app routes (SPEC §1, §2). */
export type FeatureFlag = 'widgetv1activated' | 'widgetv2activated' | 'hasGuest';
export type FeatureFlags = Record<FeatureFlag, boolean>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route needs any one of these flags (403 `error.flag.missing` otherwise). */
    flags?: readonly FeatureFlag[];
  }
}

const NONE: FeatureFlags = { widgetv1activated: false, widgetv2activated: false, hasGuest: false };
const byRequest = new WeakMap<FastifyRequest, FeatureFlags>();

export async function flagsOf(db: Db, userId: number): Promise<FeatureFlags> {
  const [row] = await db
    .select({ widgetv1activated: users.widgetv1activated, widgetv2activated: users.widgetv2activated, hasGuest: users.hasGuest })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? NONE;
}

/** The flags read by the gate for this request (all false when the route has none). */
export const requestFlags = (req: FastifyRequest): FeatureFlags => byRequest.get(req) ?? NONE;

/** The flag a widget of this version needs. */
export const widgetFlag = (version: number): FeatureFlag => (version === 1 ? 'widgetv1activated' : 'widgetv2activated');

/** Refuses a widget of a version the user has no flag for. */
export function needWidgetFlag(flags: FeatureFlags, version: number): void {
  if (!flags[widgetFlag(version)]) throw new AppError(ErrorKey.flagMissing, 403);
}

/**
 * Adds the gate to the routes of the calling plugin: a route with `config.flags` answers 403 unless
 * the logged-in user has one of them. It runs before validation, so a user without the flag learns
 * nothing about the route's input.
 */
export function addFlagGate(app: FastifyInstance, db: Db): void {
  app.addHook('preValidation', async (req) => {
    const need = req.routeOptions.config?.flags;
    if (!need || need.length === 0 || !req.user) return;
    const flags = await flagsOf(db, req.user.id);
    byRequest.set(req, flags);
    if (!need.some((f) => flags[f])) throw new AppError(ErrorKey.flagMissing, 403);
  });
}
