import {
  EXTERNAL_LOGIN_PATHS,
  ExternalLoginAnswerSchema,
  ExternalProvidersSchema,
  type ExternalLoginAnswer,
  type ExternalProvider,
  type ExternalProviders,
  type SocialLogin,
} from '@spotlist/contracts';
import { api, tokenTransport } from '../../../lib/api-client';
import { startSession } from '../../../lib/auth';

/** The providers this server offers (SPEC §7; unconfigured ones are not listed). */
export const getExternalProviders = (): Promise<ExternalProviders> =>
  api.request('/externalaccount/providers', { schema: ExternalProvidersSchema, silent: true });

/**
 * Finishes a sign-in with the provider's answer (SPEC §7: POST /api/applelogin, fblogin, …; the
 * apaleo connect through /api/apaleo-client-login). A login's answer starts the session.
 */
export async function finishExternalSignIn(provider: ExternalProvider, body: SocialLogin): Promise<ExternalLoginAnswer> {
  const path = provider === 'instagram' ? '/loginbyexternalaccount' : EXTERNAL_LOGIN_PATHS[provider];
  const answer = await api.request(path, {
    method: 'POST',
    query: provider === 'instagram' ? { provider } : undefined,
    body: { ...body, tokenTransport: tokenTransport() },
    schema: ExternalLoginAnswerSchema,
  });
  if (answer.authtoken) startSession(answer);
  return answer;
}
