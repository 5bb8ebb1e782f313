import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { overlaySites } from '../../platform/db/schema/index.ts';

/** Whether an overlay site of this id exists (the overlay frame `/o/{publicId}` serves only those). */
export async function overlaySiteExists(db: Db, publicId: string): Promise<boolean> {
  const [row] = await db.select({ ownerId: overlaySites.ownerId }).from(overlaySites).where(eq(overlaySites.publicId, publicId));
  return !!row;
}
