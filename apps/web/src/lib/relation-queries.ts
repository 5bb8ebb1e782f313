import type { RelationCounts, RelationRow, UserGroup } from '@spotlist/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The relation reads more than one feature shows: how many friends and followers, which groups
 * (the people pages list them; a visibility picker names them). One cache key each, so a change on
 * the people pages refreshes the picker and the other way round.
 */
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isPage = (v: unknown): boolean => isObject(v) && Array.isArray(v.list);

export const COUNTS_KEY = ['people', 'counts'] as const;
export const GROUPS_KEY = ['people', 'groups'] as const;

/** GET /api/userrelation/counts. */
export const countsQuery = () =>
  queryOptions({ queryKey: COUNTS_KEY, queryFn: () => api.get<RelationCounts>('/userrelation/counts', { guard: isObject }) });

/** GET /api/usergroup/list (USER_GROUPS_MAX is 50: one page holds them all). */
export const groupsQuery = () =>
  queryOptions({
    queryKey: GROUPS_KEY,
    queryFn: async () => (await api.get<{ list: UserGroup[] }>('/usergroup/list', { query: { 'p.s': 50 }, guard: isPage })).list,
  });

/**
 * My friends (GET /api/userrelation/list?f.relationtype=friend, the first 100 rows): the choices
 * when adding a member to a group of friends or to a group conversation. A friend in both
 * categories has two rows; `friendsOf` makes them one person each.
 */
export const FRIEND_CHOICES_KEY = ['people', 'relations', 'friend', 'choices'] as const;
export const friendsQuery = () =>
  queryOptions({
    queryKey: FRIEND_CHOICES_KEY,
    queryFn: async () =>
      (
        await api.get<{ list: RelationRow[] }>('/userrelation/list', {
          query: { 'f.relationtype': 'friend', 'p.i': 0, 'p.s': 100 },
          guard: isPage,
        })
      ).list,
  });
export const friendsOf = (rows: readonly RelationRow[]): RelationRow['user'][] => [
  ...new Map(rows.map((r) => [r.user.id, r.user])).values(),
];
