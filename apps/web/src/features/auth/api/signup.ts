import { UserSchema, type Signup } from '@spotlist/contracts';
import { api, tokenTransport } from '../../../lib/api-client';
import { startSession } from '../../../lib/auth';

/** POST /api/signup; the refresh token stays in an HttpOnly cookie (or comes in the answer: tokenTransport). */
export async function signup(body: Omit<Signup, 'tokenTransport'>) {
  const user = await api.request('/signup', {
    method: 'POST',
    body: { ...body, tokenTransport: tokenTransport() },
    schema: UserSchema,
  });
  startSession(user);
  return user;
}
