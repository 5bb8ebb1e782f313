import { UserSchema, type Onboarding } from '@spotlist/contracts';
import { api } from '../../../lib/api-client';
import { updateUser } from '../../../lib/auth';
import { useAction } from '../../../lib/use-action';

/** POST /api/myprofile/update; the server sets profileFilled when the profile is complete. */
export async function updateProfile(body: Onboarding) {
  const user = await api.request('/myprofile/update', { method: 'POST', body, schema: UserSchema });
  updateUser(user);
  return user;
}

export const useUpdateProfile = () => useAction(updateProfile);
