import type { UserGroup } from '@spotlist/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { COUNTS_KEY, GROUPS_KEY, groupsQuery } from '../../../lib/relation-queries';

export { GROUPS_KEY, groupsQuery };

/** `/api/usergroup/`: named sets of my friends (a list's "groups" visibility). */
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isGroup = (v: unknown): boolean => isObject(v) && typeof v.id === 'number' && Array.isArray(v.members);

export const useGroups = (enabled = true) => useQuery({ ...groupsQuery(), enabled });

export type GroupChange =
  | { kind: 'create'; name: string }
  | { kind: 'rename'; id: number; name: string }
  | { kind: 'delete'; id: number }
  | { kind: 'add-member'; id: number; userId: number }
  | { kind: 'remove-member'; id: number; userId: number };

/** Silent: the page shows the refusal (too many groups, not a friend, a name taken) next to the form. */
export function changeGroup(change: GroupChange): Promise<unknown> {
  const opts = { silent: true } as const;
  switch (change.kind) {
    case 'create':
      return api.post<UserGroup>('/usergroup/add', { name: change.name }, { ...opts, guard: isGroup });
    case 'rename':
      return api.post<UserGroup>(`/usergroup/update/${change.id}`, { name: change.name }, { ...opts, guard: isGroup });
    case 'delete':
      return api.request(`/usergroup/delete/${change.id}`, { ...opts, method: 'DELETE' });
    case 'add-member':
      return api.post<UserGroup>(`/usergroup/${change.id}/member`, { userId: change.userId }, { ...opts, guard: isGroup });
    case 'remove-member':
      return api.request<UserGroup>(`/usergroup/${change.id}/member/${change.userId}`, { ...opts, method: 'DELETE', guard: isGroup });
  }
}

export function useGroupChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeGroup,
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: GROUPS_KEY }), client.invalidateQueries({ queryKey: COUNTS_KEY })]),
  });
}
