import fsp from 'node:fs/promises';
import path from 'node:path';
import { and, count, eq, or, sql } from 'drizzle-orm';
import {
  AccountType,
  ErrorKey,
  Visibility,
  type DocumentEntityType,
  type DocumentUpdate,
  type DocumentView,
  type ListQuery,
} from '@spotlist/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { documents, places, users, widgetPois, widgets } from '../../db/schema/index.ts';
import { placeReadableSql } from '../places/place-sql.ts';
import { needWidgetFlag, type FeatureFlags } from '../widgets/flags.ts';
import { listSql } from '../../http/list-query.ts';
import { AppError } from '../../lib/app-error.ts';
import { ADMIN_PERMISSION, type SessionUser } from '../../plugins/auth.ts';
import { discard, processUpload, type Processed } from './pipeline.ts';
import { receiveToTemp, type Received } from './receive.ts';
import { deleteKeys, type FileStorage } from './storage.ts';

type Row = typeof documents.$inferSelect;

const version = (row: Pick<Row, 'sha256'>) => row.sha256.slice(0, 16);
/** The file's URL; `v` changes when the file does, so the long cache never serves an old file. */
export const fileUrl = (row: Pick<Row, 'id' | 'sha256'>) => `/api/document/${row.id}/file?v=${version(row)}`;
export const thumbUrl = (row: Pick<Row, 'id' | 'sha256'>) => `/api/document/${row.id}/thumb?v=${version(row)}`;

export function toView(row: Row): DocumentView {
  return {
    id: row.id,
    fileName: row.fileName,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    width: row.width,
    height: row.height,
    sha256: row.sha256,
    visibility: row.visibility,
    entityType: row.entityType,
    entityId: row.entityId,
    data: row.data,
    extraData: row.extraData ?? null,
    url: fileUrl(row),
    urlThumb240: row.thumbKey ? thumbUrl(row) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The file name as stored: no folders, no control characters, at most 255 characters. */
export function cleanFileName(name: string | undefined): string {
  if (name === undefined || name === '') return 'file';
  if (/[\x00-\x1f\x7f]/.test(name) || name.length > 255) throw new AppError(ErrorKey.uploadFileName, 400);
  const base = name.split(/[/\\]/).pop()!.trim();
  return base === '' || base === '.' || base === '..' ? 'file' : base;
}

/** What an upload becomes (besides its bytes). */
export interface UploadMeta {
  fileName: string;
  data: Record<string, unknown>;
  extraData: Record<string, unknown> | null;
  visibility?: number;
  entityType?: DocumentEntityType | null;
  entityId?: number | null;
  /** Replace the file of this own document (keeps its id). */
  replaceId?: number;
  requireImage?: boolean;
}

/**
 * Where a picture (profile picture, logo, widget POI, place) comes from: a file just received, or
 * a finished document of the caller (e.g. a resumable upload), which becomes the picture as is.
 */
export type PictureSource = { file: Received; fileName: string } | { documentId: number };

const isAdmin = (u: SessionUser | null) => !!u?.permissions.includes(ADMIN_PERMISSION);

export function documentsService(deps: {
  db: Db;
  config: Config;
  storage: FileStorage;
  /** Tells the widgets module that a widget's public answer changed (its cache drops it at once). */
  widgetChanged?: (publicId: string) => void;
}) {
  const { db, config, storage } = deps;
  const widgetChanged = deps.widgetChanged ?? (() => {});
  const tmpDir = path.join(config.dataDir, 'tmp');
  const notFound = () => new AppError(ErrorKey.documentNotFound, 404);

  async function usedBytes(userId: number, tx: Pick<Db, 'select'> = db): Promise<number> {
    const rows = await tx
      .select({ n: sql<string>`coalesce(sum(${documents.sizeBytes}), 0)` })
      .from(documents)
      .where(eq(documents.ownerId, userId));
    return Number(rows[0].n);
  }

  /** How many bytes a new upload of this user may have (size limit and quota). */
  async function receiveLimit(userId: number): Promise<{ limit: number; quotaLeft: number }> {
    const quotaLeft = Math.max(0, config.UPLOAD_QUOTA_BYTES - (await usedBytes(userId)));
    return { limit: config.UPLOAD_MAX_BYTES, quotaLeft };
  }

  const removeFiles = (keys: (string | null)[]) => deleteKeys(storage, keys);

  async function putAll(p: Processed): Promise<void> {
    await storage.put(p.file.key, p.file.path, p.file.contentType);
    if (p.thumb) await storage.put(p.thumb.key, p.thumb.path, p.thumb.contentType);
  }

  /**
   * Runs the pipeline on a received file and stores the result as a document of `owner`. The
   * quota is checked with the owner's row locked, so two parallel uploads cannot both squeeze in.
   * `within` runs in the same transaction (e.g. to point a profile at the new document) and returns
   * the document ids whose rows and files go after the commit (the replaced picture).
   */
  async function createFromFile(
    owner: Pick<SessionUser, 'id'>,
    input: Received,
    meta: UploadMeta,
    within?: (tx: Db, row: Row) => Promise<number[]>,
  ): Promise<Row> {
    const processed = await processUpload(input, { tmpDir, maxPixels: config.UPLOAD_MAX_PIXELS, requireImage: meta.requireImage });
    let stored = false;
    try {
      if (processed.size > config.UPLOAD_MAX_BYTES) throw new AppError(ErrorKey.uploadTooLarge, 413);
      await putAll(processed);
      stored = true;
      let oldKeys: (string | null)[] = [];
      let dropIds: number[] = [];
      const row = await db.transaction(async (tx) => {
        await tx.execute(sql`select id from ${users} where id = ${owner.id} for update`);
        let old: Row | undefined;
        if (meta.replaceId !== undefined) {
          [old] = await tx
            .select()
            .from(documents)
            .where(and(eq(documents.id, meta.replaceId), eq(documents.ownerId, owner.id)))
            .for('update');
          if (!old) throw notFound();
          // a picture (profile, logo, POI, place) stays a raster image
          if (old.entityType && !processed.thumb) throw new AppError(ErrorKey.uploadNotImage, 415);
        }
        const used = await usedBytes(owner.id, tx as unknown as Db);
        if (used - (old?.sizeBytes ?? 0) + processed.size > config.UPLOAD_QUOTA_BYTES) throw new AppError(ErrorKey.uploadQuota, 413);
        const values = {
          fileName: meta.fileName,
          mimeType: processed.mimeType,
          sizeBytes: processed.size,
          width: processed.width,
          height: processed.height,
          sha256: processed.sha256,
          storageKey: processed.file.key,
          thumbKey: processed.thumb?.key ?? null,
        };
        let saved: Row;
        if (old) {
          [saved] = await tx
            .update(documents)
            .set({
              ...values,
              data: { ...old.data, ...meta.data },
              ...(meta.extraData !== null ? { extraData: meta.extraData } : {}),
              ...(meta.visibility !== undefined ? { visibility: meta.visibility } : {}),
              updatedAt: new Date(),
            })
            .where(eq(documents.id, old.id))
            .returning();
          oldKeys = [old.storageKey, old.thumbKey];
        } else {
          [saved] = await tx
            .insert(documents)
            .values({
              ...values,
              ownerId: owner.id,
              data: meta.data,
              extraData: meta.extraData,
              visibility: meta.visibility ?? Visibility.private,
              entityType: meta.entityType ?? null,
              entityId: meta.entityId ?? null,
            })
            .returning();
        }
        if (within) dropIds = await within(tx as unknown as Db, saved);
        return saved;
      });
      await removeFiles(oldKeys);
      for (const id of dropIds) await removeRow(id, owner.id);
      return row;
    } catch (err) {
      if (stored) await removeFiles([processed.file.key, processed.thumb?.key ?? null]);
      throw err;
    } finally {
      await discard(processed);
    }
  }

  /**
   * Makes an existing document of `owner` a picture, as createFromFile does for a new file: the
   * entity, visibility and `data` of `meta` are set and `within` runs in the same transaction.
   * The same type rules as a direct picture upload: an image (404 for a document that is not the
   * owner's, 415 error.upload.notimage otherwise); an SVG kept as a plain document first goes
   * through the SVG picture checks and gets its PNG thumbnail. A document that already belongs to
   * another entity (another picture, a place) is refused (409 error.document.inuse).
   */
  async function adoptDocument(
    owner: Pick<SessionUser, 'id'>,
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
    owner: Pick<SessionUser, 'id'>,
    source: PictureSource,
    meta: Omit<UploadMeta, 'fileName' | 'requireImage'>,
    within?: (tx: Db, row: Row) => Promise<number[]>,
  ): Promise<Row> {
    if ('documentId' in source) return adoptDocument(owner, source.documentId, meta, within);
    return createFromFile(owner, source.file, { ...meta, fileName: source.fileName, requireImage: true }, within);
  }

  async function removeRow(id: number, ownerId: number): Promise<boolean> {
    const rows = await db
      .delete(documents)
      .where(and(eq(documents.id, id), eq(documents.ownerId, ownerId)))
      .returning({ storageKey: documents.storageKey, thumbKey: documents.thumbKey });
    if (!rows[0]) return false;
    await removeFiles([rows[0].storageKey, rows[0].thumbKey]);
    return true;
  }

  /** A document the caller may read: their own, any as admin, or a public one (visibility 255). */
  async function readable(id: number, user: SessionUser | null): Promise<Row> {
    const [row] = await db.select().from(documents).where(eq(documents.id, id)).limit(1);
    if (!row) throw notFound();
    if (row.visibility === Visibility.all || (user && (row.ownerId === user.id || isAdmin(user)))) return row;
    throw notFound();
  }

  async function own(id: number, user: Pick<SessionUser, 'id'>): Promise<Row> {
    const [row] = await db
      .select()
      .from(documents)
      .where(and(eq(documents.id, id), eq(documents.ownerId, user.id)))
      .limit(1);
    if (!row) throw notFound();
    return row;
  }

  async function list(q: ListQuery, user: SessionUser) {
    const { where, orderBy } = listSql(q, {
      filters: { entityType: documents.entityType, mimeType: documents.mimeType, visibility: documents.visibility },
      sorts: { id: documents.id, fileName: documents.fileName, sizeBytes: documents.sizeBytes, createdAt: documents.createdAt },
    });
    const cond = and(eq(documents.ownerId, user.id), ...where);
    const [rows, totals] = await Promise.all([
      db
        .select()
        .from(documents)
        .where(cond)
        .orderBy(...orderBy, documents.id)
        .limit(q.pageSize)
        .offset(q.pageIndex * q.pageSize),
      db.select({ n: count() }).from(documents).where(cond),
    ]);
    return { list: rows.map(toView), total: totals[0].n, pageIndex: q.pageIndex, pageSize: q.pageSize };
  }

  async function update(id: number, body: DocumentUpdate, user: SessionUser): Promise<DocumentView> {
    const row = await own(id, user);
    const [saved] = await db
      .update(documents)
      .set({
        ...(body.fileName !== undefined ? { fileName: cleanFileName(body.fileName) } : {}),
        ...(body.data !== undefined ? { data: { ...row.data, ...body.data } } : {}),
        ...(body.extraData !== undefined ? { extraData: body.extraData } : {}),
        ...(body.visibility !== undefined ? { visibility: body.visibility } : {}),
        updatedAt: new Date(),
      })
      .where(eq(documents.id, row.id))
      .returning();
    return toView(saved);
  }

  async function remove(id: number, user: SessionUser): Promise<void> {
    const [row] = await db
      .select({ entityType: documents.entityType, entityId: documents.entityId })
      .from(documents)
      .where(and(eq(documents.id, id), eq(documents.ownerId, user.id)));
    if (!row || !(await removeRow(id, user.id))) throw notFound();
    if (row.entityType === 'widget-poi' && row.entityId !== null) {
      // the POI lost its picture (the reference is cleared by the foreign key): visitors see it at once
      const [w] = await db
        .select({ publicId: widgets.publicId })
        .from(widgetPois)
        .innerJoin(widgets, eq(widgets.id, widgetPois.widgetId))
        .where(eq(widgetPois.id, row.entityId));
      if (w) widgetChanged(w.publicId);
    }
  }

  /** The file (or thumbnail) of a readable document. */
  async function open(id: number, user: SessionUser | null, which: 'file' | 'thumb') {
    const row = await readable(id, user);
    const key = which === 'file' ? row.storageKey : row.thumbKey;
    if (!key) throw notFound();
    const got = await storage.get(key);
    if (!got) throw notFound();
    const contentType = which === 'file' ? row.mimeType : key.endsWith('.png') ? 'image/png' : 'image/jpeg';
    return { row, contentType, ...got };
  }

  async function quota(userId: number) {
    return { usedBytes: await usedBytes(userId), limitBytes: config.UPLOAD_QUOTA_BYTES };
  }

  /**
   * Sets the profile picture or logo (a public document) and removes the previous one with its
   * files. A logo is for business accounts only.
   */
  async function setProfileImage(user: SessionUser, kind: 'picture' | 'logo', source: PictureSource): Promise<void> {
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
   * 403 error.flag.missing, as the widgets module does). The widget's revision grows by one and the
   * widgets module's public cache drops the widget, so visitors see the new picture at once.
   */
  async function setWidgetPoiImage(user: SessionUser, flags: FeatureFlags, poiId: number, source: PictureSource): Promise<Row> {
    const [poi] = await db
      .select({ id: widgetPois.id, widgetId: widgetPois.widgetId, version: widgets.version, publicId: widgets.publicId })
      .from(widgetPois)
      .innerJoin(widgets, eq(widgets.id, widgetPois.widgetId))
      .where(and(eq(widgetPois.id, poiId), eq(widgets.ownerId, user.id)))
      .limit(1);
    if (!poi) throw new AppError(ErrorKey.widgetPoiNotFound, 404);
    needWidgetFlag(flags, poi.version);
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
  async function placeFor(placeId: number, user: SessionUser) {
    const [place] = await db
      .select({ id: places.id, creatorId: places.creatorId, visibility: places.visibility })
      .from(places)
      .where(and(eq(places.id, placeId), placeReadableSql(user.id, isAdmin(user))))
      .limit(1);
    if (!place) throw new AppError(ErrorKey.placeNotFound, 404);
    return { ...place, canChange: place.creatorId === user.id || isAdmin(user) };
  }

  /**
   * Adds a picture to a place: its creator or an admin (403 error.place.forbidden for other readers).
   * The picture is public when the place is, else private to its uploader.
   */
  async function addPlacePicture(user: SessionUser, placeId: number, source: PictureSource, data: Record<string, unknown>) {
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
  async function placePictures(user: SessionUser, placeId: number) {
    await placeFor(placeId, user);
    const rows = await db
      .select()
      .from(documents)
      .where(
        and(
          eq(documents.entityType, 'place'),
          eq(documents.entityId, placeId),
          isAdmin(user) ? undefined : or(eq(documents.visibility, Visibility.all), eq(documents.ownerId, user.id)),
        ),
      )
      .orderBy(documents.id);
    return { list: rows.map(toView), total: rows.length, pageIndex: 0, pageSize: Math.max(rows.length, 1) };
  }

  /** Removes a received temp file (whatever happened to it). */
  const dropTemp = (r: Received | undefined) => (r ? fsp.rm(r.path, { force: true }) : Promise.resolve());

  return {
    tmpDir,
    storage,
    receiveLimit,
    createFromFile,
    readable,
    list,
    update,
    remove,
    open,
    quota,
    setProfileImage,
    setWidgetPoiImage,
    addPlacePicture,
    placePictures,
    removeFiles,
    dropTemp,
  };
}
export type DocumentsService = ReturnType<typeof documentsService>;

/** Storage keys of every document of a user (read before the account goes; the rows cascade). */
export async function documentKeysOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .select({ storageKey: documents.storageKey, thumbKey: documents.thumbKey })
    .from(documents)
    .where(eq(documents.ownerId, userId));
  return rows.flatMap((r) => (r.thumbKey ? [r.storageKey, r.thumbKey] : [r.storageKey]));
}

/** A user's documents as the API shows them (the GDPR export: metadata, not the bytes). */
export async function documentsOf(db: Db, userId: number): Promise<DocumentView[]> {
  const rows = await db.select().from(documents).where(eq(documents.ownerId, userId)).orderBy(documents.id);
  return rows.map(toView);
}

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

/**
 * Deletes the document rows attached to an entity (e.g. a deleted place's pictures) in the caller's
 * transaction and answers their storage keys: delete those files (deleteKeys) after the commit.
 */
export async function deleteEntityDocuments(tx: Pick<Db, 'delete'>, entityType: DocumentEntityType, entityId: number): Promise<string[]> {
  const rows = await tx
    .delete(documents)
    .where(and(eq(documents.entityType, entityType), eq(documents.entityId, entityId)))
    .returning({ storageKey: documents.storageKey, thumbKey: documents.thumbKey });
  return rows.flatMap((r) => (r.thumbKey ? [r.storageKey, r.thumbKey] : [r.storageKey]));
}
