import { UserSchema, type Signup } from '@spotlist/contracts';
import { api } from '../../../lib/api-client';
import { startSession } from '../../../lib/auth';

/** POST /api/signup; the refresh token stays in an HttpOnly cookie. */
export async function signup(body: Omit<Signup, 'tokenTransport'>) {
  const user = await api.request('/signup', {
    method: 'POST',
    body: { ...body, tokenTransport: 'cookie' },
    schema: UserSchema,
  });
  startSession(user);
  return user;
}
