import { UserSchema } from '@spotlist/contracts';
import { api } from '../../../lib/api-client';
import { updateUser } from '../../../lib/auth';

/** GET /api/myprofile: the whole profile (business locations included); refreshes the session's user. */
export async function getProfile() {
  const user = await api.request('/myprofile', { schema: UserSchema });
  updateUser(user);
  return user;
}
