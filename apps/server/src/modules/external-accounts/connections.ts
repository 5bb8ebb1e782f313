import { and, asc, eq, lt, ne, sql } from 'drizzle-orm';
import { ErrorKey, type ExternalAccount, type ExternalProvider } from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { externalAccounts, users } from '../../platform/db/schema/index.ts';
import type { Secrets } from '../../platform/crypto/secrets.ts';
import { AppError } from '../../lib/app-error.ts';
import { ProviderError, type ProviderTokens } from '../../integrations/oidc/provider-error.ts';
import type { ProviderAdapter, ProviderIdentity } from './providers.ts';

type Row = typeof externalAccounts.$inferSelect;

const DAY_MS = 86_400_000;
const sealContext = (userId: number, provider: string, kind: 'access' | 'refresh') => `external-account:${userId}:${provider}:${kind}`;

/** A provider failure as the answer's key (the README's table). */
export function appErrorOf(err: unknown): unknown {
  if (!(err instanceof ProviderError)) return err;
  switch (err.kind) {
    case 'denied':
      return new AppError(ErrorKey.externalDenied, 400);
    case 'token':
    case 'invalid_grant':
      return new AppError(ErrorKey.externalToken, 401);
    case 'personal':
      return new AppError(ErrorKey.instagramPersonal, 400);
    default:
      return new AppError(ErrorKey.externalProvider, 503);
  }
}

/** When the refresh job renews a connection's tokens next (null: nothing to renew). */
export function nextRefreshAt(provider: string, t: ProviderTokens, now = Date.now()): Date | null {
  // Instagram's long-lived tokens last 60 days: renewed in their last week
  if (provider === 'instagram') return t.expiresAt ? new Date(t.expiresAt.getTime() - 7 * DAY_MS) : null;
  if (!t.refreshToken) return null;
  // Apple asks not to check a refresh token more than once a day; its access tokens are not used
  if (provider === 'apple') return new Date(now + DAY_MS);
  return t.expiresAt ? new Date(t.expiresAt.getTime() - 10 * 60_000) : null;
}

/**
 * The connections (./README.md "Tokens, refresh, health"): stored with their tokens sealed, listed
 * with their health, disconnected, renewed by the refresh job, exported.
 */
export function connectionStore(deps: {
  db: Db;
  secrets: Secrets;
  providers: Map<ExternalProvider, ProviderAdapter>;
  log: { warn: (obj: object, msg: string) => void };
}) {
  const { db, secrets, providers } = deps;
  const seal = (userId: number, p: string, kind: 'access' | 'refresh', v: string | undefined) =>
    v ? secrets.sealSecret(v, sealContext(userId, p, kind)) : null;
  const open = (row: Row, kind: 'access' | 'refresh') => {
    const v = kind === 'access' ? row.accessToken : row.refreshToken;
    return v ? secrets.openSecret(v, sealContext(row.userId, row.provider, kind)) : null;
  };

  /** Logins the account has besides `exceptId`: its password, or another connection that logs in. */
  async function otherLogins(userId: number, exceptId: number | null): Promise<boolean> {
    const [u] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
    if (u?.hash) return true;
    const rows = await db
      .select({ id: externalAccounts.id, provider: externalAccounts.provider })
      .from(externalAccounts)
      .where(eq(externalAccounts.userId, userId));
    return rows.some((r) => r.id !== exceptId && r.provider !== 'instagram');
  }

  function toApi(row: Row, canDisconnect: boolean): ExternalAccount {
    return {
      id: row.id,
      userId: row.userId,
      externalaccountcategoryId: row.categoryId,
      provider: row.provider as ExternalProvider,
      displayName: row.displayName,
      email: row.email,
      scopes: row.scopes,
      status: row.status === 'broken' ? 'broken' : 'ok',
      createdAt: row.createdAt.toISOString(),
      lastRefreshAt: row.lastRefreshAt?.toISOString() ?? null,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      canDisconnect,
      hotelIds: row.hotelIds,
      additionalInfo: row.additionalInfo as ExternalAccount['additionalInfo'],
    };
  }

  /** Creates or renews the user's connection with this provider (one per provider and user). */
  async function upsertConnection(
    tx: Db,
    userId: number,
    p: ProviderAdapter,
    id: ProviderIdentity,
    additionalInfo?: Record<string, unknown>,
  ): Promise<void> {
    const now = new Date();
    const values = {
      subject: id.subject,
      email: id.email,
      displayName: id.displayName,
      scopes: id.tokens.scopes,
      accessToken: seal(userId, p.provider, 'access', id.tokens.accessToken),
      refreshToken: seal(userId, p.provider, 'refresh', id.tokens.refreshToken),
      expiresAt: id.tokens.expiresAt ?? null,
      refreshAt: nextRefreshAt(p.provider, id.tokens),
      status: 'ok',
      lastRefreshAt: now,
      lastErrorKey: null,
      failures: 0,
      hotelIds: id.hotelIds,
    };
    await tx
      .insert(externalAccounts)
      .values({ userId, provider: p.provider, categoryId: p.categoryId, additionalInfo: additionalInfo ?? {}, ...values })
      .onConflictDoUpdate({
        target: [externalAccounts.userId, externalAccounts.provider],
        set: additionalInfo ? { ...values, additionalInfo } : values,
      });
  }

  /** Takes the provider's grant back where it supports that; a failure is logged (the connection is gone either way). */
  async function revoke(row: Row): Promise<void> {
    const p = providers.get(row.provider as ExternalProvider);
    if (!p?.revoke) return;
    await p
      .revoke({ subject: row.subject, accessToken: open(row, 'access'), refreshToken: open(row, 'refresh') })
      .catch((err: unknown) => deps.log.warn({ err, provider: row.provider }, 'provider grant not revoked'));
  }

  return {
    upsertConnection,

    /** GET /api/externalaccount/: the caller's connections (another user's id filters to nothing). */
    async listOf(userId: number, filter: { userId?: number; categoryId?: number }): Promise<ExternalAccount[]> {
      if (filter.userId !== undefined && filter.userId !== userId) return [];
      const rows = await db
        .select()
        .from(externalAccounts)
        .where(
          and(
            eq(externalAccounts.userId, userId),
            filter.categoryId !== undefined ? eq(externalAccounts.categoryId, filter.categoryId) : undefined,
          ),
        )
        .orderBy(asc(externalAccounts.id));
      const [u] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
      const logins = rows.filter((r) => r.provider !== 'instagram').length;
      return rows.map((r) => toApi(r, !!u?.hash || r.provider === 'instagram' || logins > 1));
    },

    /** DELETE /api/externalaccount/delete/:id: refused for the account's last way to log in; the provider's grant is revoked where it takes that. */
    async disconnect(userId: number, id: number): Promise<ExternalProvider> {
      const [row] = await db
        .select()
        .from(externalAccounts)
        .where(and(eq(externalAccounts.id, id), eq(externalAccounts.userId, userId)));
      if (!row) throw new AppError(ErrorKey.notFound, 404);
      if (row.provider !== 'instagram' && !(await otherLogins(userId, row.id))) throw new AppError(ErrorKey.externalLastLogin, 409);
      await db.delete(externalAccounts).where(eq(externalAccounts.id, row.id));
      await revoke(row);
      return row.provider as ExternalProvider;
    },

    /**
     * An account's deletion (platform/account-data `afterDelete`): its grants are read before the
     * rows go with the account, and revoked at the providers once the deletion committed (Apple
     * asks for it of apps that delete accounts).
     */
    async grantsToRevoke(userId: number): Promise<() => Promise<void>> {
      const rows = await db.select().from(externalAccounts).where(eq(externalAccounts.userId, userId));
      return async () => {
        for (const row of rows) await revoke(row);
      };
    },

    /** An Instagram connection's recent posts. */
    async media(userId: number, id: number) {
      const [row] = await db
        .select()
        .from(externalAccounts)
        .where(and(eq(externalAccounts.id, id), eq(externalAccounts.userId, userId)));
      if (!row) throw new AppError(ErrorKey.notFound, 404);
      const p = providers.get(row.provider as ExternalProvider);
      if (!p?.media) throw new AppError(ErrorKey.externalUnsupported, 400);
      const token = open(row, 'access');
      if (!token || row.status === 'broken') throw new AppError(ErrorKey.externalToken, 401);
      try {
        return await p.media(token);
      } catch (err) {
        throw appErrorOf(err);
      }
    },

    /** Connections whose tokens are due for renewal (the ticker sends one refresh job each). */
    async due(limit = 500) {
      return db
        .select({ id: externalAccounts.id, refreshAt: externalAccounts.refreshAt })
        .from(externalAccounts)
        .where(and(lt(externalAccounts.refreshAt, new Date()), ne(externalAccounts.status, 'broken')))
        .orderBy(asc(externalAccounts.refreshAt))
        .limit(limit);
    },

    /**
     * Renews one connection's tokens. Refused for good (invalid_grant, a revoked grant): broken, the
     * card offers to reconnect. The provider away: tried again (the job's retries, then the next tick).
     */
    async refresh(id: number): Promise<'ok' | 'broken' | 'skipped'> {
      const [row] = await db.select().from(externalAccounts).where(eq(externalAccounts.id, id));
      if (!row || row.status === 'broken' || !row.refreshAt || row.refreshAt > new Date()) return 'skipped';
      const p = providers.get(row.provider as ExternalProvider);
      if (!p?.refresh) return 'skipped';
      try {
        const t = await p.refresh({ accessToken: open(row, 'access'), refreshToken: open(row, 'refresh') });
        await db
          .update(externalAccounts)
          .set({
            accessToken: seal(row.userId, row.provider, 'access', t.accessToken) ?? row.accessToken,
            refreshToken: seal(row.userId, row.provider, 'refresh', t.refreshToken) ?? row.refreshToken,
            expiresAt: t.expiresAt ?? row.expiresAt,
            scopes: t.scopes.length > 0 ? t.scopes : row.scopes,
            refreshAt: nextRefreshAt(row.provider, { ...t, refreshToken: t.refreshToken ?? open(row, 'refresh') ?? undefined }),
            lastRefreshAt: new Date(),
            lastErrorKey: null,
            failures: 0,
          })
          .where(eq(externalAccounts.id, row.id));
        return 'ok';
      } catch (err) {
        if (err instanceof ProviderError && err.kind !== 'unavailable') {
          await db
            .update(externalAccounts)
            .set({ status: 'broken', lastErrorKey: ErrorKey.externalToken, refreshAt: null })
            .where(eq(externalAccounts.id, row.id));
          return 'broken';
        }
        await db
          .update(externalAccounts)
          .set({ failures: sql`${externalAccounts.failures} + 1`, lastErrorKey: ErrorKey.externalProvider })
          .where(eq(externalAccounts.id, row.id));
        throw err;
      }
    },

    /** Facebook's data-deletion callback: its user's connections go. */
    async forgetFacebookUser(subject: string): Promise<number> {
      const rows = await db
        .delete(externalAccounts)
        .where(and(eq(externalAccounts.provider, 'facebook'), eq(externalAccounts.subject, subject)))
        .returning({ id: externalAccounts.id });
      return rows.length;
    },

    /** The account export's section: the connections without tokens. */
    async exportOf(userId: number) {
      const rows = await db.select().from(externalAccounts).where(eq(externalAccounts.userId, userId)).orderBy(asc(externalAccounts.id));
      return rows.map((r) => ({
        provider: r.provider,
        externalaccountcategoryId: r.categoryId,
        subject: r.subject,
        email: r.email,
        displayName: r.displayName,
        scopes: r.scopes,
        status: r.status,
        hotelIds: r.hotelIds,
        additionalInfo: r.additionalInfo as Record<string, unknown>,
        createdAt: r.createdAt.toISOString(),
        tokensStored: r.accessToken !== null || r.refreshToken !== null,
      }));
    },
  };
}
export type ConnectionStore = ReturnType<typeof connectionStore>;
