import { OkSchema, type PasswordUpdateSchema } from '@spotlist/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { useAction } from '../../../lib/use-action';

export type PasswordUpdate = z.infer<typeof PasswordUpdateSchema>;

/** POST /api/password/update { oldPassword, newPassword } (SPEC §7). */
export const updatePassword = (body: PasswordUpdate) => api.request('/password/update', { method: 'POST', body, schema: OkSchema });

export const useUpdatePassword = () => useAction(updatePassword);
