import type { ExternalProvider } from '@spotlist/contracts';
import { api } from './api-client';
import { session, STORAGE_KEYS } from './storage';

/** A sign-in under way in this tab: what the callback page (features/auth) needs to finish it. */
export interface PendingSignIn {
  provider: ExternalProvider;
  intent: 'login' | 'connect';
}

export function pendingSignIn(): PendingSignIn | null {
  try {
    const v = JSON.parse(session.get(STORAGE_KEYS.externalSignIn) ?? 'null') as PendingSignIn | null;
    return v && typeof v.provider === 'string' ? v : null;
  } catch {
    return null;
  }
}
export const endSignIn = (): void => session.remove(STORAGE_KEYS.externalSignIn);

/**
 * Starts a provider sign-in (POST /api/externalaccount/authorize) and sends the browser to the
 * provider; it comes back to /auth/callback. `login` logs in or signs up (`accountType`,
 * `termsaccepted` from the signup page); `connect` links the provider to this account (the
 * connections page).
 */
export async function startExternalSignIn(
  provider: ExternalProvider,
  intent: 'login' | 'connect',
  extra: { accountType?: { id: 1 | 2 | 4 }; termsaccepted?: boolean } = {},
): Promise<void> {
  const { url } = await api.request<{ url: string }>('/externalaccount/authorize', {
    method: 'POST',
    body: { provider, intent, ...extra },
    // a light check: the contracts' zod schema would weigh on the pages that start sign-ins
    guard: (v) => typeof (v as { url?: unknown } | null)?.url === 'string',
  });
  session.set(STORAGE_KEYS.externalSignIn, JSON.stringify({ provider, intent } satisfies PendingSignIn));
  window.location.assign(url);
}
