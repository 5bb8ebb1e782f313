import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { iso } from '../../platform/db/place-sql.ts';
import { listItems, lists, objectionableReports, places } from '../../platform/db/schema/index.ts';
import type { AccountDataPart } from '../../platform/account-data/account-data.ts';

/** The user's lists (likes lists too) with their items, and the reports the user filed; they go with the account (cascade). */
export const listsAccountPart = (db: Db): AccountDataPart<'lists' | 'reports'> => ({
  owner: 'lists',
  sections: ['lists', 'reports'],
  async export(userId) {
    const [reports, myLists, items] = await Promise.all([
      db
        .select({
          resource: objectionableReports.resource,
          resourceId: objectionableReports.resourceId,
          reason: objectionableReports.reason,
          createdAt: objectionableReports.createdAt,
        })
        .from(objectionableReports)
        .where(eq(objectionableReports.reporterId, userId))
        .orderBy(objectionableReports.id),
      db
        .select({
          id: lists.id,
          kind: lists.kind,
          name: lists.name,
          description: lists.description,
          visibility: lists.visibility,
          createdAt: lists.createdAt,
        })
        .from(lists)
        .where(eq(lists.ownerId, userId))
        .orderBy(lists.id),
      db
        .select({
          listId: listItems.listId,
          placeId: places.id,
          name: places.name,
          latitude: places.latitude,
          longitude: places.longitude,
          note: listItems.note,
        })
        .from(listItems)
        .innerJoin(lists, eq(lists.id, listItems.listId))
        .innerJoin(places, eq(places.id, listItems.placeId))
        .where(eq(lists.ownerId, userId))
        .orderBy(listItems.listId, listItems.position, listItems.id),
    ]);
    return {
      reports: reports.map((r) => ({ ...r, createdAt: iso(r.createdAt) })),
      lists: myLists.map((l) => ({
        ...l,
        createdAt: iso(l.createdAt),
        items: items.filter((i) => i.listId === l.id).map(({ listId: _listId, ...item }) => item),
      })),
    };
  },
});
