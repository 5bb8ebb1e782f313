import type { USER_REPORT_REASONS } from '@spotlist/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type UserReportReason = (typeof USER_REPORT_REASONS)[number];

// shared with the place page (a place's business): lib/user-profile.ts
export { profileQuery, useProfile } from '../../../lib/user-profile';

/** POST /api/user/objectionable/{id} { reason } (a USER_REPORT_REASONS key). */
export const useReportUser = () =>
  useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: UserReportReason }) =>
      api.post(`/user/objectionable/${id}`, { reason }, { silent: true }),
  });
