import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { guestApps, places, users, widgetPois, widgets } from '../schema/index.ts';
import type { PoiTextsRow } from '../schema/widgets.ts';
import { newPublicId } from '../../../lib/tokens.ts';
import { DEMO_BRAND_COLOR } from './pictures.ts';

/** The places of the demo business's widget, by their (German) catalogue names, in this order. */
export const DEMO_WIDGET_PLACES = ['Viktualienmarkt', 'Englischer Garten – Chinesischer Turm', 'Deutsches Museum', 'Frauenkirche'];
/** The places of its second (v2) widget: a rainy day. */
export const DEMO_RAINY_DAY_PLACES = ['Deutsches Museum', 'Alte Pinakothek', 'Pinakothek der Moderne', 'Lenbachhaus', 'Residenz München'];

/**
 * The demo business gets both widget flags and the guest app flag, its v1 widget with a few of
 * the Munich places (German and English) in its brand colour, a v2 widget for a rainy day (so
 * "My widgets" is not empty), and a guest app showing both (the guest app's header shows the
 * business's logo, seeded with the profile). Demo data only.
 */
export async function seedDemoWidgets(outer: Db, businessId: number): Promise<void> {
  await outer.transaction(async (t) => {
    const db = t as unknown as Db;
    await db.update(users).set({ widgetv1activated: true, widgetv2activated: true, hasGuest: true }).where(eq(users.id, businessId));
    const hotel = await insertDemoWidget(db, businessId, {
      version: 1,
      name: 'Hotel Isarblick',
      texts: {
        de: { title: 'Unsere Tipps für München', intro: 'Was wir unseren Gästen am liebsten empfehlen.' },
        en: { title: 'Our Munich tips', intro: 'What we like to recommend to our guests.' },
      },
      firstView: 'list',
      places: DEMO_WIDGET_PLACES,
      firstPoiTexts: {
        de: { description: 'Fünf Minuten zu Fuß von uns – ideal für ein zweites Frühstück. Probieren Sie die Weißwurst vor zwölf.' },
        en: { description: 'Five minutes on foot from the hotel – perfect for a second breakfast. Try a Weisswurst before noon.' },
      } as PoiTextsRow,
    });
    const rainy = await insertDemoWidget(db, businessId, {
      version: 2,
      name: 'Rainy day',
      texts: {
        de: { title: 'Regentag in München', intro: 'Museen und Schlösser, in denen man gern einen nassen Tag verbringt.' },
        en: { title: 'A rainy day in Munich', intro: 'Museums and palaces worth a wet afternoon.' },
      },
      firstView: 'map',
      places: DEMO_RAINY_DAY_PLACES,
    });
    await db.insert(guestApps).values({
      ownerId: businessId,
      publicId: newPublicId(),
      welcome: {
        de: { title: 'Willkommen im Hotel Isarblick', text: 'Hier finden Sie unsere Empfehlungen für Ihren Aufenthalt.' },
        en: { title: 'Welcome to Hotel Isarblick', text: 'Here are our recommendations for your stay.' },
      },
      widgetIds: [hotel, rainy],
      contact: {
        phone: '+49 89 1234567',
        email: 'rezeption@isarblick.example',
        website: 'https://isarblick.example',
        address: 'Zweibrückenstraße 12, 80331 München',
      },
      units: ['101', '102', '201'],
    });
  });
}

/** A demo widget in the brand colour with the named catalogue places as its POIs, in this order; answers its id. */
async function insertDemoWidget(
  db: Db,
  ownerId: number,
  w: {
    version: 1 | 2;
    name: string;
    texts: Record<'de' | 'en', { title: string; intro: string }>;
    firstView: 'list' | 'map';
    places: readonly string[];
    firstPoiTexts?: PoiTextsRow;
  },
): Promise<number> {
  const [row] = await db
    .insert(widgets)
    .values({
      ownerId,
      publicId: newPublicId(),
      version: w.version,
      name: w.name,
      languages: ['de', 'en'],
      texts: w.texts,
      style: { primaryColor: DEMO_BRAND_COLOR, firstView: w.firstView },
    })
    .returning({ id: widgets.id });
  const found = await db
    .select({ id: places.id, name: places.name })
    .from(places)
    .where(inArray(places.name, [...w.places]));
  const ids = w.places.map((n) => found.find((p) => p.name === n)?.id).filter((id): id is number => id !== undefined);
  if (ids.length > 0)
    await db.insert(widgetPois).values(
      ids.map((placeId, position) => ({
        widgetId: row.id,
        placeId,
        position,
        texts: (position === 0 && w.firstPoiTexts) || ({} as PoiTextsRow),
      })),
    );
  return row.id;
}
