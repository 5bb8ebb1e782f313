import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { preparedPerDb } from '../db/prepared.ts';
import { ErrorKey, Permission, type AccountTypeId, type PermissionKey } from '@spotlist/contracts';
import type { Db } from '../db/client.ts';
import { authSessions, securityRoles, users, userSecurityRoles } from '../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserActor } from '../actor/actor.ts';
import type { EventBus } from '../events/bus.ts';
import { stampedCache, stamps, userTag, type Stamps } from '../events/stamps.ts';
import { hashToken } from '../../lib/tokens.ts';

/** Who may call a route. Every route declares one in `config.auth`; the default is 'user'. */
export type AccessRule = 'public' | 'user';

/** The user of a request's access token: the actor routes hand to services, with the session it came by. */
export interface SessionUser extends UserActor {
  id: number;
  sessionId: number;
  accountType: AccountTypeId;
  permissions: string[];
  clientId: number;
  email: string;
  /** Epoch ms while the account is suspended (modules/moderation), else null. */
  suspendedUntil: number | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AccessRule;
    /**
     * The permission (contracts permissions.ts) the route needs, on top of a login; with a list,
     * any one of them. Every route under /api/admin/ declares one: registering one without it
     * fails at start (deny by default).
     */
    permission?: PermissionKey | readonly PermissionKey[];
    /** A suspended account may call this route (its session, logout, its notices and appeals). */
    whileSuspended?: boolean;
  }
  interface FastifyRequest {
    /** The logged-in user, or null on public routes without a valid token. */
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** Every route's access as registered: what the permission-matrix test walks. */
    routeAccess: RouteAccess[];
  }
}

export interface RouteAccess {
  method: string;
  url: string;
  auth: AccessRule;
  /** Any one of these opens the route; empty when it needs none. */
  permissions: readonly PermissionKey[];
}

/** The permissions a route config names (any one opens it). */
export const routePermissions = (permission: PermissionKey | readonly PermissionKey[] | undefined): readonly PermissionKey[] =>
  permission === undefined ? [] : typeof permission === 'string' ? [permission] : permission;

/** Routes under this prefix refuse to register without `config.permission`. */
export const ADMIN_ROUTE_PREFIX = '/api/admin/';

/** Whether the user holds the permission through any of its roles. */
export const hasPermission = (user: Pick<UserActor, 'permissions'> | null | undefined, permission: PermissionKey): boolean =>
  !!user?.permissions.includes(permission);

/**
 * Whether the user may read, change and delete any user's content (places, lists, pictures):
 * moderators and administrators (`moderation.reports`).
 */
export const isModerator = (user: Pick<UserActor, 'permissions'> | null | undefined): boolean =>
  hasPermission(user, Permission.moderationReports);

/** The permissions a user has through its security roles (SPEC §3 permissionsInclude). */
export const permissionsOf = (userId: unknown) => sql<string[]>`coalesce((
  select jsonb_agg(distinct p.value order by p.value)
  from ${userSecurityRoles} usr
  join ${securityRoles} r on r.id = usr.security_role_id
  cross join lateral jsonb_array_elements_text(r.permissions) p
  where usr.user_id = ${userId}), '[]'::jsonb)`;
export const AUTH_HEADER = 'x-auth-token';

/** API routes are closed unless they say otherwise; the web app's files and the API docs are open. */
export function accessRuleOf(url: string | undefined, declared: AccessRule | undefined): AccessRule {
  if (declared) return declared;
  if (!url || !url.startsWith('/api/') || url.startsWith('/api/docs')) return 'public';
  return 'user';
}

const findSessionQuery = preparedPerDb((db) =>
  db
    .select({
      id: users.id,
      sessionId: authSessions.id,
      expiresAt: authSessions.accessExpiresAt,
      accountType: users.accountType,
      permissions: permissionsOf(users.id),
      clientId: users.clientId,
      email: users.email,
      suspendedUntil: users.suspendedUntil,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(
      and(
        eq(authSessions.accessHash, sql.placeholder('hash')),
        gt(authSessions.accessExpiresAt, sql`now()`),
        isNull(authSessions.revokedAt),
        isNull(authSessions.rotatedAt),
      ),
    )
    .limit(1)
    .prepare('find_session'),
);

/** What makes a remembered session stale: any write of its user (its account, its roles), a revocation, an admin's write. */
export const SESSION_EVENTS = ['user.wrote', 'session.revoked', 'profile.changed', 'everything.changed'] as const;

/** Sessions remembered by token hash; each is a few hundred bytes. */
const SESSION_CACHE_ENTRIES = 50_000;

/**
 * The session of an access token, from memory when a stamped entry is fresh (platform/events/stamps.ts:
 * logout, refresh, password changes and every other write of the user drop it at once, on every
 * instance) and not past the token's own expiry. A hit is answered at once, without a promise.
 */
export function sessionFinder(db: Db, inv: Stamps) {
  const cache = stampedCache<SessionUser & { expiresAt: number }>(inv, { maxEntries: SESSION_CACHE_ENTRIES });
  const load = async (token: string): Promise<SessionUser | null> => {
    const stamp = inv.stamp();
    const rows = await findSessionQuery(db).execute({ hash: hashToken(token) });
    const row = rows[0];
    if (!row) return null;
    // shared by the requests the entry serves: frozen, so none can change another's user
    const session = Object.freeze({
      ...row,
      accountType: row.accountType as AccountTypeId,
      permissions: Object.freeze(row.permissions) as string[],
      suspendedUntil: row.suspendedUntil ? row.suspendedUntil.getTime() : null,
      expiresAt: row.expiresAt.getTime(),
    });
    cache.set(token, [userTag(row.id)], stamp, session);
    return session;
  };
  // keyed by the token itself: a hit costs no SHA-256 (the database keeps hashes only; this
  // instance's memory holds the tokens its requests carry anyway)
  return (token: string): SessionUser | null | Promise<SessionUser | null> => {
    if (token.length > 200) return null;
    const hit = cache.get(token);
    if (hit && hit.expiresAt > Date.now()) return hit;
    return load(token);
  };
}

/** Reads X-Auth-Token (SPEC §7) before the body is parsed, so a missing login answers 401 first. */
export const authPlugin = fp<{ db: Db; events: EventBus; maxAgeMs: number }>(
  async (app, { db, events, maxAgeMs }) => {
    const findSession = sessionFinder(db, stamps(events, SESSION_EVENTS, { maxAgeMs }));
    app.decorateRequest('user', null);
    const routeAccess: RouteAccess[] = [];
    app.decorate('routeAccess', routeAccess);
    app.addHook('onRoute', (route) => {
      const permissions = routePermissions(route.config?.permission);
      const auth = accessRuleOf(route.url, route.config?.auth);
      if (route.url.startsWith(ADMIN_ROUTE_PREFIX) && permissions.length === 0) {
        throw new Error(`${String(route.method)} ${route.url}: a route under ${ADMIN_ROUTE_PREFIX} must declare config.permission`);
      }
      if (permissions.length > 0 && auth === 'public')
        throw new Error(`${String(route.method)} ${route.url}: a public route cannot need a permission`);
      for (const method of [route.method].flat()) if (method !== 'HEAD') routeAccess.push({ method, url: route.url, auth, permissions });
    });
    const check = (req: FastifyRequest, rule: AccessRule, token: string | undefined): AppError | undefined => {
      if (rule === 'public' || !req.routeOptions.url) return;
      if (!token) return new AppError(ErrorKey.unauthorized, 401);
      const user = req.user;
      if (!user) return new AppError(ErrorKey.tokenInvalid, 401);
      const config = req.routeOptions.config;
      if (user.suspendedUntil !== null && user.suspendedUntil > Date.now() && !config?.whileSuspended) {
        return new AppError(ErrorKey.accountSuspended, 403);
      }
      const needed = routePermissions(config?.permission);
      if (needed.length > 0 && !needed.some((p) => hasPermission(user, p))) return new AppError(ErrorKey.permissionMissing, 403);
    };
    // callback style: a call without a token (public pages, widget visitors) costs no promise
    app.addHook('onRequest', (req, _reply, done) => {
      const rule = accessRuleOf(req.routeOptions.url, req.routeOptions.config?.auth);
      const header = req.headers[AUTH_HEADER];
      const token = typeof header === 'string' && header.length > 0 ? header : undefined;
      if (!token) return done(check(req, rule, token));
      const found = findSession(token);
      if (!(found instanceof Promise)) {
        req.user = found;
        return done(check(req, rule, token));
      }
      found.then(
        (user) => {
          req.user = user;
          done(check(req, rule, token));
        },
        (err: Error) => done(err),
      );
    });
  },
  { name: 'auth' },
);
