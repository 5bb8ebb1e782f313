/**
 * How a provider call failed, as the product answers it: `token` (an answer that cannot be trusted:
 * forged, expired, another app's, wrong issuer/audience/nonce → 401), `denied` (the user cancelled
 * or consent was refused → 400), `invalid_grant` (a code or refresh token the provider no longer
 * takes), `personal` (Instagram: not a business or creator account), `unavailable` (the provider
 * failed or did not answer → 503; a refresh tries again later).
 */
export class ProviderError extends Error {
  constructor(
    readonly kind: 'token' | 'denied' | 'invalid_grant' | 'personal' | 'unavailable',
    message: string,
  ) {
    super(`${kind}: ${message}`);
    this.name = 'ProviderError';
  }
}

/** The tokens a provider gave; `idToken: true` when only an ID token came (a native sign-in). */
export interface ProviderTokens {
  accessToken?: string;
  refreshToken?: string;
  expiresAt?: Date;
  scopes: string[];
  idToken?: boolean;
}
