import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { APP_LANGUAGES, roundCoordinate, type AppLanguage, type PublicPoi, type PublicWidget } from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { languages, overlaySites, users, widgets } from '../../platform/db/schema/index.ts';
import type { PoiTextsRow } from '../../platform/db/schema/widgets.ts';
import { qualifiedColumn } from '../../platform/db/place-sql.ts';
import { documentUrls, poiRows } from './pois.service.ts';

/** `lang` as a visitor sends it (`de`, `de-AT`, `DE`) → an app language, or '' when none. */
export function visitorLanguage(lang: unknown): AppLanguage | '' {
  const v = typeof lang === 'string' ? lang.trim().toLowerCase().slice(0, 2) : '';
  return (APP_LANGUAGES as readonly string[]).includes(v) ? (v as AppLanguage) : '';
}

/** The language served: the visitor's when offered, else the first offered, else the owner's. */
export function servedLanguage(requested: string, offered: string[], ownerLanguage: string): string {
  if (requested && offered.includes(requested)) return requested;
  return offered[0] ?? ownerLanguage;
}

/** The widget's own columns a visitor's answer is made of, with its owner's language. */
export type WidgetHead = Pick<
  typeof widgets.$inferSelect,
  'id' | 'ownerId' | 'publicId' | 'version' | 'name' | 'texts' | 'languages' | 'style' | 'allowedDomains'
> & { ownerLanguage: string };

/** What a public POI is made of (a widget POI's row, or a guest app list's place without POI texts or picture). */
interface PoiRow {
  placeId: number;
  texts: PoiTextsRow;
  pictureDocumentId: number | null;
  pictureSha256: string | null;
  pictureThumbKey: string | null;
  name: string;
  description: string | null;
  placeTexts: Record<string, { name?: string; description?: string }>;
  latitude: number | null;
  longitude: number | null;
  address: string | null;
  city: string | null;
  category: string;
  website: string | null;
  phone: string | null;
  accessibility: string[];
}

/** The active widgets among these public ids (their owners have the flag of their version), with their owners' language. */
export async function widgetHeads(db: Db, publicIds: readonly string[]): Promise<WidgetHead[]> {
  if (publicIds.length === 0) return [];
  return db
    .select({
      id: widgets.id,
      ownerId: widgets.ownerId,
      publicId: widgets.publicId,
      version: widgets.version,
      name: widgets.name,
      texts: widgets.texts,
      languages: widgets.languages,
      style: widgets.style,
      allowedDomains: widgets.allowedDomains,
      ownerLanguage: languages.key,
    })
    .from(widgets)
    .innerJoin(users, eq(users.id, widgets.ownerId))
    .innerJoin(languages, eq(languages.id, users.languageId))
    .where(
      and(
        inArray(widgets.publicId, [...publicIds]),
        // a widget a moderator hid answers no visitor
        isNull(widgets.hiddenAt),
        sql`((${qualifiedColumn(widgets.version)} = 1 and ${qualifiedColumn(users.widgetv1activated)}) or (${qualifiedColumn(widgets.version)} = 2 and ${qualifiedColumn(users.widgetv2activated)}))`,
      ),
    );
}

/** The active widget by public id, with its owner's language. */
export async function widgetHead(db: Db, publicId: string): Promise<WidgetHead | null> {
  return (await widgetHeads(db, [publicId]))[0] ?? null;
}

/**
 * The overlay site ids of these owners that have overlays switched on (`overlayactivated`), by
 * owner: what the widget frame and the guest app ask the public overlay answer of. An owner
 * without the flag, or without a site (no overlay made yet), has none. (The overlays module owns
 * the table; it is read here because overlays depend on widgets' analytics, not the reverse.)
 */
export async function overlaySitesOf(db: Db, ownerIds: readonly number[]): Promise<Map<number, string>> {
  if (ownerIds.length === 0) return new Map();
  const rows = await db
    .select({ ownerId: overlaySites.ownerId, publicId: overlaySites.publicId })
    .from(overlaySites)
    .innerJoin(users, eq(users.id, overlaySites.ownerId))
    .where(and(inArray(overlaySites.ownerId, [...new Set(ownerIds)]), eq(users.overlayactivated, true)));
  return new Map(rows.map((r) => [r.ownerId, r.publicId]));
}

/** A POI in one language: the business's words, else the place's texts in it, else the place's own. */
export function publicPoi(
  r: Omit<PoiRow, 'texts' | 'pictureDocumentId' | 'pictureSha256' | 'pictureThumbKey'> &
    Partial<Pick<PoiRow, 'texts' | 'pictureDocumentId' | 'pictureSha256' | 'pictureThumbKey'>>,
  lang: string,
): PublicPoi {
  const own = r.texts?.[lang];
  const local = r.placeTexts?.[lang];
  const pic = documentUrls({ id: r.pictureDocumentId ?? null, sha256: r.pictureSha256 ?? null, thumbKey: r.pictureThumbKey ?? null });
  return {
    placeId: r.placeId,
    name: own?.name || local?.name || r.name,
    description: own?.description || local?.description || r.description,
    latitude: r.latitude === null ? null : roundCoordinate(r.latitude),
    longitude: r.longitude === null ? null : roundCoordinate(r.longitude),
    address: r.address,
    city: r.city,
    category: r.category,
    website: r.website,
    phone: r.phone,
    accessibility: r.accessibility,
    pictureUrl: pic?.url ?? null,
    thumbUrl: pic?.urlThumb240 ?? null,
  };
}

/** The public answers of these widgets, each in the visitor's language when it offers it (three statements for all). */
export async function buildPublicWidgets(db: Db, heads: readonly WidgetHead[], requested: string): Promise<PublicWidget[]> {
  const rows: (PoiRow & { widgetId: number })[] =
    heads.length > 0
      ? // a place a moderator hid leaves every visitor's widget
        (
          await poiRows(
            db,
            heads.map((h) => h.id),
          )
        ).filter((r) => !r.placeHidden)
      : [];
  const sites = await overlaySitesOf(
    db,
    heads.map((h) => h.ownerId),
  );
  return heads.map((head) => {
    const offered = head.languages.length > 0 ? head.languages : [head.ownerLanguage];
    const language = servedLanguage(requested, offered, head.ownerLanguage);
    const texts = head.texts?.[language] ?? {};
    const first = head.texts?.[offered[0]] ?? {};
    return {
      publicId: head.publicId,
      language,
      languages: offered,
      title: texts.title || first.title || head.name,
      intro: texts.intro || first.intro || '',
      style: head.style ?? {},
      pois: rows.filter((r) => r.widgetId === head.id).map((r) => publicPoi(r, language)),
      overlaySite: sites.get(head.ownerId) ?? null,
    };
  });
}

export async function buildPublicWidget(db: Db, head: WidgetHead, requested: string): Promise<PublicWidget> {
  return (await buildPublicWidgets(db, [head], requested))[0];
}

/** The public answers of the active widgets among `publicIds`, in that order (unknown or switched-off ones left out). */
export async function publicWidgetAnswers(db: Db, publicIds: readonly string[], requested: string): Promise<PublicWidget[]> {
  const heads = await widgetHeads(db, publicIds);
  const ordered = publicIds.flatMap((id) => heads.filter((h) => h.publicId === id));
  return buildPublicWidgets(db, ordered, requested);
}
