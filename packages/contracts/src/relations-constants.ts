/**
 * The zod-free constants of user relations (relations.ts has the schemas): the web imports these
 * without pulling zod into its shared chunks.
 */
export const RelationCategory = { private: 1, business: 2 } as const;
export const RELATION_CATEGORY_IDS = [1, 2] as const;
export const RelationType = { match: 1, nomatch: 2, friend: 3, follow: 4, block: 5 } as const;
export const RELATION_TYPE_IDS = [1, 2, 3, 4, 5] as const;
export type RelationTypeKey = keyof typeof RelationType;
export const RELATION_TYPE_KEYS = Object.keys(RelationType) as RelationTypeKey[];
export const relationTypeKey = (id: number): RelationTypeKey | undefined => RELATION_TYPE_KEYS.find((k) => RelationType[k] === id);

/** Groups a user may make, and members a group may hold. */
export const USER_GROUPS_MAX = 50;
export const USER_GROUP_MEMBERS_MAX = 500;
export const USER_GROUP_NAME_MAX = 60;
/** Suggestions answered per call, and the shared places shown with each. */
export const SUGGESTIONS_MAX = 50;
export const SUGGESTION_SHARED_PLACES = 3;

/** GET /api/userrelation/suggestions kinds: people, or businesses for a blogger and bloggers for a business. */
export const SUGGESTION_KINDS = ['people', 'business'] as const;

/** Fixed reasons for reporting a user (POST /api/user/objectionable/{id}). */
export const USER_REPORT_REASONS = ['spam', 'harassment', 'fake', 'inappropriate', 'other'] as const;
