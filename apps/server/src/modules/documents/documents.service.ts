import fsp from 'node:fs/promises';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { ErrorKey, Visibility, type DocumentEntityType, type DocumentUpdate, type DocumentView, type ListQuery } from '@spotlist/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/client.ts';
import { documents, users, widgetPois, widgets } from '../../platform/db/schema/index.ts';
import { listSql } from '../../platform/http/list-query.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserActor } from '../../platform/actor/actor.ts';
import { isModerator } from '../../platform/http/auth.ts';
import { discard, processUpload, type Processed } from './pipeline.ts';
import type { Received } from './receive.ts';
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

export function documentsService(deps: {
  db: Db;
  config: Config;
  storage: FileStorage;
  /** A widget's public answer changed (the route emits widget.changed: its cached answers go on every instance). */
  widgetChanged?: (publicId: string) => void;
  /** A place's pictures changed (the route emits place.changed, awaited: answers showing the place go first). */
  placeChanged?: (placeId: number) => Promise<void>;
}) {
  const { db, config, storage } = deps;
  const widgetChanged = deps.widgetChanged ?? (() => {});
  const placeChanged = deps.placeChanged ?? (async () => {});
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
    owner: Pick<UserActor, 'id'>,
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

  async function removeRow(id: number, ownerId: number): Promise<boolean> {
    const rows = await db
      .delete(documents)
      .where(and(eq(documents.id, id), eq(documents.ownerId, ownerId)))
      .returning({ storageKey: documents.storageKey, thumbKey: documents.thumbKey });
    if (!rows[0]) return false;
    await removeFiles([rows[0].storageKey, rows[0].thumbKey]);
    return true;
  }

  /**
   * A document the caller may read: their own, any as admin, a public one (visibility 255), or
   * one attached to a message (not deleted) of a conversation the caller is in (modules/messaging).
   */
  async function readable(id: number, user: UserActor | null): Promise<Row> {
    const [row] = await db.select().from(documents).where(eq(documents.id, id)).limit(1);
    if (!row) throw notFound();
    if (row.visibility === Visibility.all || (user && (row.ownerId === user.id || isModerator(user)))) return row;
    if (user) {
      const shared = await db.execute(
        sql`select 1 from messages m join conversation_members cm on cm.conversation_id = m.conversation_id and cm.user_id = ${user.id}
          where m.document_id = ${id} and m.deleted_at is null limit 1`,
      );
      if ((shared as unknown as { rows: unknown[] }).rows.length > 0) return row;
    }
    throw notFound();
  }

  async function own(id: number, user: Pick<UserActor, 'id'>): Promise<Row> {
    const [row] = await db
      .select()
      .from(documents)
      .where(and(eq(documents.id, id), eq(documents.ownerId, user.id)))
      .limit(1);
    if (!row) throw notFound();
    return row;
  }

  async function list(q: ListQuery, user: UserActor) {
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

  async function update(id: number, body: DocumentUpdate, user: UserActor): Promise<DocumentView> {
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
    // a place picture's visibility decides who sees it with the place
    if (row.entityType === 'place' && row.entityId !== null) await placeChanged(row.entityId);
    return toView(saved);
  }

  async function remove(id: number, user: UserActor): Promise<void> {
    const [row] = await db
      .select({ entityType: documents.entityType, entityId: documents.entityId })
      .from(documents)
      .where(and(eq(documents.id, id), eq(documents.ownerId, user.id)));
    if (!row || !(await removeRow(id, user.id))) throw notFound();
    if (row.entityType === 'place' && row.entityId !== null) await placeChanged(row.entityId);
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
  async function open(id: number, user: UserActor | null, which: 'file' | 'thumb') {
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

  /** Removes a received temp file (whatever happened to it). */
  const dropTemp = (r: Received | undefined) => (r ? fsp.rm(r.path, { force: true }) : Promise.resolve());

  return {
    tmpDir,
    storage,
    receiveLimit,
    createFromFile,
    readable,
    own,
    removeRow,
    list,
    update,
    remove,
    open,
    quota,
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
