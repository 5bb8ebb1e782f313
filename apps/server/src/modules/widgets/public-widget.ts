import { eq, sql } from 'drizzle-orm';
import { APP_LANGUAGES, roundCoordinate, type AppLanguage, type PublicPoi, type PublicWidget } from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { languages, users, widgets } from '../../platform/db/schema/index.ts';
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

/** The active widget by public id (its owner has the flag of its version), with its owner's language. */
export async function widgetHead(db: Db, publicId: string): Promise<WidgetHead | null> {
  const [r] = await db
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
      sql`${qualifiedColumn(widgets.publicId)} = ${publicId} and ((${qualifiedColumn(widgets.version)} = 1 and ${qualifiedColumn(users.widgetv1activated)}) or (${qualifiedColumn(widgets.version)} = 2 and ${qualifiedColumn(users.widgetv2activated)}))`,
    );
  return r ?? null;
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

/** The public answer of a widget in the visitor's language (when offered). */
export async function buildPublicWidget(db: Db, head: WidgetHead, requested: string): Promise<PublicWidget> {
  const offered = head.languages.length > 0 ? head.languages : [head.ownerLanguage];
  const language = servedLanguage(requested, offered, head.ownerLanguage);
  const texts = head.texts?.[language] ?? {};
  const first = head.texts?.[offered[0]] ?? {};
  const rows: PoiRow[] = await poiRows(db, head.id);
  return {
    publicId: head.publicId,
    language,
    languages: offered,
    title: texts.title || first.title || head.name,
    intro: texts.intro || first.intro || '',
    style: head.style ?? {},
    pois: rows.map((r) => publicPoi(r, language)),
  };
}

/** The public answer of an active widget, or null when it is unknown or switched off. */
export async function publicWidgetAnswer(db: Db, publicId: string, requested: string): Promise<PublicWidget | null> {
  const head = await widgetHead(db, publicId);
  return head ? buildPublicWidget(db, head, requested) : null;
}
