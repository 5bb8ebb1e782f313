import {
  RelationType,
  type MatchResult,
  type RelationRow,
  type RelationSettings,
  type RelationState,
  type RelationTypeKey,
  type Suggestion,
} from '@spotlist/contracts';
import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { COUNTS_KEY, countsQuery, friendsQuery } from '../../../lib/relation-queries';

export { COUNTS_KEY, countsQuery };

/**
 * User relations (`/api/userrelation/`): suggestions, match / no match, follow, block, my rows
 * and their counts, and whether I am suggested to others. Types and the zod-free constants only
 * come from the contracts (relations-constants.ts): zod stays out of these pages.
 */
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isPage = (v: unknown): boolean => isObject(v) && Array.isArray(v.list);
const isState = (v: unknown): boolean => isObject(v) && typeof v.userId === 'number' && Array.isArray(v.relations);

export type SuggestionKind = 'people' | 'business';
export type MatchCategory = 'private' | 'business';

export const PEOPLE_KEY = ['people'] as const;
export const suggestionsKey = (kind: SuggestionKind, city: string) => ['people', 'suggestions', kind, city] as const;
export const SETTINGS_KEY = ['people', 'settings'] as const;
export const RELATIONS_KEY = ['people', 'relations'] as const;

/** GET /api/userrelation/suggestions?kind&city&size=20: the best first. */
export const getSuggestions = async (kind: SuggestionKind, city: string): Promise<Suggestion[]> =>
  (
    await api.get<{ list: Suggestion[] }>('/userrelation/suggestions', {
      query: { kind, city: city || undefined, size: 20 },
      guard: isPage,
    })
  ).list;
export const suggestionsQuery = (kind: SuggestionKind, city: string) =>
  queryOptions({ queryKey: suggestionsKey(kind, city), queryFn: () => getSuggestions(kind, city) });
export const useSuggestions = (kind: SuggestionKind, city: string) => useQuery(suggestionsQuery(kind, city));

export const useRelationCounts = () => useQuery(countsQuery());

/** GET /api/userrelation/settings: whether others get me suggested. */
export const settingsQuery = () =>
  queryOptions({ queryKey: SETTINGS_KEY, queryFn: () => api.get<RelationSettings>('/userrelation/settings', { guard: isObject }) });
export const useRelationSettings = () => useQuery(settingsQuery());

/** POST /api/userrelation/settings { discoverable }: the switch moves at once, the answer settles it. */
export function useSaveRelationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (discoverable: boolean) => api.post<RelationSettings>('/userrelation/settings', { discoverable }, { guard: isObject }),
    onMutate: (discoverable) => {
      const before = client.getQueryData<RelationSettings>(SETTINGS_KEY);
      client.setQueryData<RelationSettings>(SETTINGS_KEY, { discoverable });
      return before;
    },
    onError: (_error, _value, before) => client.setQueryData(SETTINGS_KEY, before),
    onSuccess: (settings) => client.setQueryData(SETTINGS_KEY, settings),
  });
}

/** One tab of the connections page: a relation type, mine or (followers) theirs about me. */
export interface RelationListFilter {
  type: RelationTypeKey;
  incoming?: boolean;
}
export const RELATION_PAGE_SIZE = 50;
export interface RelationPage {
  list: RelationRow[];
  total: number;
  pageIndex: number;
  pageSize: number;
}

/** GET /api/userrelation/list?f.relationtype&f.incoming&p.i&p.s. */
export const getRelations = (filter: RelationListFilter, pageIndex: number, pageSize = RELATION_PAGE_SIZE): Promise<RelationPage> =>
  api.get<RelationPage>('/userrelation/list', {
    query: {
      'f.relationtype': filter.type,
      'f.incoming': filter.incoming ? true : undefined,
      'p.i': pageIndex,
      'p.s': pageSize,
    },
    guard: isPage,
  });

export const relationsKey = (filter: RelationListFilter) => [...RELATIONS_KEY, filter.type, filter.incoming === true] as const;

/** A tab's rows, 50 at a time ("Show more" asks for the next page). */
export function useRelationList(filter: RelationListFilter, enabled = true) {
  return useInfiniteQuery({
    queryKey: relationsKey(filter),
    queryFn: ({ pageParam }) => getRelations(filter, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.list.length, 0);
      return loaded < last.total && last.list.length > 0 ? last.pageIndex + 1 : undefined;
    },
    enabled,
  });
}

/** My friends (up to 100): the choices when adding a member to a group (lib/relation-queries, shared with messages). */
export const useFriends = (enabled = true) => useQuery({ ...friendsQuery(), enabled });

/** What one can do about another user. `remove` deletes one of my rows (type and its category). */
export type RelationAction =
  | { kind: 'match'; userId: number; category: MatchCategory }
  | { kind: 'nomatch'; userId: number }
  | { kind: 'follow'; userId: number }
  | { kind: 'block'; userId: number }
  | { kind: 'remove'; userId: number; type: RelationTypeKey; category: number | null };

/** The answer of a relation change: the state after it, `matched` when a yes completed a match. */
export type RelationChangeResult = RelationState & { matched?: boolean };

export function changeRelation(action: RelationAction): Promise<RelationChangeResult> {
  const base = '/userrelation';
  switch (action.kind) {
    case 'match':
      return api.post<MatchResult>(`${base}/match/${action.category}/${action.userId}`, undefined, { guard: isState });
    case 'nomatch':
      return api.post<RelationState>(`${base}/nomatch/${action.userId}`, undefined, { guard: isState });
    case 'follow':
      return api.post<RelationState>(`${base}/follow/${action.userId}`, undefined, { guard: isState });
    case 'block':
      return api.post<RelationState>(`${base}/block/${action.userId}`, undefined, { guard: isState });
    case 'remove':
      return api.request<RelationState>(`${base}/deleteByRelatedUserIdRelationcategoryIdRelationtypeIdForLoggedInUser`, {
        method: 'DELETE',
        body: { relatedUserId: action.userId, relationcategoryId: action.category, relationtypeId: RelationType[action.type] },
        guard: isState,
      });
  }
}

/**
 * After a change: the counts, the connection lists and that user's profile are asked again; the
 * suggestions are marked stale only (the page removes the card itself, a refetch would reorder them).
 */
export function afterRelationChange(client: QueryClient, userId: number): Promise<unknown> {
  void client.invalidateQueries({ queryKey: ['people', 'suggestions'], refetchType: 'none' });
  return Promise.all([
    client.invalidateQueries({ queryKey: COUNTS_KEY }),
    client.invalidateQueries({ queryKey: RELATIONS_KEY }),
    client.invalidateQueries({ queryKey: ['people', 'profile', userId] }),
  ]);
}

/** A relation change; a failure is the shell's toast (the api-error event), as for likes. */
export function useRelationChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeRelation,
    onSuccess: (_state, action) => afterRelationChange(client, action.userId),
  });
}

/** Removes several of my rows about one user (a friend in both categories, two pending yeses). */
export function useRemoveRelations() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (rows: readonly { userId: number; type: RelationTypeKey; category: number | null }[]) => {
      for (const row of rows) await changeRelation({ kind: 'remove', ...row });
    },
    onSettled: (_result, _error, rows) => (rows[0] ? afterRelationChange(client, rows[0].userId) : undefined),
  });
}
