import { z } from 'zod';
import { FormError } from './common.ts';
import { PlaceViewSchema } from './places.ts';

/**
 * Likes (SPEC §7 GET /api/like/{name}, POST /api/like/create). A like is an item of one of the
 * user's like lists (a list of kind `likes`), named by `{name}`; `default` is the default list.
 * Names are compared without case ("Food" and "food" are one list).
 */
export const DEFAULT_LIKE_LIST = 'default';
export const LIKE_LIST_NAME_MAX = 60;

export const LikeListNameSchema = z
  .string({ error: FormError.required })
  .transform((s) => s.trim())
  .refine((s) => s.length > 0, { error: FormError.required })
  .refine((s) => s.length <= LIKE_LIST_NAME_MAX, { error: FormError.maxlength })
  .refine((s) => !/[\u0000-\u001f\u007f/\\]/.test(s), { error: FormError.pattern });

/** POST /api/like/create and POST /api/like/remove. No name: the default list. */
export const LikeInputSchema = z.object({
  placeId: z
    .number({ error: FormError.required })
    .int({ error: FormError.hasId })
    .positive({ error: FormError.hasId })
    .max(2_147_483_647, { error: FormError.hasId }),
  name: LikeListNameSchema.optional(),
});
export type LikeInput = z.input<typeof LikeInputSchema>;

/** GET /api/like/{name} path parameter. */
export const LikeNameParamSchema = z.object({ name: LikeListNameSchema });

/** The answer of POST /api/like/create (also when the place was liked already). */
export const LikeSchema = z.object({
  /** The like list's id (a list of kind `likes`). */
  listId: z.number().int(),
  /** The like list's name as stored. */
  name: z.string(),
  placeId: z.number().int(),
  /** The list item that is this like. */
  itemId: z.number().int(),
  likedAt: z.string(),
});
export type Like = z.infer<typeof LikeSchema>;

/** One entry of GET /api/like/{name}: the place (with its distance) and when it was liked. */
export const LikedPlaceSchema = PlaceViewSchema.extend({
  itemId: z.number().int(),
  note: z.string(),
  likedAt: z.string(),
});
export type LikedPlace = z.infer<typeof LikedPlaceSchema>;

/** GET /api/like/{name}: o.sort fields (default: distance when a location is known, else likedAt|desc). */
export const LIKE_LIST_SORTS = ['distance', 'name', 'likedAt'] as const;
