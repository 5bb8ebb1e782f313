import { UserSchema, type Credentials } from '@spotlist/contracts';
import { api } from '../../../lib/api-client';
import { startSession } from '../../../lib/auth';

/** POST /api/login with the credentials; the refresh token stays in an HttpOnly cookie. */
export async function login(credentials: Pick<Credentials, 'email' | 'password'>) {
  const user = await api.request('/login', {
    method: 'POST',
    body: { ...credentials, tokenTransport: 'cookie' },
    schema: UserSchema,
  });
  startSession(user);
  return user;
}
