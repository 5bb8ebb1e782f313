import { z } from 'zod';
import { Visibility } from './constants.ts';
import { LIST_DESCRIPTION_MAX, LIST_NAME_MAX, LIST_NOTE_MAX } from './lists-constants.ts';
import { FormError, optionalText, requiredText, text } from './common.ts';
import { listResponseSchema } from './list-query.ts';
import { CoordinatesSchema, PlaceViewSchema } from './places.ts';
import { visibilitySchema } from './profile.ts';

/**
 * Lists of places (SPEC §7 GET /api/list/{type}, POST /api/share). A list has a name, a
 * description, a SPEC §3 visibility and ordered items (a place with a note each). Likes are lists
 * too (kind `likes`, see likes.ts): one mechanism for both.
 *
 * Visibility: 255 (all) — every logged-in user reads it (GET /api/list/public); 1 (private) — its
 * owner and the users it is shared with. Friends (4), groups (32) and followers (64) are kept as
 * chosen but read like private until user relations exist.
 */
export const LIST_KINDS = ['list', 'likes'] as const;
export type ListKind = (typeof LIST_KINDS)[number];
export * from './lists-constants.ts';
/** GET /api/list/{type}. */
export const LIST_TYPES = ['mine', 'shared', 'public'] as const;
export type ListType = (typeof LIST_TYPES)[number];

const id = () =>
  z
    .number({ error: FormError.required })
    .int({ error: FormError.hasId })
    .positive({ error: FormError.hasId })
    .max(2_147_483_647, { error: FormError.hasId });
const visibilityRef = z.object({ id: visibilitySchema });

/** POST /api/list/add. */
export const ListInputSchema = z.object({
  name: requiredText(LIST_NAME_MAX),
  description: optionalText(LIST_DESCRIPTION_MAX).optional(),
  visibility: visibilityRef.default({ id: Visibility.private }),
});
export type ListInput = z.input<typeof ListInputSchema>;

/** POST /api/list/update/{id}: rename, describe, change visibility; absent fields stay as they are. */
export const ListUpdateSchema = z.object({
  name: requiredText(LIST_NAME_MAX).optional(),
  description: optionalText(LIST_DESCRIPTION_MAX).optional(),
  visibility: visibilityRef.optional(),
});
export type ListUpdate = z.input<typeof ListUpdateSchema>;

export const ListOwnerSchema = z.object({ id: z.number().int(), nickname: z.string() });

/** A list as GET /api/list/{type} answers it (without items). */
export const ListViewSchema = z.object({
  id: z.number().int(),
  kind: z.enum(LIST_KINDS),
  name: z.string(),
  description: z.string(),
  visibility: z.object({ id: z.number().int() }),
  owner: ListOwnerSchema,
  /** The caller owns it and may change, share, delete it; false for shared and public lists of others. */
  editable: z.boolean(),
  itemCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ListView = z.infer<typeof ListViewSchema>;

/**
 * GET /api/list/mine: a list's cover — the first place of the list (by position) that has a
 * picture the owner may see, else the first place (its generated cover, `GET /api/place/{id}/cover.svg`).
 * `thumbUrl` is that picture's thumbnail (null: use the cover); `public` when the image can be
 * read without a login (an `<img src>` sends no token). Null for an empty list.
 */
export const ListCoverSchema = z.object({ placeId: z.number().int(), thumbUrl: z.string().nullable(), public: z.boolean() });
export type ListCover = z.infer<typeof ListCoverSchema>;
export const MyListViewSchema = ListViewSchema.extend({ cover: ListCoverSchema.nullable() });
export type MyListView = z.infer<typeof MyListViewSchema>;

/** An item of a list: the place (with its distance) and the owner's note. */
export const ListItemSchema = z.object({
  id: z.number().int(),
  /** 0-based order in the list. */
  position: z.number().int(),
  note: z.string(),
  addedAt: z.string(),
  place: PlaceViewSchema,
});
export type ListItem = z.infer<typeof ListItemSchema>;

/**
 * GET /api/list/{id}: the list and a page of its items. Items take the list query: p.i, p.s,
 * o.sort=position (default)|name|distance|addedAt, f.q (text), f.near (else user-location).
 */
export const ListDetailSchema = ListViewSchema.extend({ items: listResponseSchema(ListItemSchema) });
export type ListDetail = z.infer<typeof ListDetailSchema>;
export const LIST_ITEM_SORTS = ['position', 'name', 'distance', 'addedAt'] as const;
export const LIST_SORTS = ['name', 'createdAt', 'updatedAt'] as const;

/** POST /api/list/{id}/items/add: a place at the end (or at `position`), with a note. */
export const ListItemAddSchema = z.object({
  placeId: id(),
  note: text(LIST_NOTE_MAX).optional(),
  position: z.number().int({ error: FormError.integer }).min(0, { error: FormError.max }).optional(),
});
export type ListItemAdd = z.input<typeof ListItemAddSchema>;

/**
 * POST /api/list/{id}/items/update/{itemId}: the note, and the coordinates of a place that needs a
 * location (or any place of the caller's). Absent fields stay as they are.
 */
export const ListItemUpdateSchema = z.object({
  note: z
    .union([text(LIST_NOTE_MAX), z.null()])
    .transform((s) => s ?? '')
    .optional(),
  location: CoordinatesSchema.optional(),
});
export type ListItemUpdate = z.input<typeof ListItemUpdateSchema>;

/** POST /api/list/{id}/items/reorder: every item id of the list, once, in the new order. */
export const ListReorderSchema = z.object({ itemIds: z.array(id()).max(10_000) });
export type ListReorder = z.input<typeof ListReorderSchema>;

export const ItemParamSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  itemId: z.coerce.number().int().positive().max(2_147_483_647),
});

// ---------------------------------------------------------------------------------------------
// Sharing
// ---------------------------------------------------------------------------------------------

/** The longest a public link may live, from now. */
export const SHARE_MAX_DAYS = 366;
export const SHARE_MAX_RECIPIENTS = 100;

/**
 * POST /api/share: share one's own list with users (they see it under GET /api/list/shared,
 * read-only) and/or as a public read-only link (`public: true`: the answer carries `token` and
 * `url`, opened at the web route /s/{token}, API GET /api/share/{token}, no account needed).
 * `expiresAt` (ISO date-time, in the future) ends both; without it the share lasts until revoked.
 */
export const ShareInputSchema = z.object({
  listId: id(),
  userIds: z.array(id()).max(SHARE_MAX_RECIPIENTS, { error: FormError.max }).optional(),
  public: z.boolean().optional(),
  expiresAt: z
    .union([z.iso.datetime({ offset: true, error: FormError.pattern }), z.null()])
    .optional()
    .superRefine((s, ctx) => {
      const at = s == null ? NaN : Date.parse(s);
      if (Number.isNaN(at)) return; // absent, or already refused as a pattern
      if (at <= Date.now()) ctx.addIssue({ code: 'custom', message: FormError.minDate, input: s });
      else if (at > Date.now() + SHARE_MAX_DAYS * 86_400_000) ctx.addIssue({ code: 'custom', message: FormError.maxDate, input: s });
    }),
});
export type ShareInput = z.input<typeof ShareInputSchema>;

export const ShareSchema = z.object({
  id: z.number().int(),
  listId: z.number().int(),
  public: z.boolean(),
  /** The public link's secret: in the answer of POST /api/share only (it is stored hashed). */
  token: z.string().nullable(),
  /** `${PUBLIC_URL}/s/${token}` (relative when PUBLIC_URL is not configured); with `token` only. */
  url: z.string().nullable(),
  recipients: z.array(ListOwnerSchema),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Share = z.infer<typeof ShareSchema>;

/** POST /api/share/revoke: by the share's id (from GET /api/list/{id}/shares). */
export const ShareRevokeSchema = z.object({ id: id() });
export const ShareTokenParamSchema = z.object({ token: z.string().min(1).max(200) });

/** GET /api/share/{token}: the shared list, read-only, with its items (paged like GET /api/list/{id}). */
export const SharedListSchema = ListDetailSchema.extend({ share: z.object({ expiresAt: z.string().nullable() }) });
export type SharedList = z.infer<typeof SharedListSchema>;

// ---------------------------------------------------------------------------------------------
// Import and export
// ---------------------------------------------------------------------------------------------

export const EXPORT_FORMATS = ['geojson', 'gpx', 'kml', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  geojson: 'application/geo+json; charset=utf-8',
  gpx: 'application/gpx+xml; charset=utf-8',
  kml: 'application/vnd.google-earth.kml+xml; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};
/** GET /api/list/{id}/export?format=… (default geojson). */
export const ExportQuerySchema = z.object({ format: z.enum(EXPORT_FORMATS, { error: FormError.invalid }).default('geojson') });

/** The formats POST /api/list/import recognises, from the file's content (never its name). */
export const IMPORT_FORMATS = ['google-takeout', 'google-csv', 'kml', 'gpx', 'geojson'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
/** The largest import file (413 error.import.toolarge above it). */
export const LIST_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** The most places one import takes (400 error.import.toomany above it). */
export const LIST_IMPORT_MAX_ITEMS = 5000;

/** The answer of POST /api/list/import: the new list and what was found. */
export const ImportResultSchema = z.object({
  list: ListViewSchema,
  format: z.enum(IMPORT_FORMATS),
  imported: z.number().int(),
  /** Items whose place has no coordinates yet ("needs a location"). */
  needsLocation: z.number().int(),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;
