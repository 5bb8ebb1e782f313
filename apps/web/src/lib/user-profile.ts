import type { PublicProfile } from '@spotlist/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

const isProfile = (v: unknown): boolean =>
  typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'number' && Array.isArray((v as { lists?: unknown }).lists);

/**
 * GET /api/user/profile/{id}: what the viewer may see of that user (a visitor too). Silent: the
 * page says "not found" itself (an unknown user, or one who blocked the viewer: the same 404).
 * The key holds the viewer (0 for a visitor): what a profile shows depends on who asks. The
 * people pages and a place's business (the place page) share it.
 */
export const profileQuery = (id: number, viewerId: number) =>
  queryOptions({
    queryKey: ['people', 'profile', id, viewerId] as const,
    queryFn: () => api.get<PublicProfile>(`/user/profile/${id}`, { guard: isProfile, silent: true }),
  });
export const useProfile = (id: number, viewerId: number, enabled = true) => useQuery({ ...profileQuery(id, viewerId), enabled });
