import { and, asc, eq, sql } from 'drizzle-orm';
import { DEFAULT_LIKE_LIST, ErrorKey } from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { guestApps, guestLikes, guestUsers, places, widgets } from '../../platform/db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashToken, randomToken } from '../../lib/tokens.ts';
import type { UserActor } from '../../platform/actor/actor.ts';
import type { AnalyticsService } from '../analytics/index.ts';
import { likesService } from '../likes/index.ts';
import { qualifiedColumn } from '../../platform/db/place-sql.ts';

const KEY = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * What a guest may like: a public catalogue place, a POI of any widget, or a place in a list an
 * enabled guest app shows.
 */
const likableSql = (placeId: number) => sql`exists (
  select 1 from ${places} p where p.id = ${placeId} and (
    p.visibility = 255
    or exists (select 1 from widget_pois wp where wp.place_id = p.id)
    or exists (select 1 from guest_apps ga join list_items li on li.list_id = any(ga.list_ids) where ga.enabled and li.place_id = p.id)))`;

/**
 * Guests (SPEC §3: the guest user, kept apart from users): a random key the browser keeps, of
 * which only the SHA-256 is stored; their likes live in guest_likes, never in users' lists, until
 * a logged-in user claims the key (the likes move to that user's default like list).
 */
export function guestsService(db: Db, analytics: AnalyticsService) {
  const likes = likesService(db);
  const badKey = () => new AppError(ErrorKey.guestKey, 401);

  async function guestOf(key: unknown): Promise<{ id: number; claimedBy: number | null }> {
    if (typeof key !== 'string' || !KEY.test(key)) throw badKey();
    const [g] = await db
      .update(guestUsers)
      .set({ lastSeenAt: new Date() })
      .where(eq(guestUsers.keyHash, hashToken(key)))
      .returning({ id: guestUsers.id, claimedBy: guestUsers.claimedBy });
    if (!g) throw badKey();
    return g;
  }

  return {
    guestOf,

    /** POST /api/public/guest: a new guest, noted with the business it came from when known. */
    async create(from: { widget?: string; guestApp?: string } = {}): Promise<{ guestKey: string }> {
      let ownerId: number | null = null;
      if (from.widget) {
        const [w] = await db.select({ ownerId: widgets.ownerId }).from(widgets).where(eq(widgets.publicId, from.widget));
        ownerId = w?.ownerId ?? null;
      } else if (from.guestApp) {
        const [a] = await db.select({ ownerId: guestApps.ownerId }).from(guestApps).where(eq(guestApps.publicId, from.guestApp));
        ownerId = a?.ownerId ?? null;
      }
      const guestKey = randomToken();
      await db.insert(guestUsers).values({ keyHash: hashToken(guestKey), ownerId });
      return { guestKey };
    },

    /** POST /api/public/guest/like: idempotent; a new like from a widget counts a `like` event. */
    async like(key: unknown, placeId: number, widgetPublicId?: string): Promise<number[]> {
      const g = await guestOf(key);
      const res = (await db.execute(sql`select ${likableSql(placeId)} as ok`)) as unknown as { rows: { ok: boolean }[] };
      if (!res.rows[0]?.ok) throw new AppError(ErrorKey.placeNotFound, 404);
      let widgetId: number | null = null;
      if (widgetPublicId) {
        const [w] = await db.select({ id: widgets.id }).from(widgets).where(eq(widgets.publicId, widgetPublicId));
        widgetId = w?.id ?? null;
      }
      const added = await db
        .insert(guestLikes)
        .values({ guestUserId: g.id, placeId, widgetId })
        .onConflictDoNothing()
        .returning({ id: guestLikes.id });
      if (added[0] && widgetId !== null) await analytics.count({ id: widgetId }, 'like', placeId);
      return this.likes(key, g.id);
    },

    async unlike(key: unknown, placeId: number): Promise<number[]> {
      const g = await guestOf(key);
      await db.delete(guestLikes).where(and(eq(guestLikes.guestUserId, g.id), eq(guestLikes.placeId, placeId)));
      return this.likes(key, g.id);
    },

    /** The guest's liked place ids, oldest first. */
    async likes(key: unknown, guestId?: number): Promise<number[]> {
      const id = guestId ?? (await guestOf(key)).id;
      const rows = await db
        .select({ placeId: guestLikes.placeId })
        .from(guestLikes)
        .where(eq(guestLikes.guestUserId, id))
        .orderBy(asc(guestLikes.createdAt), asc(guestLikes.id));
      return rows.map((r) => r.placeId);
    },

    /**
     * POST /api/guest/claim: the guest becomes the user's (once; the same user may repeat it) and
     * its likes move into the user's default like list. A place the user cannot read stays with
     * the guest (not counted).
     */
    async claim(key: string, user: UserActor): Promise<{ moved: number; guestId: number }> {
      if (!KEY.test(key)) throw new AppError(ErrorKey.guestKey, 400);
      const [g] = await db
        .select({ id: guestUsers.id })
        .from(guestUsers)
        .where(eq(guestUsers.keyHash, hashToken(key)));
      if (!g) throw new AppError(ErrorKey.guestKey, 400);
      const claimed = await db
        .update(guestUsers)
        .set({ claimedBy: user.id, claimedAt: sql`coalesce(${qualifiedColumn(guestUsers.claimedAt)}, now())` })
        .where(
          and(
            eq(guestUsers.id, g.id),
            sql`(${qualifiedColumn(guestUsers.claimedBy)} is null or ${qualifiedColumn(guestUsers.claimedBy)} = ${user.id})`,
          ),
        )
        .returning({ id: guestUsers.id });
      if (!claimed[0]) throw new AppError(ErrorKey.guestClaimed, 409);
      const placeIds = await this.likes(key, g.id);
      let moved = 0;
      for (const placeId of placeIds) {
        try {
          await likes.create(placeId, DEFAULT_LIKE_LIST, user);
        } catch (err) {
          if (err instanceof AppError && err.key === ErrorKey.placeNotFound) continue;
          throw err;
        }
        await db.delete(guestLikes).where(and(eq(guestLikes.guestUserId, g.id), eq(guestLikes.placeId, placeId)));
        moved++;
      }
      return { moved, guestId: g.id };
    },
  };
}
export type GuestsService = ReturnType<typeof guestsService>;
