/**
 * The POIs of a widget (./README.md): the places a widget shows,
 * in order, with their texts and pictures. The read side — the POI rows with their place and
 * picture (`poiRows`, `poiPlaceColumns`, `documentUrls`, also used by the public widget answer and
 * the guest app) and the POI views of a widget's detail (`poiViews`) — and the business's changes:
 * add, remove, reorder and texts (`poisService`). Each change goes through the widgets service's
 * owner and flag check, bumps the widget's revision and answers the widget as GET /api/widget/{id}
 * does. The POI picture is set in the documents module (pictures.service.ts).
 */
import { and, eq, asc, inArray, sql } from 'drizzle-orm';
import {
  ErrorKey,
  WIDGET_POI_MAX,
  type AppLanguage,
  type PlaceInputParsed,
  type WidgetDetail,
  type WidgetPoiView,
} from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { documents, places, widgetPois, widgets } from '../../platform/db/schema/index.ts';
import type { PoiTextsRow } from '../../platform/db/schema/widgets.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserActor } from '../../platform/actor/actor.ts';
import { isModerator } from '../../platform/http/auth.ts';
import { fileUrl, thumbUrl } from '../documents/index.ts';
import { placeContentColumns, placeReadableSql, qualifiedColumn } from '../../platform/db/place-sql.ts';
import { placeValues } from '../places/index.ts';
import type { FeatureFlags } from '../../platform/http/feature-flags.ts';
import { cleanTexts, type WidgetsService } from './widgets.service.ts';

type Tx = Db;

/**
 * A picture's file and thumbnail addresses as the documents module builds them (with `?v=` of the
 * file's hash: the files are served with a year-long immutable cache, so a replaced file gets a new
 * address). `doc` is the picture's document row joined by id; null when there is none.
 */
export function documentUrls(doc: { id: number | null; sha256: string | null; thumbKey: string | null }) {
  if (doc.id === null || doc.sha256 === null) return null;
  const row = { id: doc.id, sha256: doc.sha256 };
  return { url: fileUrl(row), urlThumb240: doc.thumbKey ? thumbUrl(row) : null };
}

/** The place columns a POI or a guest app's list item shows (the business's view and the public answers). */
export const poiPlaceColumns = { ...placeContentColumns, placeTexts: places.texts };

/** The POIs of these widgets with their places and pictures, each widget's in its order (one statement for all). */
export const poiRows = (db: Db, widgetIds: readonly number[]) =>
  db
    .select({
      id: widgetPois.id,
      widgetId: widgetPois.widgetId,
      placeId: widgetPois.placeId,
      position: widgetPois.position,
      texts: widgetPois.texts,
      pictureDocumentId: widgetPois.pictureDocumentId,
      pictureSha256: documents.sha256,
      pictureThumbKey: documents.thumbKey,
      ...poiPlaceColumns,
      placeHidden: sql<boolean>`${places.hiddenAt} is not null`,
    })
    .from(widgetPois)
    .innerJoin(places, eq(places.id, widgetPois.placeId))
    .leftJoin(documents, eq(documents.id, widgetPois.pictureDocumentId))
    .where(inArray(widgetPois.widgetId, [...widgetIds]))
    .orderBy(asc(widgetPois.widgetId), asc(widgetPois.position), asc(widgetPois.id));

/** A widget's POIs as the business's widget detail shows them, in the `language` asked for. */
export async function poiViews(tx: Db, widgetId: number, language: AppLanguage): Promise<WidgetPoiView[]> {
  const rows = await poiRows(tx, [widgetId]);
  return rows.map((r) => {
    const local = r.placeTexts?.[language];
    const pic = documentUrls({ id: r.pictureDocumentId, sha256: r.pictureSha256, thumbKey: r.pictureThumbKey });
    return {
      id: r.id,
      widgetId: r.widgetId,
      placeId: r.placeId,
      position: r.position,
      texts: r.texts ?? {},
      picture:
        pic && r.pictureDocumentId !== null ? { id: r.pictureDocumentId, url: pic.url, urlThumb240: pic.urlThumb240 ?? pic.url } : null,
      place: {
        id: r.placeId,
        name: local?.name || r.name,
        description: local?.description || r.description,
        texts: r.placeTexts ?? {},
        latitude: r.latitude,
        longitude: r.longitude,
        address: r.address,
        city: r.city,
        country: r.country,
        category: r.category as WidgetPoiView['place']['category'],
        website: r.website,
        phone: r.phone,
        accessibility: r.accessibility as WidgetPoiView['place']['accessibility'],
      },
    };
  });
}

/** The POI changes of the business side, through the widgets service (owner and flag check, revision, detail). */
export function poisService(widgetsSvc: Pick<WidgetsService, 'own' | 'bump' | 'change' | 'detail'>) {
  const { own, bump, change, detail } = widgetsSvc;

  return {
    /** POST /api/widgetpoi/add: a readable catalogue place, or a new one made by the caller. */
    async addPoi(
      input: { widgetId: number; placeId?: number; place?: PlaceInputParsed; texts?: PoiTextsRow },
      user: UserActor,
      flags: FeatureFlags,
      base: string,
      language: AppLanguage,
    ): Promise<WidgetDetail> {
      return change(async (tx) => {
        const w = await own(tx, input.widgetId, user, flags, true);
        const [{ n }] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(widgetPois)
          .where(eq(widgetPois.widgetId, w.id));
        if (n >= WIDGET_POI_MAX) throw new AppError(ErrorKey.widgetPoiTooMany, 409);
        let placeId: number;
        if (input.place) {
          const [p] = await tx
            .insert(places)
            .values({ ...placeValues(input.place), creatorId: user.id })
            .returning({ id: places.id });
          placeId = p.id;
        } else {
          placeId = input.placeId!;
          const [p] = await tx
            .select({ id: places.id })
            .from(places)
            .where(and(eq(places.id, placeId), placeReadableSql(user.id, isModerator(user))));
          if (!p) throw new AppError(ErrorKey.placeNotFound, 404);
          const [dup] = await tx
            .select({ id: widgetPois.id })
            .from(widgetPois)
            .where(and(eq(widgetPois.widgetId, w.id), eq(widgetPois.placeId, placeId)));
          if (dup) throw new AppError(ErrorKey.widgetPoiDuplicate, 409);
        }
        await tx.insert(widgetPois).values({ widgetId: w.id, placeId, position: n, texts: cleanTexts(input.texts) as PoiTextsRow });
        await bump(tx, w.id);
        return { publicId: w.publicId, result: await detail(tx, w.id, user, base, language) };
      });
    },

    /** The caller's widget POI (its widget locked), or 404. */
    async ownPoi(tx: Tx, poiId: number, user: UserActor, flags: FeatureFlags) {
      const [p] = await tx
        .select({ id: widgetPois.id, widgetId: widgetPois.widgetId, position: widgetPois.position })
        .from(widgetPois)
        .innerJoin(widgets, eq(widgets.id, widgetPois.widgetId))
        .where(and(eq(widgetPois.id, poiId), eq(widgets.ownerId, user.id)));
      if (!p) throw new AppError(ErrorKey.widgetPoiNotFound, 404);
      const w = await own(tx, p.widgetId, user, flags, true);
      return { ...p, publicId: w.publicId };
    },

    async removePoi(poiId: number, user: UserActor, flags: FeatureFlags, base: string, language: AppLanguage): Promise<WidgetDetail> {
      return change(async (tx) => {
        const p = await this.ownPoi(tx, poiId, user, flags);
        const gone = await tx.delete(widgetPois).where(eq(widgetPois.id, p.id)).returning({ position: widgetPois.position });
        if (!gone[0]) throw new AppError(ErrorKey.widgetPoiNotFound, 404);
        await tx
          .update(widgetPois)
          .set({ position: sql`${widgetPois.position} - 1` })
          .where(and(eq(widgetPois.widgetId, p.widgetId), sql`${widgetPois.position} > ${gone[0].position}`));
        await bump(tx, p.widgetId);
        return { publicId: p.publicId, result: await detail(tx, p.widgetId, user, base, language) };
      });
    },

    async reorderPois(
      widgetId: number,
      poiIds: number[],
      user: UserActor,
      flags: FeatureFlags,
      base: string,
      language: AppLanguage,
    ): Promise<WidgetDetail> {
      return change(async (tx) => {
        const w = await own(tx, widgetId, user, flags, true);
        const current = await tx.select({ id: widgetPois.id }).from(widgetPois).where(eq(widgetPois.widgetId, w.id));
        const ids = new Set(current.map((c) => c.id));
        if (poiIds.length !== ids.size || new Set(poiIds).size !== poiIds.length || poiIds.some((i) => !ids.has(i))) {
          throw new AppError(ErrorKey.widgetPoiReorder, 400);
        }
        if (poiIds.length > 0) {
          const cases = sql.join(
            poiIds.map((pid, i) => sql`when ${pid}::int then ${i}::int`),
            sql` `,
          );
          await tx
            .update(widgetPois)
            .set({ position: sql`case ${qualifiedColumn(widgetPois.id)} ${cases} end` })
            .where(eq(widgetPois.widgetId, w.id));
        }
        await bump(tx, w.id);
        return { publicId: w.publicId, result: await detail(tx, w.id, user, base, language) };
      });
    },

    async poiTexts(poiId: number, texts: PoiTextsRow, user: UserActor, flags: FeatureFlags, base: string, language: AppLanguage) {
      return change(async (tx) => {
        const p = await this.ownPoi(tx, poiId, user, flags);
        await tx
          .update(widgetPois)
          .set({ texts: cleanTexts(texts) as PoiTextsRow })
          .where(eq(widgetPois.id, p.id));
        await bump(tx, p.widgetId);
        return { publicId: p.publicId, result: await detail(tx, p.widgetId, user, base, language) };
      });
    },
  };
}
export type PoisService = ReturnType<typeof poisService>;
