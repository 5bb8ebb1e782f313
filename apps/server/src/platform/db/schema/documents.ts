import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { users } from './accounts.ts';

/**
 * An uploaded file (ARCHITECTURE: files). The bytes live in the storage (local disk under
 * `DATA_DIR/files`, or S3-compatible object storage) under generated keys; the row holds who owns
 * it, what it belongs to, what it is, and the keys of the file and its 240 px thumbnail.
 * `visibility` 255 means anyone may fetch the file (a profile picture, a widget POI picture);
 * anything else only its owner (and admins).
 */
export const documents = pgTable(
  'documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What the document belongs to: 'profile-picture', 'profile-logo', 'widget-poi', 'place', or null (a plain document). */
    entityType: text('entity_type'),
    entityId: integer('entity_id'),
    /** The client's file name, cleaned (no path, no control characters); used only in Content-Disposition. */
    fileName: text('file_name').notNull(),
    /** Decided from the bytes, never from the name or the request's Content-Type. */
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    thumbKey: text('thumb_key'),
    visibility: integer('visibility').notNull().default(1),
    /** The `data` / `extraData` JSON sent with the upload (SPEC §7), kept as given. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    extraData: jsonb('extra_data').$type<Record<string, unknown>>(),
    ...timestamps,
  },
  (t) => [
    index('documents_owner_idx').on(t.ownerId),
    index('documents_entity_idx').on(t.entityType, t.entityId),
    check('documents_size_check', sql`${t.sizeBytes} >= 0`),
    check('documents_visibility_check', sql`${t.visibility} in (1, 4, 32, 64, 255)`),
  ],
);
