import { OkSchema } from '@spotlist/contracts';
import { api } from '../../../lib/api-client';
import { logout } from '../../../lib/auth';

/**
 * DELETE /api/myprofile/delete { password }; the server removes the account and everything it
 * owns, then the local session ends (the caller goes to login).
 */
export async function deleteAccount(password: string): Promise<void> {
  await api.request('/myprofile/delete', { method: 'DELETE', body: { password }, schema: OkSchema });
  await logout();
}
