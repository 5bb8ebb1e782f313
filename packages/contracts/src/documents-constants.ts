/**
 * Documents and uploads (SPEC §3 Document / upload model / upload item / upload file, §4 upload
 * status, §7 Documents and uploads, §8, §9): the constants, re-exported by documents.ts. No zod
 * here, so the web app's upload code imports them without pulling the schemas into its chunks.
 */

/** SPEC §9: form keys of POST /api/document/upload. */
export const UPLOAD_FORM_KEYS = { file: 'file', data: 'data', extraData: 'extraData' } as const;
/** SPEC §9: upload retries. */
export const UPLOAD_RETRIES = 3;
/** SPEC §9: files are written (and resumable uploads sent) in chunks of 1 MiB. */
export const UPLOAD_CHUNK_BYTES = 1024 * 1024;
/** SPEC §9: the default upload type. */
export const DEFAULT_UPLOAD_TYPE = 'image/jpeg';
/** SPEC §9: JPEG re-encode quality for picked images. */
export const JPEG_REENCODE_QUALITY = 0.92;
/** SPEC §9: at most this many bytes are read to find an image's metadata (EXIF orientation). */
export const METADATA_READ_CAP_BYTES = 262_144;
/** SPEC §9: camera quality, 50 by default, 100 in use. */
export const CAMERA_QUALITY = { default: 50, inUse: 100 } as const;
/** Thumbnails are at most this many pixels on their longer side (`urlThumb240`). */
export const THUMB_SIZE = 240;
/** Files at or above this size go through the resumable (tus) endpoint in the web app. */
export const RESUMABLE_THRESHOLD_BYTES = 5 * 1024 * 1024;
/** Path of the resumable upload endpoint (tus 1.0.0). */
export const RESUMABLE_UPLOAD_PATH = '/api/document/resumable';

/** SPEC §4: the statuses of an upload item (Cancel is used by the queue). */
export const UploadStatus = {
  New: 'New',
  Start: 'Start',
  Progress: 'Progress',
  Done: 'Done',
  Error: 'Error',
  Cancel: 'Cancel',
} as const;
export type UploadStatus = (typeof UploadStatus)[keyof typeof UploadStatus];

/** SPEC §8 upload messages (translation keys in the web app). */
export const UploadMessage = {
  failed: 'Something bad happened; please try again later.',
  nothing: 'Nothing to upload!',
} as const;

/** What a document belongs to. */
export const DOCUMENT_ENTITY_TYPES = ['profile-picture', 'profile-logo', 'widget-poi', 'place'] as const;
export type DocumentEntityType = (typeof DOCUMENT_ENTITY_TYPES)[number];

/**
 * The file types an upload may be, decided from the file's first bytes (magic numbers), never from
 * its name or the request's Content-Type. Raster images are re-encoded (AVIF becomes WebP); SVG and
 * PDF are stored as sent and only ever served as downloads.
 */
export const DOCUMENT_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/svg+xml',
  'application/pdf',
] as const;
export type DocumentMimeType = (typeof DOCUMENT_MIME_TYPES)[number];
/** The raster image types (re-encoded, with a thumbnail). Pictures (profile, logo, POI, place) may also be SVG (a PNG thumbnail). */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;

/** Response header of the final PATCH of a resumable upload: the id of the document it became. */
export const UPLOAD_DOCUMENT_ID_HEADER = 'Upload-Document-Id';
