import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { languages, overlays, overlaySites, overlayTexts, userLanguages, users } from '../schema/index.ts';
import type { OverlayContentRow } from '../schema/overlays.ts';
import { newPublicId } from '../../../lib/tokens.ts';

/** The demo overlay's texts: German and English published, French a draft (the grid shows all three states but "changed"). */
const TEXTS: Record<'de' | 'en' | 'fr', OverlayContentRow> = {
  de: {
    title: 'Frühstück auf der Isarterrasse',
    html: '<p>Ab sofort servieren wir das Frühstück bei schönem Wetter <strong>auf unserer Terrasse</strong> – täglich von 7 bis 11 Uhr.</p><ul><li>Brot und Brezen vom Bäcker nebenan</li><li>Eier und Käse von Höfen aus dem Umland</li></ul>',
    imageDocumentId: null,
    buttons: [{ kind: 'url', label: 'Tisch reservieren', url: 'https://isarblick.example/fruehstueck' }],
  },
  en: {
    title: 'Breakfast on the Isar terrace',
    html: '<p>When the sun is out we now serve breakfast <strong>on our terrace</strong> – every day from 7 to 11 am.</p><ul><li>Bread and pretzels from the bakery next door</li><li>Eggs and cheese from farms around Munich</li></ul>',
    imageDocumentId: null,
    buttons: [{ kind: 'url', label: 'Book a table', url: 'https://isarblick.example/breakfast' }],
  },
  fr: {
    title: 'Petit-déjeuner sur la terrasse',
    html: '<p>Par beau temps, le petit-déjeuner est servi <strong>sur notre terrasse</strong>, tous les jours de 7 h à 11 h.</p>',
    imageDocumentId: null,
    buttons: [],
  },
};

/**
 * The demo business gets the overlay and AI assistant flags, German, English and French as its content languages,
 * and one overlay (a slide-in on every page of its website; not over the guest app, which the
 * journeys' clicks use) published in
 * German and English with a French draft. Demo data only.
 */
export async function seedDemoOverlays(outer: Db, businessId: number): Promise<void> {
  await outer.transaction(async (t) => {
    const db = t as unknown as Db;
    // the AI assistant too: without a provider its page explains the set-up, with one (AI_BASE_URL)
    // the overlay editor's ✨ actions and "Translate to all languages" work on this overlay
    await db.update(users).set({ overlayactivated: true, aiassistantactivated: true }).where(eq(users.id, businessId));
    const langs = await db
      .select({ id: languages.id, key: languages.key })
      .from(languages)
      .where(inArray(languages.key, ['de', 'en', 'fr']));
    const order = ['de', 'en', 'fr'];
    langs.sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key));
    await db
      .insert(userLanguages)
      .values(langs.map((l, i) => ({ userId: businessId, languageId: l.id, isDefault: i === 0 })))
      .onConflictDoNothing();
    await db.insert(overlaySites).values({ ownerId: businessId, publicId: newPublicId() }).onConflictDoNothing();
    const [row] = await db
      .insert(overlays)
      .values({
        ownerId: businessId,
        name: 'Terrace breakfast',
        format: 'slideIn',
        where: { guestApp: false, widgetIds: [], urlPatterns: ['/*'] },
        trigger: { kind: 'load', delaySeconds: 2 },
        frequency: { kind: 'session' },
        schedule: { from: null, until: null, timeZone: 'Europe/Berlin' },
        fallback: ['en'],
      })
      .returning({ id: overlays.id });
    const now = new Date();
    await db.insert(overlayTexts).values([
      { overlayId: row.id, language: 'de', draft: TEXTS.de, published: TEXTS.de, publishedAt: now },
      { overlayId: row.id, language: 'en', draft: TEXTS.en, published: TEXTS.en, publishedAt: now },
      { overlayId: row.id, language: 'fr', draft: TEXTS.fr },
    ]);
  });
}
