import { z } from 'zod';
import { FormError, requiredText } from './common.ts';
import { listResponseSchema } from './list-query.ts';
import { DocumentRefSchema } from './user.ts';
import { RELATION_TYPE_KEYS, SUGGESTIONS_MAX, SUGGESTION_KINDS, USER_GROUP_NAME_MAX, type RelationTypeKey } from './relations-constants.ts';

/**
 * User relations (SPEC §1 social matching, §3 /api/userrelation/ and /api/userrelationcategory/,
 * §7 "User relations"). A relation is one user's row about another: a yes (match) or a remembered
 * no (nomatch) per category, a friendship (both said yes in the same category: the second yes
 * turns both rows into friend rows), a follow (one way) or a block.
 */
const id = () =>
  z
    .number({ error: FormError.required })
    .int({ error: FormError.hasId })
    .positive({ error: FormError.hasId })
    .max(2_147_483_647, { error: FormError.hasId });

/** GET /api/userrelationcategory/list. */
export const RelationCategorySchema = z.object({ id: z.number().int(), key: z.string() });
export type RelationCategoryView = z.infer<typeof RelationCategorySchema>;

/** Who a relation, a suggestion or a group member is: what any logged-in user may see of anyone. */
export const PersonSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  accountType: z.object({ id: z.number().int() }),
  picturedocument: DocumentRefSchema,
  city: z.string().nullable(),
});
export type Person = z.infer<typeof PersonSchema>;

/** GET /api/userrelation/read/{id}: my relations with that user. */
export const RelationStateSchema = z.object({
  userId: z.number().int(),
  /** My rows about them: type and category (null for follow, block and a no without category). */
  relations: z.array(
    z.object({ type: z.enum(RELATION_TYPE_KEYS as [RelationTypeKey, ...RelationTypeKey[]]), category: z.number().int().nullable() }),
  ),
  friend: z.boolean(),
  /** Categories in which we are friends. */
  friendCategories: z.array(z.number().int()),
  /** Categories in which I said yes and wait for theirs. */
  pendingCategories: z.array(z.number().int()),
  noMatch: z.boolean(),
  following: z.boolean(),
  followedBy: z.boolean(),
  blocked: z.boolean(),
  /** Whether matching as business makes sense between us: a business or a blogger on either side. */
  businessMatchPossible: z.boolean(),
});
export type RelationState = z.infer<typeof RelationStateSchema>;

/** POST match/…/{id}: the state after it, and whether this yes completed a match (now friends). */
export const MatchResultSchema = RelationStateSchema.extend({ matched: z.boolean() });
export type MatchResult = z.infer<typeof MatchResultSchema>;

/** DELETE deleteByRelatedUserIdForLoggedInUser. */
export const RelationDeleteAllSchema = z.object({ relatedUserId: id() });
/** DELETE deleteByRelatedUserIdRelationcategoryIdRelationtypeIdForLoggedInUser. */
export const RelationDeleteOneSchema = z.object({
  relatedUserId: id(),
  relationcategoryId: id().nullable().optional(),
  relationtypeId: id(),
});
export type RelationDeleteOne = z.input<typeof RelationDeleteOneSchema>;

/** GET /api/userrelation/list: one of my rows (or, with f.incoming, a follow of me). */
export const RelationRowSchema = z.object({
  id: z.number().int(),
  type: z.enum(RELATION_TYPE_KEYS as [RelationTypeKey, ...RelationTypeKey[]]),
  category: z.number().int().nullable(),
  mutual: z.boolean(),
  user: PersonSchema,
  createdAt: z.string(),
});
export type RelationRow = z.infer<typeof RelationRowSchema>;
export const RelationListSchema = listResponseSchema(RelationRowSchema);

/** GET /api/userrelation/counts: how many of each, for the connections page and the visibility sentences. */
export const RelationCountsSchema = z.object({
  friends: z.number().int(),
  followers: z.number().int(),
  following: z.number().int(),
  pending: z.number().int(),
  blocked: z.number().int(),
  noMatch: z.number().int(),
  groups: z.number().int(),
});
export type RelationCounts = z.infer<typeof RelationCountsSchema>;

/** Why someone is suggested, as data every language renders. */
export const SuggestionReasonSchema = z.discriminatedUnion('key', [
  /** `count` places we both saved (liked or listed); `city` when most of them lie in one city. */
  z.object({ key: z.literal('sharedPlaces'), count: z.number().int(), city: z.string().nullable() }),
  z.object({ key: z.literal('mutualFriends'), count: z.number().int() }),
  z.object({ key: z.literal('sameCity'), city: z.string() }),
  /** A business with `count` locations near places the blogger saved, or a blogger who saved `count` places near the business. */
  z.object({ key: z.literal('nearPlaces'), count: z.number().int() }),
  /** With f.city: `count` places they saved in that city. */
  z.object({ key: z.literal('placesInCity'), count: z.number().int(), city: z.string() }),
]);
export type SuggestionReason = z.infer<typeof SuggestionReasonSchema>;

export const SharedPlaceSchema = z.object({ id: z.number().int(), name: z.string(), city: z.string().nullable() });
export const SuggestionSchema = z.object({
  user: PersonSchema,
  reasons: z.array(SuggestionReasonSchema),
  sharedPlaces: z.array(SharedPlaceSchema),
  score: z.number(),
  businessMatchPossible: z.boolean(),
});
export type Suggestion = z.infer<typeof SuggestionSchema>;
export const SuggestionListSchema = z.object({ list: z.array(SuggestionSchema) });

/** GET /api/userrelation/suggestions. `kind=business`: businesses for a blogger, bloggers for a business. */
export const SuggestionQuerySchema = z.object({
  kind: z.enum(SUGGESTION_KINDS).default('people'),
  /** Trip-scoped: people who saved places in this city (the profile's city search gives the name). */
  city: z.string().trim().min(1).max(120).optional(),
  size: z.coerce.number().int().min(1).max(SUGGESTIONS_MAX).default(20),
});
export type SuggestionQuery = z.input<typeof SuggestionQuerySchema>;

/** /api/usergroup/: a named set of my friends. */
export const UserGroupInputSchema = z.object({ name: requiredText(USER_GROUP_NAME_MAX) });
export const UserGroupMemberInputSchema = z.object({ userId: id() });
export const UserGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  members: z.array(PersonSchema),
  createdAt: z.string(),
});
export type UserGroup = z.infer<typeof UserGroupSchema>;
export const UserGroupListSchema = listResponseSchema(UserGroupSchema);

/** GET /api/user/profile/{id}: another user as the viewer may see them. */
export const PublicProfileSchema = PersonSchema.extend({
  /** Present only when the name's visibility lets the viewer see it. */
  name: z.object({ firstname: z.string(), lastname: z.string() }).nullable(),
  description: z.string().nullable(),
  homepageUrl: z.string().nullable(),
  country: z.string().nullable(),
  industry: z.object({ id: z.number().int(), key: z.string() }).nullable(),
  bloggertype: z.string().nullable(),
  logodocument: DocumentRefSchema,
  friends: z.number().int(),
  followers: z.number().int(),
  /** The lists the viewer may read: name, visibility, how many places. */
  lists: z.array(z.object({ id: z.number().int(), name: z.string(), visibility: z.number().int(), items: z.number().int() })),
  /** The viewer's relations with this user; null for a visitor without an account or oneself. */
  relation: RelationStateSchema.nullable(),
  self: z.boolean(),
});
export type PublicProfile = z.infer<typeof PublicProfileSchema>;

/** GET|POST /api/userrelation/settings: whether others get me suggested (default on). */
export const RelationSettingsSchema = z.object({ discoverable: z.boolean() });
export type RelationSettings = z.infer<typeof RelationSettingsSchema>;
