import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ErrorKey, type LatLng, type ListResponse, type Share, type SharedList } from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { lists, shareRecipients, shares, users } from '../../platform/db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashToken, randomToken } from '../../lib/tokens.ts';
import type { UserActor } from '../../platform/actor/actor.ts';
import { iso, qualifiedColumn, type Viewer } from '../../platform/db/place-sql.ts';
import { listsService } from '../lists/index.ts';

const shareColumns = {
  id: shares.id,
  listId: shares.listId,
  public: sql<boolean>`${qualifiedColumn(shares.tokenHash)} is not null`,
  expiresAt: shares.expiresAt,
  revokedAt: shares.revokedAt,
  createdAt: shares.createdAt,
  recipients: sql<{ id: number; nickname: string }[]>`coalesce((
    select jsonb_agg(jsonb_build_object('id', ru.id, 'nickname', ru.nickname) order by ru.id)
    from ${shareRecipients} sr join ${users} ru on ru.id = sr.user_id where sr.share_id = ${qualifiedColumn(shares.id)}), '[]'::jsonb)`,
};
type ShareRow = {
  id: number;
  listId: number;
  public: boolean;
  expiresAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
  recipients: { id: number; nickname: string }[];
};

/**
 * POST /api/share and the public link. A share grants read access to one list: to its recipients
 * (under GET /api/list/shared) and, when public, to anyone holding the token (GET
 * /api/share/{token}, web route /s/{token}). The token is shown once and stored hashed. Only the
 * list's owner shares and revokes; a revoked or expired share answers 410 and grants nothing.
 */
export function sharesService(db: Db, publicUrl?: string) {
  const listsSvc = listsService(db);
  const linkOf = (token: string) => `${(publicUrl ?? '').replace(/\/+$/, '')}/s/${token}`;
  const toShare = (r: ShareRow, token: string | null = null): Share => ({
    id: r.id,
    listId: r.listId,
    public: r.public,
    token,
    url: token ? linkOf(token) : null,
    recipients: r.recipients,
    expiresAt: r.expiresAt ? iso(r.expiresAt) : null,
    revokedAt: r.revokedAt ? iso(r.revokedAt) : null,
    createdAt: iso(r.createdAt),
  });

  /** The caller's own list (403 error.list.readonly when only readable, 404 otherwise). */
  async function ownList(tx: Db, listId: number, user: UserActor): Promise<void> {
    const rows = await tx
      .select({ id: lists.id })
      .from(lists)
      .where(and(eq(lists.id, listId), eq(lists.ownerId, user.id)))
      .for('share');
    if (!rows[0]) throw await listsSvc.refusal(listId, user, tx);
  }

  /** The list whose share was revoked now, or null when it was revoked before. */
  async function revokeWhere(cond: ReturnType<typeof and>, user: UserActor): Promise<number | null> {
    const rows = await db
      .update(shares)
      .set({ revokedAt: new Date() })
      .where(and(cond, eq(shares.ownerId, user.id), isNull(shares.revokedAt)))
      .returning({ listId: shares.listId });
    if (rows[0]) return rows[0].listId;
    const known = await db
      .select({ id: shares.id })
      .from(shares)
      .where(and(cond, eq(shares.ownerId, user.id)));
    if (!known[0]) throw new AppError(ErrorKey.shareNotFound, 404); // revoking twice is fine
    return null;
  }

  return {
    async create(
      input: { listId: number; userIds?: number[]; public?: boolean; expiresAt?: string | null },
      user: UserActor,
    ): Promise<Share> {
      const recipients = [...new Set(input.userIds ?? [])];
      if (!input.public && recipients.length === 0) throw new AppError(ErrorKey.shareEmpty, 400);
      return db.transaction(async (t) => {
        const tx = t as unknown as Db;
        await ownList(tx, input.listId, user);
        if (recipients.includes(user.id)) throw new AppError(ErrorKey.shareRecipient, 400);
        if (recipients.length > 0) {
          const found = await tx.select({ id: users.id }).from(users).where(inArray(users.id, recipients));
          if (found.length !== recipients.length) throw new AppError(ErrorKey.shareRecipient, 400);
        }
        const token = input.public ? randomToken() : null;
        const [row] = await tx
          .insert(shares)
          .values({
            listId: input.listId,
            ownerId: user.id,
            tokenHash: token ? hashToken(token) : null,
            expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
          })
          .returning({ id: shares.id });
        if (recipients.length > 0) await tx.insert(shareRecipients).values(recipients.map((userId) => ({ shareId: row.id, userId })));
        const [view] = await tx.select(shareColumns).from(shares).where(eq(shares.id, row.id));
        return toShare(view as ShareRow, token);
      });
    },

    /** GET /api/list/{id}/shares: the owner's shares of a list, newest first (tokens are not shown again). */
    async ofList(listId: number, user: UserActor): Promise<ListResponse<Share>> {
      await ownList(db, listId, user);
      const rows = await db
        .select(shareColumns)
        .from(shares)
        .where(and(eq(shares.listId, listId), eq(shares.ownerId, user.id)))
        .orderBy(desc(shares.createdAt), desc(shares.id));
      return { list: rows.map((r) => toShare(r as ShareRow)), total: rows.length, pageIndex: 0, pageSize: rows.length };
    },

    /** GET /api/share/{token}: the list behind a public link, for anyone (404 unknown, 410 revoked or expired). */
    async read(token: string, query: unknown, viewer: Viewer, header: LatLng | null): Promise<SharedList> {
      const [row] = await db
        .select({
          listId: shares.listId,
          expiresAt: shares.expiresAt,
          revokedAt: shares.revokedAt,
          expired: sql<boolean>`${qualifiedColumn(shares.expiresAt)} is not null and ${qualifiedColumn(shares.expiresAt)} <= now()`,
          hidden: sql<boolean>`${qualifiedColumn(lists.hiddenAt)} is not null`,
          ownerId: lists.ownerId,
        })
        .from(shares)
        .innerJoin(lists, eq(lists.id, shares.listId))
        .where(eq(shares.tokenHash, hashToken(token)));
      // a list a moderator hid is its owner's only: to anyone else the link leads nowhere
      if (!row || (row.hidden && row.ownerId !== viewer.userId)) throw new AppError(ErrorKey.shareNotFound, 404);
      if (row.revokedAt) throw new AppError(ErrorKey.shareRevoked, 410);
      if (row.expired) throw new AppError(ErrorKey.shareExpired, 410);
      const list = await listsSvc.view(row.listId, viewer.userId);
      const items = await listsSvc.itemsPage(row.listId, query, viewer, header);
      return { ...list, items, share: { expiresAt: row.expiresAt ? iso(row.expiresAt) : null } };
    },

    revokeToken: (token: string, user: UserActor) => revokeWhere(eq(shares.tokenHash, hashToken(token)), user),
    revokeId: (id: number, user: UserActor) => revokeWhere(eq(shares.id, id), user),
  };
}
