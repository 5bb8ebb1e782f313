import { UserSchema, type Credentials } from '@spotlist/contracts';
import { api, tokenTransport } from '../../../lib/api-client';
import { startSession } from '../../../lib/auth';
import { session, STORAGE_KEYS } from '../../../lib/storage';
import { chooseUserLanguage } from '../../../lib/user-language';

/**
 * POST /api/login with the credentials; the refresh token stays in an HttpOnly cookie (or, with
 * the API elsewhere as in the native shells, comes in the answer: tokenTransport). A language
 * picked in the header menu before logging in becomes the account's language (the user update of
 * SPEC §4), so the choice survives the login instead of giving way to the stored one.
 */
export async function login(credentials: Pick<Credentials, 'email' | 'password'>) {
  const user = await api.request('/login', {
    method: 'POST',
    body: { ...credentials, tokenTransport: tokenTransport() },
    schema: UserSchema,
  });
  const picked = Number(session.get(STORAGE_KEYS.pickedLanguage));
  session.remove(STORAGE_KEYS.pickedLanguage);
  startSession(user);
  if (picked && picked !== user.language.id) await chooseUserLanguage(picked);
  return user;
}
