import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { guestApps, places, users, widgetPois, widgets } from '../schema/index.ts';
import type { PoiTextsRow } from '../schema/widgets.ts';
import { newPublicId } from '../../../lib/tokens.ts';

/** The places of the demo business's widget, by their (German) catalogue names, in this order. */
export const DEMO_WIDGET_PLACES = ['Viktualienmarkt', 'Englischer Garten – Chinesischer Turm', 'Deutsches Museum', 'Frauenkirche'];

/**
 * The demo business gets both widget flags and the guest app flag, its v1 widget with a few of
 * the Munich places (German and English), and a guest app showing it. Demo data only.
 */
export async function seedDemoWidgets(outer: Db, businessId: number): Promise<void> {
  await outer.transaction(async (t) => {
    const db = t as unknown as Db;
    await db.update(users).set({ widgetv1activated: true, widgetv2activated: true, hasGuest: true }).where(eq(users.id, businessId));
    const [w] = await db
      .insert(widgets)
      .values({
        ownerId: businessId,
        publicId: newPublicId(),
        version: 1,
        name: 'Hotel Isarblick',
        languages: ['de', 'en'],
        texts: {
          de: { title: 'Unsere Tipps für München', intro: 'Was wir unseren Gästen am liebsten empfehlen.' },
          en: { title: 'Our Munich tips', intro: 'What we like to recommend to our guests.' },
        },
        style: { primaryColor: '#1f6f8b', firstView: 'list' },
      })
      .returning({ id: widgets.id });
    const found = await db.select({ id: places.id, name: places.name }).from(places).where(inArray(places.name, DEMO_WIDGET_PLACES));
    const ids = DEMO_WIDGET_PLACES.map((n) => found.find((p) => p.name === n)?.id).filter((id): id is number => id !== undefined);
    if (ids.length > 0) {
      await db.insert(widgetPois).values(
        ids.map((placeId, position) => ({
          widgetId: w.id,
          placeId,
          position,
          texts: (position === 0 ? { de: { description: 'Zwei Minuten zu Fuß – ideal für ein zweites Frühstück.' } } : {}) as PoiTextsRow,
        })),
      );
    }
    await db.insert(guestApps).values({
      ownerId: businessId,
      publicId: newPublicId(),
      welcome: {
        de: { title: 'Willkommen im Hotel Isarblick', text: 'Hier finden Sie unsere Empfehlungen für Ihren Aufenthalt.' },
        en: { title: 'Welcome to Hotel Isarblick', text: 'Here are our recommendations for your stay.' },
      },
      widgetIds: [w.id],
      contact: { phone: '+49 89 1234567', email: 'rezeption@isarblick.example' },
      units: ['101', '102', '201'],
    });
  });
}
