import { OkSchema, type PasswordUpdateTokenSchema } from '@spotlist/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { useAction } from '../../../lib/use-action';

export type PasswordUpdateToken = z.infer<typeof PasswordUpdateTokenSchema>;

/** POST /api/password/update/token: sets a new password with the token from the reset mail. */
export const updatePasswordByToken = (body: PasswordUpdateToken) =>
  api.request('/password/update/token', { method: 'POST', body, schema: OkSchema });

export const useUpdatePasswordByToken = () => useAction(updatePasswordByToken);
