/**
 * Pictures (SPEC §7, ./README.md): documents that belong to
 * something — the profile picture and logo, a widget POI's picture, a place's pictures. A picture
 * comes from a file just received (it goes through the documents pipeline, `createFromFile`) or is
 * a finished document of the caller that is adopted as it is (`adoptDocument`, e.g. a resumable
 * upload). One path per picture kind (`setProfileImage`, `setWidgetPoiImage`, `addPlacePicture`)
 * plus the place pictures' reads (`placePictures`, `placePictureRefs`). The document resource
 * itself (upload, list, get, update, delete, quota, files) is documents.service.ts.
 */
import fsp from 'node:fs/promises';
import { and, eq, or, sql } from 'drizzle-orm';
import { AccountType, ErrorKey, Visibility, widgetFlag } from '@spotlist/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/client.ts';
import { documents, places, users, widgetPois, widgets } from '../../platform/db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserActor } from '../../platform/actor/actor.ts';
import { isModerator } from '../../platform/http/auth.ts';
import { placeReadableSql } from '../../platform/db/place-sql.ts';
import { needFlag, type FeatureFlags } from '../../platform/http/feature-flags.ts';
import { fileUrl, thumbUrl, toView, type DocumentsService, type UploadMeta } from './documents.service.ts';
import { discard, processUpload } from './pipeline.ts';
import { receiveToTemp, type Received } from './receive.ts';
import type { FileStorage } from './storage.ts';

type Row = typeof documents.$inferSelect;

/**
 * Where a picture (profile picture, logo, widget POI, place) comes from: a file just received, or
 * a finished document of the caller (e.g. a resumable upload), which becomes the picture as is.
 */
export type PictureSource = { file: Received; fileName: string } | { documentId: number };

export function picturesService(deps: {
  db: Db;
  config: Config;
  storage: FileStorage;
  /** The document resource: new files go through its pipeline, replaced pictures through its removal. */
  docs: Pick<DocumentsService, 'tmpDir' | 'createFromFile' | 'own' | 'removeRow' | 'removeFiles'>;
  /** A widget's public answer changed (the route emits widget.changed: its cached answers go on every instance). */
  widgetChanged?: (publicId: string) => void;
}) {
  const { db, config, storage } = deps;
  const { tmpDir, createFromFile, own, removeRow, removeFiles } = deps.docs;
  const widgetChanged = deps.widgetChanged ?? (() => {});
  const notFound = () => new AppError(ErrorKey.documentNotFound, 404);

  /**
   * Makes an existing document of `owner` a picture, as createFromFile does for a new file: the
   * entity, visibility and `data` of `meta` are set and `within` runs in the same transaction.
   * The same type rules as a direct picture upload: an image (404 for a document that is not the
   * owner's, 415 error.upload.notimage otherwise); an SVG kept as a plain document first goes
   * through the SVG picture checks and gets its PNG thumbnail. A document that already belongs to
   * another entity (another picture, a place) is refused (409 error.document.inuse).
   */
  async function adoptDocument(
    owner: Pick<UserActor, 'id'>,
    documentId: number,
    meta: Pick<UploadMeta, 'visibility' | 'entityType' | 'entityId'> & { data?: Record<string, unknown> },
    within: ((tx: Db, row: Row) => Promise<number[]>) | undefined,
  ): Promise<Row> {
    const target = { entityType: meta.entityType ?? null, entityId: meta.entityId ?? null };
    const check = (row: Row | undefined): Row => {
      if (!row) throw notFound();
      if (!row.mimeType.startsWith('image/')) throw new AppError(ErrorKey.uploadNotImage, 415);
      if (row.entityType !== null && (row.entityType !== target.entityType || row.entityId !== target.entityId)) {
        throw new AppError(ErrorKey.documentInUse, 409);
      }
      return row;
    };
    const first = check(await own(documentId, owner));
    // Raster images went through the same pipeline whatever they became; an SVG document has no
    // thumbnail and was not checked as a picture: that happens now, on its stored bytes.
    const thumb = first.thumbKey === null ? await pictureThumb(first) : null;
    let dropIds: number[] = [];
    let oldThumb: string | null = null;
    try {
      const row = await db.transaction(async (tx) => {
        await tx.execute(sql`select id from ${users} where id = ${owner.id} for update`);
        const [locked] = await tx
          .select()
          .from(documents)
          .where(and(eq(documents.id, documentId), eq(documents.ownerId, owner.id)))
          .for('update');
        const doc = check(locked);
        if (!thumb && doc.thumbKey === null) throw new AppError(ErrorKey.documentInUse, 409); // its file changed meanwhile
        if (thumb && doc.sha256 !== first.sha256) throw new AppError(ErrorKey.documentInUse, 409);
        oldThumb = thumb ? doc.thumbKey : null;
        const [saved] = await tx
          .update(documents)
          .set({
            visibility: meta.visibility ?? doc.visibility,
            entityType: target.entityType,
            entityId: target.entityId,
            ...(meta.data ? { data: { ...doc.data, ...meta.data } } : {}),
            ...(thumb ? { thumbKey: thumb } : {}),
            updatedAt: new Date(),
          })
          .where(eq(documents.id, doc.id))
          .returning();
        // the picture it already is stays
        if (within) dropIds = (await within(tx as unknown as Db, saved)).filter((id) => id !== saved.id);
        return saved;
      });
      if (oldThumb) await removeFiles([oldThumb]);
      for (const id of dropIds) await removeRow(id, owner.id);
      return row;
    } catch (err) {
      if (thumb) await removeFiles([thumb]);
      throw err;
    }
  }

  /** Runs the picture checks on a stored document's bytes; answers the key of its new thumbnail. */
  async function pictureThumb(row: Row): Promise<string> {
    const got = await storage.get(row.storageKey);
    if (!got) throw notFound();
    const received = await receiveToTemp(got.body, tmpDir, config.UPLOAD_MAX_BYTES);
    try {
      const processed = await processUpload(received, { tmpDir, maxPixels: config.UPLOAD_MAX_PIXELS, requireImage: true });
      try {
        if (!processed.thumb) throw new AppError(ErrorKey.uploadNotImage, 415);
        await storage.put(processed.thumb.key, processed.thumb.path, processed.thumb.contentType);
        return processed.thumb.key;
      } finally {
        await discard(processed);
      }
    } finally {
      await fsp.rm(received.path, { force: true });
    }
  }

  /** A new file goes through the pipeline; a document of the owner is taken as it is. */
  async function attachPicture(
    owner: Pick<UserActor, 'id'>,
    source: PictureSource,
    meta: Omit<UploadMeta, 'fileName' | 'requireImage'>,
    within?: (tx: Db, row: Row) => Promise<number[]>,
  ): Promise<Row> {
    if ('documentId' in source) return adoptDocument(owner, source.documentId, meta, within);
    return createFromFile(owner, source.file, { ...meta, fileName: source.fileName, requireImage: true }, within);
  }

  /**
   * Sets the profile picture or logo (a public document) and removes the previous one with its
   * files. A logo is for business accounts only.
   */
  async function setProfileImage(user: UserActor, kind: 'picture' | 'logo', source: PictureSource): Promise<void> {
    if (kind === 'logo' && user.accountType !== AccountType.business) throw new AppError(ErrorKey.logoBusinessOnly, 403);
    const column = kind === 'picture' ? users.pictureDocumentId : users.logoDocumentId;
    await attachPicture(
      user,
      source,
      {
        data: {},
        extraData: null,
        visibility: Visibility.all,
        entityType: kind === 'picture' ? 'profile-picture' : 'profile-logo',
        entityId: user.id,
      },
      async (tx, row) => {
        const [prev] = await tx.select({ id: column }).from(users).where(eq(users.id, user.id));
        await tx
          .update(users)
          .set(kind === 'picture' ? { pictureDocumentId: row.id } : { logoDocumentId: row.id })
          .where(eq(users.id, user.id));
        return prev?.id ? [prev.id] : [];
      },
    );
  }

  /**
   * Sets a widget POI's picture: only the widget's owner, with the flag of the widget's version
   * (`flags` from the route's flag gate, which already refused an account without any widget flag:
   * 403 error.flag.missing, as the widgets module does). The widget's revision grows by one and
   * `widgetChanged` drops its public answer, so visitors see the new picture at once.
   */
  async function setWidgetPoiImage(user: UserActor, flags: FeatureFlags, poiId: number, source: PictureSource): Promise<Row> {
    const [poi] = await db
      .select({ id: widgetPois.id, widgetId: widgetPois.widgetId, version: widgets.version, publicId: widgets.publicId })
      .from(widgetPois)
      .innerJoin(widgets, eq(widgets.id, widgetPois.widgetId))
      .where(and(eq(widgetPois.id, poiId), eq(widgets.ownerId, user.id)))
      .limit(1);
    if (!poi) throw new AppError(ErrorKey.widgetPoiNotFound, 404);
    needFlag(flags, widgetFlag(poi.version));
    const row = await attachPicture(
      user,
      source,
      { data: {}, extraData: null, visibility: Visibility.all, entityType: 'widget-poi', entityId: poi.id },
      async (tx, row) => {
        const [prev] = await tx
          .select({ id: widgetPois.pictureDocumentId })
          .from(widgetPois)
          .where(eq(widgetPois.id, poi.id))
          .for('update');
        if (!prev) throw new AppError(ErrorKey.widgetPoiNotFound, 404);
        await tx.update(widgetPois).set({ pictureDocumentId: row.id, updatedAt: new Date() }).where(eq(widgetPois.id, poi.id));
        await tx
          .update(widgets)
          .set({ revision: sql`${widgets.revision} + 1`, updatedAt: new Date() })
          .where(eq(widgets.id, poi.widgetId));
        return prev.id ? [prev.id] : [];
      },
    );
    widgetChanged(poi.publicId);
    return row;
  }

  /** A place the caller can read (else 404), with whether they may change it. */
  async function placeFor(placeId: number, user: UserActor) {
    const [place] = await db
      .select({ id: places.id, creatorId: places.creatorId, visibility: places.visibility })
      .from(places)
      .where(and(eq(places.id, placeId), placeReadableSql(user.id, isModerator(user))))
      .limit(1);
    if (!place) throw new AppError(ErrorKey.placeNotFound, 404);
    return { ...place, canChange: place.creatorId === user.id || isModerator(user) };
  }

  /**
   * Adds a picture to a place: its creator or an admin (403 error.place.forbidden for other readers).
   * The picture is public when the place is, else private to its uploader.
   */
  async function addPlacePicture(user: UserActor, placeId: number, source: PictureSource, data: Record<string, unknown>) {
    const place = await placeFor(placeId, user);
    if (!place.canChange) throw new AppError(ErrorKey.placeForbidden, 403);
    return attachPicture(user, source, {
      data,
      extraData: null,
      visibility: place.visibility === Visibility.all ? Visibility.all : Visibility.private,
      entityType: 'place',
      entityId: place.id,
    });
  }

  /** The pictures of a readable place the caller may see (public ones, their own; all for admins). */
  async function placePictures(user: UserActor, placeId: number) {
    await placeFor(placeId, user);
    const rows = await db
      .select()
      .from(documents)
      .where(
        and(
          eq(documents.entityType, 'place'),
          eq(documents.entityId, placeId),
          isModerator(user) ? undefined : or(eq(documents.visibility, Visibility.all), eq(documents.ownerId, user.id)),
        ),
      )
      .orderBy(documents.id);
    return { list: rows.map(toView), total: rows.length, pageIndex: 0, pageSize: Math.max(rows.length, 1) };
  }

  return { setProfileImage, setWidgetPoiImage, addPlacePicture, placePictures };
}
export type PicturesService = ReturnType<typeof picturesService>;

/**
 * The pictures of a place (documents with `entityType 'place'`) a reader may see: public ones and
 * their own; all for admins. Oldest first. The place's readability is the caller's check.
 */
export async function placePictureRefs(
  db: Db,
  placeId: number,
  viewer: { userId: number | null; admin: boolean },
): Promise<{ id: number; url: string; urlThumb240: string | null }[]> {
  const rows = await db
    .select({ id: documents.id, sha256: documents.sha256, thumbKey: documents.thumbKey })
    .from(documents)
    .where(
      and(
        eq(documents.entityType, 'place'),
        eq(documents.entityId, placeId),
        viewer.admin
          ? undefined
          : viewer.userId === null
            ? eq(documents.visibility, Visibility.all)
            : or(eq(documents.visibility, Visibility.all), eq(documents.ownerId, viewer.userId)),
      ),
    )
    .orderBy(documents.id);
  return rows.map((r) => ({ id: r.id, url: fileUrl(r), urlThumb240: r.thumbKey ? thumbUrl(r) : null }));
}
