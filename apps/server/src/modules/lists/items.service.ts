import { and, eq, sql } from 'drizzle-orm';
import { ErrorKey, Visibility, type ListItemAdd, type ListItemUpdate } from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { listItems, places } from '../../platform/db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserActor } from '../../platform/actor/actor.ts';
import { qualifiedColumn } from '../../platform/db/place-sql.ts';
import type { ListsService } from './lists.service.ts';

type Tx = Db;
const asTx = (t: unknown) => t as Tx;

/**
 * The items of a list (SPEC §7 /api/list/{id}/items/…): add, update (note, coordinates), remove and
 * reorder. Every change is the list owner's: each runs in one transaction that first takes the
 * list's row lock through `lists.own` (403 error.list.readonly or 404 error.list.notfound when
 * refused, see lists.service.ts); positions stay 0…n-1. Reading items (`itemsPage`), the gap
 * closing and the place readability check shared with likes stay in lists.service.ts.
 */
export function itemsService(db: Db, lists: Pick<ListsService, 'own' | 'readablePlace' | 'closeGap'>) {
  const { own, readablePlace, closeGap } = lists;
  const itemNotFound = () => new AppError(ErrorKey.listItemNotFound, 404);

  return {
    /** Adds a readable place at the end, or at `position` (the items from there move down). Once per list. */
    async addItem(id: number, body: ListItemAdd, user: UserActor): Promise<number> {
      return db.transaction(async (t) => {
        const tx = asTx(t);
        await own(tx, id, user);
        await readablePlace(tx, body.placeId, user);
        const dup = await tx
          .select({ id: listItems.id })
          .from(listItems)
          .where(and(eq(listItems.listId, id), eq(listItems.placeId, body.placeId)));
        if (dup[0]) throw new AppError(ErrorKey.duplicate, 409);
        const [{ n }] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(listItems)
          .where(eq(listItems.listId, id));
        const position = body.position === undefined ? n : Math.min(body.position, n);
        if (position < n) {
          await tx
            .update(listItems)
            .set({ position: sql`${qualifiedColumn(listItems.position)} + 1` })
            .where(and(eq(listItems.listId, id), sql`${qualifiedColumn(listItems.position)} >= ${position}`));
        }
        const [row] = await tx
          .insert(listItems)
          .values({ listId: id, placeId: body.placeId, position, note: body.note ?? '' })
          .returning({ id: listItems.id });
        return row.id;
      });
    },

    async removeItem(id: number, itemId: number, user: UserActor): Promise<void> {
      await db.transaction(async (t) => {
        const tx = asTx(t);
        await own(tx, id, user);
        const rows = await tx
          .delete(listItems)
          .where(and(eq(listItems.id, itemId), eq(listItems.listId, id)))
          .returning({ position: listItems.position });
        if (!rows[0]) throw itemNotFound();
        await closeGap(tx, id, rows[0].position);
      });
    },

    /**
     * The note, and coordinates. The caller's own place (imported or added by them) gets the
     * coordinates itself; someone else's place is not changed: the item gets a private copy of it
     * at the new location.
     */
    async updateItem(id: number, itemId: number, body: ListItemUpdate & { note?: string }, user: UserActor): Promise<void> {
      await db.transaction(async (t) => {
        const tx = asTx(t);
        await own(tx, id, user);
        const [item] = await tx
          .select({ placeId: listItems.placeId })
          .from(listItems)
          .where(and(eq(listItems.id, itemId), eq(listItems.listId, id)));
        if (!item) throw itemNotFound();
        if (body.note !== undefined) await tx.update(listItems).set({ note: body.note }).where(eq(listItems.id, itemId));
        if (body.location) {
          const { latitude, longitude } = body.location;
          const mine = await tx
            .update(places)
            .set({ latitude, longitude, updatedAt: new Date() })
            .where(and(eq(places.id, item.placeId), eq(places.creatorId, user.id)))
            .returning({ id: places.id });
          if (!mine[0]) {
            const [p] = await tx.select().from(places).where(eq(places.id, item.placeId));
            const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = p;
            const [copy] = await tx
              .insert(places)
              .values({ ...rest, latitude, longitude, visibility: Visibility.private, creatorId: user.id })
              .returning({ id: places.id });
            await tx.update(listItems).set({ placeId: copy.id }).where(eq(listItems.id, itemId));
          }
        }
      });
    },

    /** Every item id of the list once, in the new order; positions become 0…n-1. */
    async reorder(id: number, itemIds: number[], user: UserActor): Promise<void> {
      await db.transaction(async (t) => {
        const tx = asTx(t);
        await own(tx, id, user);
        const current = await tx.select({ id: listItems.id }).from(listItems).where(eq(listItems.listId, id));
        const have = new Set(current.map((r) => r.id));
        const want = new Set(itemIds);
        if (want.size !== itemIds.length || want.size !== have.size || itemIds.some((i) => !have.has(i))) {
          throw new AppError(ErrorKey.listReorder, 400);
        }
        if (itemIds.length === 0) return;
        await tx.execute(sql`update ${listItems} li set position = o.ord - 1, updated_at = now()
          from unnest(${`{${itemIds.join(',')}}`}::int[]) with ordinality as o(id, ord)
          where li.id = o.id and li.list_id = ${id}`);
      });
    },
  };
}
export type ItemsService = ReturnType<typeof itemsService>;
