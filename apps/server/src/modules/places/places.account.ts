import { and, eq, ne } from 'drizzle-orm';
import { Visibility } from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { places } from '../../platform/db/schema/index.ts';
import type { AccountDataPart } from '../../platform/account-data/account-data.ts';

/**
 * The places the user added or imported. On deletion the private ones (imports, 1/4/32/64) are the
 * user's data and go too; public ones stay in the catalogue without a creator (creator_id set null).
 */
export const placesAccountPart = (db: Db): AccountDataPart<'places'> => ({
  owner: 'places',
  sections: ['places'],
  async export(userId) {
    const created = await db
      .select({
        id: places.id,
        name: places.name,
        latitude: places.latitude,
        longitude: places.longitude,
        address: places.address,
        city: places.city,
        visibility: places.visibility,
        source: places.source,
        createdAt: places.createdAt,
      })
      .from(places)
      .where(eq(places.creatorId, userId))
      .orderBy(places.id);
    return { places: created.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })) };
  },
  async beforeDelete(tx, userId) {
    await tx.delete(places).where(and(eq(places.creatorId, userId), ne(places.visibility, Visibility.all)));
  },
});
