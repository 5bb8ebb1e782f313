import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { fleetAccounts, users } from '../schema/index.ts';

/**
 * The demo business's fleet (issue 21): the GPS tracking flag and the simulator's three shuttles
 * driving around its hotel (the location the accounts seed gives it), polled every 5 s and shown
 * in its guest app, so that a person trying the product sees the tracking page and "Where is my
 * shuttle?" alive. The poller makes the vehicles on its first tick. Demo data only.
 */
export async function seedDemoFleet(db: Db, businessId: number, hotel: { latitude: number; longitude: number }): Promise<void> {
  await db.update(users).set({ gpstrackingactivated: true }).where(eq(users.id, businessId));
  await db
    .insert(fleetAccounts)
    .values({
      ownerId: businessId,
      provider: 'simulator',
      pollSeconds: 5,
      simulatorVehicles: 3,
      appClientIds: ['guestapp'],
      centerLatitude: hotel.latitude,
      centerLongitude: hotel.longitude,
    })
    .onConflictDoNothing();
}
