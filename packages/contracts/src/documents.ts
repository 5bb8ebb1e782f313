import { z } from 'zod';
import { text } from './common.ts';

/** Documents as the API answers them; files are served from `url` and `urlThumb240` (images only). */
export * from './documents-constants.ts';

/**
 * The `data` part of an upload (SPEC §7): JSON describing the document. Every field is optional;
 * unknown fields are kept in the stored `data` as given (up to 16 KB of JSON).
 */
export const DocumentDataSchema = z
  .object({
    name: text(255).optional(),
    description: text(2000).optional(),
    /** 255 makes the file readable by anyone (e.g. a picture shown on a public widget). */
    visibility: z.union([z.literal(1), z.literal(255)]).optional(),
  })
  .loose();
export type DocumentData = z.infer<typeof DocumentDataSchema>;

export const DocumentSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  sha256: z.string(),
  visibility: z.number().int(),
  entityType: z.string().nullable(),
  entityId: z.number().int().nullable(),
  data: z.record(z.string(), z.unknown()),
  extraData: z.record(z.string(), z.unknown()).nullable(),
  /** The file itself: `/api/document/{id}/file`. */
  url: z.string(),
  /** The 240 px thumbnail of an image (`/api/document/{id}/thumb`), else null. */
  urlThumb240: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DocumentView = z.infer<typeof DocumentSchema>;

/** POST add / update/{id}: the editable part of a document (the file itself changes only by upload). */
export const DocumentUpdateSchema = z.object({
  fileName: text(255).optional(),
  data: DocumentDataSchema.optional(),
  extraData: z.record(z.string(), z.unknown()).nullable().optional(),
  visibility: z.union([z.literal(1), z.literal(255)]).optional(),
});
export type DocumentUpdate = z.infer<typeof DocumentUpdateSchema>;

/** The caller's storage use and limit (GET /api/document/quota). */
export const DocumentQuotaSchema = z.object({ usedBytes: z.number().int(), limitBytes: z.number().int() });

/** GET /api/document/resumable/{uploadId}/document: the document a finished resumable upload became. */
export const ResumableUploadParamSchema = z.object({ uploadId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) });

/** Multipart body of POST /api/myprofile/image/update, /logo/update and /api/widgetpoi/image/update: `data` {id}. */
export const UploadTargetSchema = z.object({ id: z.coerce.number().int().positive() }).loose();

/**
 * JSON body of POST /api/myprofile/image/update, /logo/update, /api/widgetpoi/image/update and
 * /api/place/{id}/picture instead of the multipart form: `documentId`, a finished image document of
 * the caller (e.g. a resumable upload), becomes the picture; `id` is the profile id / widget POI id
 * / place id (the path's) as in the form.
 */
export const PictureFromDocumentSchema = z.object({
  id: z.number().int().positive().max(2_147_483_647).optional(),
  documentId: z.number().int().positive().max(2_147_483_647),
});
export type PictureFromDocument = z.infer<typeof PictureFromDocumentSchema>;
