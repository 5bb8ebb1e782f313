import { UserSchema, type Onboarding, type ProfileUpdateInput } from '@spotlist/contracts';
import { api } from '../../../lib/api-client';
import { updateUser } from '../../../lib/auth';
import { useAction } from '../../../lib/use-action';

/**
 * POST /api/myprofile/update, for onboarding (the required part) and the whole profile; the
 * server sets profileFilled and answers the saved user.
 */
export async function updateProfile(body: Onboarding | ProfileUpdateInput) {
  const user = await api.request('/myprofile/update', { method: 'POST', body, schema: UserSchema });
  updateUser(user);
  return user;
}

export const useUpdateProfile = () => useAction(updateProfile);
