import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_USER_FILTERS,
  ADMIN_USER_SORTS,
  ADMIN_USER_STATES,
  AccountType,
  BUILT_IN_ROLES,
  CLIENT_SCOPED_PERMISSIONS,
  ErrorKey,
  Permission,
  USER_FLAGS,
  type AdminRole,
  type AdminUser,
  type AdminUserDetail,
  type AdminUserList,
  type UserFlag,
} from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { authSessions, clients, objectionableReports, securityRoles, userSecurityRoles, users } from '../../platform/db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { hasPermission, type SessionUser } from '../../platform/http/auth.ts';
import { checkFilters, checkSort, enumListFilter, queryParamError, readListQuery } from '../../platform/http/list-query.ts';
import { assertAdministratorLeft } from '../security-roles/index.ts';

const notFound = () => new AppError(ErrorKey.notFound, 404);
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const isBuiltIn = (key: string) => BUILT_IN_ROLES.some((r) => r.key === key);
/** A role a client admin may give: every permission it grants acts inside the client only. */
const isClientScoped = (permissions: readonly string[]) =>
  permissions.every((p) => (CLIENT_SCOPED_PERMISSIONS as readonly string[]).includes(p));

/** Operators see every client's accounts; a client admin (client.staff alone) its own client's. */
const scopeOf = (actor: SessionUser): SQL | undefined =>
  hasPermission(actor, Permission.adminUsers) || hasPermission(actor, Permission.adminRoles)
    ? undefined
    : eq(users.clientId, actor.clientId);

const SORTS = { createdAt: users.createdAt, email: users.email, nickname: users.nickname } as const;

/**
 * The console's accounts (modules/admin README): search, one account with its sessions, flags,
 * roles, lock and unlock, ending a session. Every change is audited in its own transaction.
 */
export function adminService(db: Db) {
  const rolesOf = async (tx: Db, userIds: number[]) => {
    if (userIds.length === 0) return new Map<number, AdminUser['roles']>();
    const rows = await tx
      .select({ userId: userSecurityRoles.userId, id: securityRoles.id, key: securityRoles.key, name: securityRoles.name })
      .from(userSecurityRoles)
      .innerJoin(securityRoles, eq(securityRoles.id, userSecurityRoles.securityRoleId))
      .where(inArray(userSecurityRoles.userId, userIds))
      .orderBy(asc(securityRoles.name));
    const map = new Map<number, AdminUser['roles']>();
    for (const r of rows) map.set(r.userId, [...(map.get(r.userId) ?? []), { id: r.id, key: r.key, name: r.name }]);
    return map;
  };

  const columns = {
    u: users,
    clientName: clients.name,
  };
  type Row = { u: typeof users.$inferSelect; clientName: string };
  const toAdminUser = (r: Row, roles: AdminUser['roles']): AdminUser => ({
    id: r.u.id,
    email: r.u.email,
    nickname: r.u.nickname,
    firstname: r.u.firstname,
    lastname: r.u.lastname,
    accountType: r.u.accountType,
    emailVerified: r.u.emailVerified,
    client: { id: r.u.clientId, name: r.clientName },
    createdAt: r.u.createdAt.toISOString(),
    lockedAt: iso(r.u.lockedAt),
    suspendedUntil: r.u.suspendedUntil && r.u.suspendedUntil.getTime() > Date.now() ? r.u.suspendedUntil.toISOString() : null,
    roles,
    flags: Object.fromEntries(USER_FLAGS.map((f) => [f, r.u[f]])) as Record<UserFlag, boolean>,
  });

  /** One account the actor may see (404 for another client's, to a client admin). */
  const load = async (tx: Db, id: number, actor: SessionUser): Promise<AdminUser> => {
    const [row] = await tx
      .select(columns)
      .from(users)
      .innerJoin(clients, eq(clients.id, users.clientId))
      .where(and(eq(users.id, id), scopeOf(actor)));
    if (!row) throw notFound();
    return toAdminUser(row, (await rolesOf(tx, [id])).get(id) ?? []);
  };

  const rolesById = async (tx: Db, ids: number[]) =>
    ids.length === 0 ? [] : tx.select().from(securityRoles).where(inArray(securityRoles.id, ids));

  /** Ends every session of the account (the caches drop them through the write's event). */
  const revokeAll = (tx: Db, userId: number) =>
    tx
      .update(authSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));

  return {
    /** GET /api/admin/user/list: f.q (e-mail, nickname, names), f.accountType, f.state; newest first by default. */
    async list(query: unknown, actor: SessionUser): Promise<AdminUserList> {
      const q = readListQuery(query);
      checkFilters(q, ADMIN_USER_FILTERS);
      const sort = checkSort(q, ADMIN_USER_SORTS);
      const where: (SQL | undefined)[] = [scopeOf(actor)];
      const text = q.filters.q?.trim().toLowerCase();
      if (text) {
        if (text.length > 200) throw queryParamError('f.q');
        const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        where.push(
          or(
            sql`lower(${users.email}) like ${like}`,
            sql`lower(${users.nickname}) like ${like}`,
            sql`lower(${users.firstname} || ' ' || ${users.lastname}) like ${like}`,
          ),
        );
      }
      if (q.filters.accountType !== undefined) {
        if (!(Object.values(AccountType) as number[]).map(String).includes(q.filters.accountType)) throw queryParamError('f.accountType');
        where.push(eq(users.accountType, Number(q.filters.accountType)));
      }
      const states = enumListFilter(q, 'state', ADMIN_USER_STATES);
      if (states) {
        const parts = states.map((s) =>
          s === 'locked'
            ? isNotNull(users.lockedAt)
            : s === 'suspended'
              ? and(isNull(users.lockedAt), gt(users.suspendedUntil, sql`now()`))
              : and(isNull(users.lockedAt), or(isNull(users.suspendedUntil), sql`${users.suspendedUntil} <= now()`)),
        );
        where.push(or(...parts));
      }
      const cond = and(...where);
      const order = sort.length > 0 ? sort.map((s) => (s.desc ? desc(SORTS[s.field]) : asc(SORTS[s.field]))) : [desc(users.createdAt)];
      const [rows, [{ n }]] = await Promise.all([
        db
          .select(columns)
          .from(users)
          .innerJoin(clients, eq(clients.id, users.clientId))
          .where(cond)
          .orderBy(...order, desc(users.id))
          .limit(q.pageSize)
          .offset(q.pageIndex * q.pageSize),
        db.select({ n: count() }).from(users).where(cond),
      ]);
      const roles = await rolesOf(
        db,
        rows.map((r) => r.u.id),
      );
      return { list: rows.map((r) => toAdminUser(r, roles.get(r.u.id) ?? [])), total: n, pageIndex: q.pageIndex, pageSize: q.pageSize };
    },

    /** GET /api/admin/user/{id}: the account, its open sessions and how many reports its content drew. */
    async detail(id: number, actor: SessionUser): Promise<AdminUserDetail> {
      const user = await load(db, id, actor);
      const [sessions, [{ n }]] = await Promise.all([
        db
          .select({
            id: authSessions.id,
            createdAt: authSessions.createdAt,
            renewedAt: authSessions.updatedAt,
            expiresAt: authSessions.refreshExpiresAt,
          })
          .from(authSessions)
          .where(
            and(
              eq(authSessions.userId, id),
              isNull(authSessions.revokedAt),
              isNull(authSessions.rotatedAt),
              gt(authSessions.refreshExpiresAt, sql`now()`),
            ),
          )
          .orderBy(desc(authSessions.updatedAt))
          .limit(50),
        db.select({ n: count() }).from(objectionableReports).where(eq(objectionableReports.reportedUserId, id)),
      ]);
      return {
        ...user,
        sessions: sessions.map((s) => ({
          id: s.id,
          createdAt: s.createdAt.toISOString(),
          renewedAt: s.renewedAt.toISOString(),
          expiresAt: s.expiresAt.toISOString(),
        })),
        reports: n,
      };
    },

    /** GET /api/admin/role/list: every role, built-in ones marked. */
    async roles(): Promise<{ list: AdminRole[] }> {
      const rows = await db.select().from(securityRoles).orderBy(asc(securityRoles.name));
      return { list: rows.map((r) => ({ id: r.id, key: r.key, name: r.name, permissions: r.permissions, builtIn: isBuiltIn(r.key) })) };
    },

    /** POST /api/admin/user/{id}/flags: only the booleans given change (SPEC §1 activation flags). */
    async setFlags(id: number, input: Partial<Record<UserFlag, boolean>>, actor: SessionUser): Promise<void> {
      const flags = Object.fromEntries(
        Object.entries(input).filter(([k, v]) => (USER_FLAGS as readonly string[]).includes(k) && typeof v === 'boolean'),
      );
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const before = await load(tx, id, actor);
        if (Object.keys(flags).length === 0) return;
        await tx.update(users).set(flags).where(eq(users.id, id));
        await recordAudit(tx, actor, {
          action: 'user.flags',
          targetType: 'user',
          targetId: id,
          before: Object.fromEntries(Object.keys(flags).map((k) => [k, before.flags[k as UserFlag]])),
          after: flags,
        });
      });
    },

    /**
     * POST /api/admin/user/{id}/roles: the account's roles become exactly these. A client admin
     * (without admin.roles) gives and takes only client-scoped roles, to its own client's accounts.
     */
    async setRoles(id: number, roleIds: number[], actor: SessionUser): Promise<void> {
      const wanted = [...new Set(roleIds)];
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const before = await load(tx, id, actor);
        const found = await rolesById(tx, wanted);
        if (found.length !== wanted.length) throw new AppError(ErrorKey.referenceNotFound, 400);
        const had = before.roles.map((r) => r.id);
        const added = wanted.filter((r) => !had.includes(r));
        const removed = had.filter((r) => !wanted.includes(r));
        if (added.length === 0 && removed.length === 0) return;
        if (!hasPermission(actor, Permission.adminRoles)) {
          const touched = await rolesById(tx, [...added, ...removed]);
          if (touched.some((r) => !isClientScoped(r.permissions))) throw new AppError(ErrorKey.roleNotClientScoped, 403);
        }
        if (removed.length > 0) {
          await tx
            .delete(userSecurityRoles)
            .where(and(eq(userSecurityRoles.userId, id), inArray(userSecurityRoles.securityRoleId, removed)));
        }
        if (added.length > 0) await tx.insert(userSecurityRoles).values(added.map((securityRoleId) => ({ userId: id, securityRoleId })));
        await assertAdministratorLeft(tx);
        await recordAudit(tx, actor, {
          action: 'user.roles',
          targetType: 'user',
          targetId: id,
          before: before.roles.map((r) => r.key),
          after: found.map((r) => r.key).sort(),
        });
      });
    },

    /** POST /api/admin/user/{id}/lock: no login, every session ended (the last administrator is not locked). */
    async lock(id: number, reason: string | undefined, actor: SessionUser): Promise<void> {
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const before = await load(tx, id, actor);
        if (before.lockedAt) return;
        await tx.update(users).set({ lockedAt: new Date() }).where(eq(users.id, id));
        await revokeAll(tx, id);
        await assertAdministratorLeft(tx);
        await recordAudit(tx, actor, {
          action: 'user.lock',
          targetType: 'user',
          targetId: id,
          before: { locked: false },
          after: { locked: true, reason: reason ?? null },
        });
      });
    },

    /** POST /api/admin/user/{id}/unlock. */
    async unlock(id: number, actor: SessionUser): Promise<void> {
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const before = await load(tx, id, actor);
        if (!before.lockedAt) return;
        await tx.update(users).set({ lockedAt: null }).where(eq(users.id, id));
        await recordAudit(tx, actor, {
          action: 'user.unlock',
          targetType: 'user',
          targetId: id,
          before: { locked: true },
          after: { locked: false },
        });
      });
    },

    /** DELETE /api/admin/session/{id}: ends one session (its whole refresh family) of an account the actor may see. */
    async revokeSession(sessionId: number, actor: SessionUser): Promise<void> {
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const [s] = await tx
          .select({ userId: authSessions.userId, familyId: authSessions.familyId })
          .from(authSessions)
          .where(eq(authSessions.id, sessionId));
        if (!s) throw notFound();
        await load(tx, s.userId, actor);
        await tx
          .update(authSessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(authSessions.familyId, s.familyId), isNull(authSessions.revokedAt)));
        await recordAudit(tx, actor, { action: 'session.revoke', targetType: 'user', targetId: s.userId, after: { session: sessionId } });
      });
    },
  };
}
export type AdminService = ReturnType<typeof adminService>;
