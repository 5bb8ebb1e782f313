import { eq, sql } from 'drizzle-orm';
import { APP_LANGUAGES, roundCoordinate, type AppLanguage, type PublicPoi, type PublicWidget } from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { documents, languages, places, users, widgetPois, widgets } from '../../platform/db/schema/index.ts';
import type { PoiTextsRow } from '../../platform/db/schema/widgets.ts';
import { qc } from '../places/place-sql.ts';
import { documentUrls, poiRows } from './pois.service.ts';

/** How long a cached answer is served before its widget's stamp is checked again (other instances' changes). */
export const PUBLIC_WIDGET_TTL_MS = 3000;
/** At most this many (publicId, language) answers are kept; the oldest goes first. */
const CACHE_MAX = 5000;

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

/** True when an If-None-Match header names `etag` (weak or strong, or `*`). */
export function matchesEtag(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const v = Array.isArray(header) ? header.join(',') : header;
  if (v.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return v.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
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

/**
 * What decides whether a cached answer is still right: the widget's revision (every business-side
 * change), the newest change of its places (a place's creator edits it), the number of POI
 * pictures (a deleted document clears one without a revision) and the newest change of those
 * pictures' documents (a file replaced in place keeps its id but gets a new `?v=` address). Null
 * when the widget is unknown or switched off (its owner lost the flag of its version).
 */
const stampSql = (publicId: string) => sql`
  select w.id, w.revision::text || '.' ||
    coalesce((select (extract(epoch from max(p.updated_at)) * 1000)::bigint::text || '.' || count(wp.picture_document_id)::text
       || '.' || coalesce((extract(epoch from max(d.updated_at)) * 1000)::bigint::text, '0')
       from ${widgetPois} wp join ${places} p on p.id = wp.place_id left join ${documents} d on d.id = wp.picture_document_id
       where wp.widget_id = w.id), '0.0.0') as stamp
  from ${widgets} w join ${users} u on u.id = w.owner_id
  where w.public_id = ${publicId}
    and ((w.version = 1 and u.widgetv1activated) or (w.version = 2 and u.widgetv2activated))`;

export async function widgetStamp(db: Db, publicId: string): Promise<{ id: number; stamp: string } | null> {
  const res = (await db.execute(stampSql(publicId))) as unknown as { rows: { id: number; stamp: string }[] };
  const r = res.rows[0];
  return r ? { id: Number(r.id), stamp: String(r.stamp) } : null;
}

/** The active widget by public id (see widgetStamp), with its owner's language. */
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
      sql`${qc(widgets.publicId)} = ${publicId} and ((${qc(widgets.version)} = 1 and ${qc(users.widgetv1activated)}) or (${qc(widgets.version)} = 2 and ${qc(users.widgetv2activated)}))`,
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

interface Entry {
  /** null: no such (active) widget. */
  body: string | null;
  etag: string;
  stamp: string;
  checkedAt: number;
}

/**
 * GET /api/public/widget/{publicId}: the serialized answer per (publicId, requested language) in
 * process memory. A hit younger than PUBLIC_WIDGET_TTL_MS is served without the database (also its
 * 304); an older one costs one small stamp query and is rebuilt only when the stamp moved. This
 * instance's own changes drop the widget's entries at once (invalidate); other instances' changes
 * show within the TTL. Concurrent misses of one key share one load.
 */
export function publicWidgetCache(db: Db, now: () => number = Date.now) {
  const entries = new Map<string, Entry>();
  const loading = new Map<string, Promise<Entry>>();
  /** Bumped by invalidate: a load that started before it does not store its result. */
  const epochs = new Map<string, number>();

  async function load(publicId: string, lang: AppLanguage | '', previous: Entry | undefined): Promise<Entry> {
    const epoch = epochs.get(publicId) ?? 0;
    const stamp = await widgetStamp(db, publicId);
    let entry: Entry;
    if (!stamp) entry = { body: null, etag: '', stamp: '', checkedAt: now() };
    else if (previous && previous.body !== null && previous.stamp === stamp.stamp) entry = { ...previous, checkedAt: now() };
    else {
      const head = await widgetHead(db, publicId);
      if (!head) entry = { body: null, etag: '', stamp: '', checkedAt: now() };
      else {
        const answer = await buildPublicWidget(db, head, lang);
        // weak: the same answer goes out plain, brotli or gzip (RFC 9110 §8.8.1), which a strong tag would tell apart
        entry = { body: JSON.stringify(answer), etag: `W/"w${stamp.stamp}.${answer.language}"`, stamp: stamp.stamp, checkedAt: now() };
      }
    }
    if ((epochs.get(publicId) ?? 0) === epoch) {
      const key = `${publicId}|${lang}`;
      entries.delete(key);
      entries.set(key, entry);
      if (entries.size > CACHE_MAX) entries.delete(entries.keys().next().value!);
    }
    return entry;
  }

  return {
    /** The cached or fresh answer; `body` null for an unknown or switched-off widget. */
    get(publicId: string, lang: AppLanguage | ''): Entry | Promise<Entry> {
      const key = `${publicId}|${lang}`;
      const hit = entries.get(key);
      if (hit && now() - hit.checkedAt < PUBLIC_WIDGET_TTL_MS) return hit;
      let p = loading.get(key);
      if (!p) {
        const mine: Promise<Entry> = load(publicId, lang, hit).finally(() => {
          if (loading.get(key) === mine) loading.delete(key);
        });
        loading.set(key, (p = mine));
      }
      return p;
    },
    /** Drops every language of a widget (this instance changed it). */
    invalidate(publicId: string): void {
      epochs.set(publicId, (epochs.get(publicId) ?? 0) + 1);
      for (const lang of ['', ...APP_LANGUAGES]) entries.delete(`${publicId}|${lang}`);
      for (const lang of ['', ...APP_LANGUAGES]) loading.delete(`${publicId}|${lang}`);
    },
    clear(): void {
      entries.clear();
    },
  };
}
export type PublicWidgetCache = ReturnType<typeof publicWidgetCache>;
