import type { MeetingJoin } from '@spotlist/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const isJoin = (v: unknown): boolean =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as { roomName?: unknown }).roomName === 'string' &&
  typeof (v as { domain?: unknown }).domain === 'string';

/** GET /api/meeting/{id}/join: the room, the host and (with token authentication) the JWT; 404 for a non-member. */
export const meetingJoinQuery = (id: number) =>
  queryOptions({
    queryKey: ['meeting', id] as const,
    queryFn: () => api.get<MeetingJoin>(`/meeting/${id}/join`, { guard: isJoin, silent: true }),
    // a token is made per request and lives 4 hours: no refetch while the call runs
    staleTime: Infinity,
    retry: false,
  });
export const useMeetingJoin = (id: number) => useQuery(meetingJoinQuery(id));
