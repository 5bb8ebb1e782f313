import { OkSchema } from '@spotlist/contracts';
import { api } from '../../../lib/api-client';
import { useAction } from '../../../lib/use-action';

/** POST /api/password/reset: always ok; the server mails a link if the account exists. */
export const requestPasswordReset = (email: string) =>
  api.request('/password/reset', { method: 'POST', body: { email }, schema: OkSchema });

export const useRequestPasswordReset = () => useAction(requestPasswordReset);
