import crypto from 'node:crypto';
import * as oidc from 'openid-client';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { ProviderError, type ProviderTokens } from './provider-error.ts';

/** One OpenID Provider as the product uses it (Apple, LinkedIn, apaleo, the booking suite). */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  /** The client's authentication at the token and revocation endpoints; asked for each time (Apple's client secret is a JWT that ends). */
  clientAuth: () => Promise<oidc.ClientAuth> | oidc.ClientAuth;
  scopes: readonly string[];
  /** Apple: `form_post` (its name and e-mail scopes need it). */
  responseMode?: 'form_post';
  /** Audiences an ID token an app sends may carry besides the client id (Apple: the apps' bundle ids). */
  extraAudiences?: readonly string[];
  /** http issuers on a loopback address (tests, local stand-ins). */
  allowHttp: boolean;
  /** Seconds each request may take. */
  timeoutSeconds?: number;
}

/** What a provider confirmed about the person, with the tokens it gave. */
export interface OidcIdentity {
  subject: string;
  email: string | null;
  /** The provider vouches for the address (LinkedIn and Apple send the claim as a string). */
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  name: string | null;
  claims: Record<string, unknown>;
  tokens: ProviderTokens;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** The identity of an ID token's (or userinfo's) claims. */
export function identityOf(claims: Record<string, unknown>, tokens: ProviderTokens): OidcIdentity {
  const subject = str(claims.sub);
  if (!subject) throw new ProviderError('token', 'no subject');
  return {
    subject,
    email: str(claims.email)?.toLowerCase() ?? null,
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    givenName: str(claims.given_name),
    familyName: str(claims.family_name),
    name: str(claims.name),
    claims,
    tokens,
  };
}

export function tokensOf(t: oidc.TokenEndpointResponse, requested: readonly string[]): ProviderTokens {
  return {
    accessToken: t.access_token,
    refreshToken: typeof t.refresh_token === 'string' ? t.refresh_token : undefined,
    expiresAt: typeof t.expires_in === 'number' ? new Date(Date.now() + t.expires_in * 1000) : undefined,
    scopes: typeof t.scope === 'string' ? t.scope.split(' ').filter(Boolean) : [...requested],
  };
}

/** openid-client's and jose's failures as the product tells them apart. */
export function providerErrorOf(err: unknown): ProviderError {
  if (err instanceof ProviderError) return err;
  if (err instanceof oidc.AuthorizationResponseError) return new ProviderError('denied', err.error);
  if (err instanceof oidc.ResponseBodyError) {
    if (err.status >= 500) return new ProviderError('unavailable', `${err.status} ${err.error}`);
    return new ProviderError(err.error === 'invalid_grant' ? 'invalid_grant' : 'token', err.error);
  }
  if (err instanceof joseErrors.JOSEError) return new ProviderError('token', err.code);
  if (err instanceof oidc.ClientError) {
    // openid-client's own checks (state, nonce, issuer, audience, signature, expiry) failed, or the answer was not OAuth
    const code = (err as { code?: string }).code ?? '';
    if (code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || code === 'OAUTH_RESPONSE_IS_NOT_JSON' || code === 'OAUTH_HTTP_REQUEST_FORBIDDEN')
      return new ProviderError('unavailable', err.message);
    return new ProviderError('token', err.message);
  }
  return new ProviderError('unavailable', err instanceof Error ? err.message : String(err));
}

/**
 * A relying party of one OpenID Provider through `openid-client` (a certified implementation):
 * authorization code with PKCE (S256), state and nonce; the ID token's signature checked against
 * the provider's keys (non-repudiation checks on), its issuer, audience, expiry and nonce; refresh
 * and revocation at the discovered endpoints. Discovery is read once and again after a failure.
 */
export function oidcClient(s: OidcSettings) {
  let server: Promise<oidc.ServerMetadata> | undefined;
  let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;
  const isHttpAllowed = () => {
    const u = new URL(s.issuer);
    return s.allowHttp && u.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname);
  };

  async function metadata(): Promise<oidc.ServerMetadata> {
    server ??= oidc
      .discovery(new URL(s.issuer), s.clientId, undefined, undefined, {
        execute: isHttpAllowed() ? [oidc.allowInsecureRequests] : [],
        timeout: s.timeoutSeconds ?? 10,
      })
      .then((c) => ({ ...c.serverMetadata() }));
    try {
      return await server;
    } catch (err) {
      server = undefined;
      throw providerErrorOf(err);
    }
  }

  async function configuration(): Promise<oidc.Configuration> {
    const c = new oidc.Configuration(await metadata(), s.clientId, undefined, await s.clientAuth());
    if (isHttpAllowed()) oidc.allowInsecureRequests(c);
    oidc.enableNonRepudiationChecks(c);
    c.timeout = s.timeoutSeconds ?? 10;
    return c;
  }

  return {
    async authorizationUrl(p: { redirectUri: string; state: string; nonce: string; codeVerifier: string }): Promise<string> {
      const c = await configuration();
      const params: Record<string, string> = {
        redirect_uri: p.redirectUri,
        scope: s.scopes.join(' '),
        state: p.state,
        nonce: p.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(p.codeVerifier),
        code_challenge_method: 'S256',
      };
      if (s.responseMode) params.response_mode = s.responseMode;
      return oidc.buildAuthorizationUrl(c, params).href;
    },

    /** Redeems the callback's code; `params` are the callback's (query or form). */
    async exchange(p: {
      redirectUri: string;
      params: URLSearchParams;
      state: string;
      nonce: string;
      codeVerifier: string;
    }): Promise<OidcIdentity> {
      try {
        const c = await configuration();
        const url = new URL(p.redirectUri);
        for (const [k, v] of p.params) url.searchParams.set(k, v);
        const t = await oidc.authorizationCodeGrant(c, url, {
          pkceCodeVerifier: p.codeVerifier,
          expectedState: p.state,
          expectedNonce: p.nonce,
          idTokenExpected: true,
        });
        const claims = t.claims();
        if (!claims) throw new ProviderError('token', 'no ID token');
        return identityOf(claims as Record<string, unknown>, tokensOf(t, s.scopes));
      } catch (err) {
        throw providerErrorOf(err);
      }
    },

    /**
     * An ID token an app got from the platform's sign-in (Apple on iOS): its signature against the
     * provider's published keys, issuer, audience (the client id or an app's), expiry, and the
     * nonce the server issued (as it is, or its SHA-256 in hex as Apple's SDK examples pass it).
     */
    async verifyIdToken(idToken: string, nonce: string): Promise<OidcIdentity> {
      try {
        const m = await metadata();
        if (!m.jwks_uri) throw new ProviderError('unavailable', 'no jwks_uri');
        jwks ??= createRemoteJWKSet(new URL(m.jwks_uri), { timeoutDuration: (s.timeoutSeconds ?? 10) * 1000 });
        const { payload } = await jwtVerify<JWTPayload>(idToken, jwks, {
          issuer: m.issuer,
          audience: [s.clientId, ...(s.extraAudiences ?? [])],
          algorithms: ['RS256', 'ES256', 'PS256'],
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        const hashed = crypto.createHash('sha256').update(nonce).digest('hex');
        if (payload.nonce !== nonce && payload.nonce !== hashed) throw new ProviderError('token', 'nonce');
        return identityOf(payload as Record<string, unknown>, { idToken: true, scopes: [...s.scopes] });
      } catch (err) {
        throw providerErrorOf(err);
      }
    },

    async refresh(refreshToken: string): Promise<ProviderTokens> {
      try {
        const t = await oidc.refreshTokenGrant(await configuration(), refreshToken);
        const tokens = tokensOf(t, s.scopes);
        // a provider that does not rotate keeps the old refresh token valid
        return { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken };
      } catch (err) {
        throw providerErrorOf(err);
      }
    },

    /** Whether the provider takes revocations (its discovery names an endpoint). */
    async revocable(): Promise<boolean> {
      return !!(await metadata()).revocation_endpoint;
    },

    async revoke(token: string, hint: 'refresh_token' | 'access_token'): Promise<void> {
      try {
        await oidc.tokenRevocation(await configuration(), token, { token_type_hint: hint });
      } catch (err) {
        throw providerErrorOf(err);
      }
    },
  };
}
export type OidcClient = ReturnType<typeof oidcClient>;
