import * as oidc from 'openid-client';
import { EXTERNAL_PROVIDER_CATEGORY, type ExternalProvider } from '@spotlist/contracts';
import type { Config } from '../../config.ts';
import { appleClientSecret } from '../../integrations/apple/client-secret.ts';
import { facebookClient, type FacebookIdentity } from '../../integrations/facebook/client.ts';
import { instagramClient, type InstagramMedia } from '../../integrations/instagram/client.ts';
import { oidcClient, type OidcClient, type OidcIdentity } from '../../integrations/oidc/client.ts';
import { ProviderError, type ProviderTokens } from '../../integrations/oidc/provider-error.ts';

/** What a provider confirmed, in the product's words. */
export interface ProviderIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  /** Shown on the connection's card: the e-mail, user name or name. */
  displayName: string | null;
  tokens: ProviderTokens;
  /** Booking suite: the hotels the account manages (the token's `hotel_ids`). */
  hotelIds: string[];
}

/** A started sign-in's secrets, as the provider needs them back. */
export interface SignInChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface ProviderAdapter {
  provider: ExternalProvider;
  categoryId: number;
  /** It logs in and signs up (Instagram only connects). */
  login: boolean;
  /** Only business accounts connect it; a login makes a business account. */
  businessOnly: boolean;
  /** Where the provider sends the browser back. */
  redirectUri: string;
  authorizationUrl(checks: SignInChecks): Promise<string>;
  /** The callback's parameters (code, state, iss) for the identity. */
  fromCallback(params: URLSearchParams, checks: SignInChecks): Promise<ProviderIdentity>;
  /** An ID token from the platform's sign-in (Apple's native apps), checked against the issued nonce. */
  fromIdToken?(idToken: string, nonce: string): Promise<ProviderIdentity>;
  /** A provider access token a native app got (Facebook's SDK), checked with the provider. */
  fromAccessToken?(accessToken: string): Promise<ProviderIdentity>;
  /** New tokens before the old ones end; ProviderError('invalid_grant') when the provider refuses for good. */
  refresh?(tokens: { accessToken: string | null; refreshToken: string | null }): Promise<ProviderTokens>;
  /** Takes the provider's grant back (Apple's /auth/revoke, Facebook's permissions, the OIDC revocation endpoint). */
  revoke?(row: { subject: string; accessToken: string | null; refreshToken: string | null }): Promise<void>;
  /** Facebook: its data-deletion callback's signed request, checked with the app secret. */
  parseSignedRequest?(signed: string): { userId: string } | null;
  /** Instagram: the account's recent posts. */
  media?(accessToken: string): Promise<InstagramMedia[]>;
}

const fromOidc = (i: OidcIdentity): ProviderIdentity => {
  const hotels = i.claims.hotel_ids;
  return {
    subject: i.subject,
    email: i.email,
    emailVerified: i.emailVerified,
    givenName: i.givenName,
    familyName: i.familyName,
    displayName: i.email ?? i.name ?? ([i.givenName, i.familyName].filter(Boolean).join(' ') || null),
    tokens: i.tokens,
    hotelIds: Array.isArray(hotels) ? hotels.filter((h): h is string => typeof h === 'string').slice(0, 500) : [],
  };
};

const fromFacebook = (i: FacebookIdentity): ProviderIdentity => ({
  subject: i.subject,
  email: i.email,
  // Facebook hands out confirmed addresses only
  emailVerified: i.email !== null,
  givenName: i.givenName,
  familyName: i.familyName,
  displayName: i.email ?? i.name,
  tokens: i.tokens,
  hotelIds: [],
});

function oidcAdapter(
  provider: ExternalProvider,
  client: OidcClient,
  redirectUri: string,
  o: { login: boolean; businessOnly: boolean; nativeIdToken?: boolean },
): ProviderAdapter {
  return {
    provider,
    categoryId: EXTERNAL_PROVIDER_CATEGORY[provider],
    login: o.login,
    businessOnly: o.businessOnly,
    redirectUri,
    authorizationUrl: (c) => client.authorizationUrl({ redirectUri, ...c }),
    fromCallback: async (params, c) => fromOidc(await client.exchange({ redirectUri, params, ...c })),
    fromIdToken: o.nativeIdToken ? async (idToken, nonce) => fromOidc(await client.verifyIdToken(idToken, nonce)) : undefined,
    async refresh(t) {
      if (!t.refreshToken) throw new ProviderError('invalid_grant', 'no refresh token');
      return client.refresh(t.refreshToken);
    },
    async revoke(row) {
      if (!(await client.revocable())) return;
      if (row.refreshToken) await client.revoke(row.refreshToken, 'refresh_token');
      else if (row.accessToken) await client.revoke(row.accessToken, 'access_token');
    },
  };
}

/**
 * The providers this server is configured for (README: the variables). A provider without its
 * variables is not here: not offered, its routes answer error.integration.notconfigured.
 * `publicUrl` is where browsers reach this server: the redirect URIs registered at the providers
 * are `<publicUrl>/auth/callback` and, for Apple's form_post, `<publicUrl>/api/externalaccount/callback/apple`.
 */
export function configuredProviders(config: Config, publicUrl: string): Map<ExternalProvider, ProviderAdapter> {
  const out = new Map<ExternalProvider, ProviderAdapter>();
  const callback = `${publicUrl}/auth/callback`;
  const allowHttp = config.EXTERNAL_ALLOW_HTTP;

  if (config.APPLE_CLIENT_ID && config.APPLE_TEAM_ID && config.APPLE_KEY_ID && config.APPLE_PRIVATE_KEY) {
    const secret = appleClientSecret({
      teamId: config.APPLE_TEAM_ID,
      keyId: config.APPLE_KEY_ID,
      clientId: config.APPLE_CLIENT_ID,
      key: config.APPLE_PRIVATE_KEY,
      audience: config.APPLE_ISSUER.replace(/\/$/, ''),
    });
    const client = oidcClient({
      issuer: config.APPLE_ISSUER,
      clientId: config.APPLE_CLIENT_ID,
      clientAuth: async () => oidc.ClientSecretPost(await secret()),
      // SPEC §9: Apple sign-in asks for the name and the e-mail; those scopes need form_post
      scopes: ['openid', 'name', 'email'],
      responseMode: 'form_post',
      extraAudiences: config.APPLE_BUNDLE_IDS ?? [],
      allowHttp,
    });
    out.set(
      'apple',
      oidcAdapter('apple', client, `${publicUrl}/api/externalaccount/callback/apple`, {
        login: true,
        businessOnly: false,
        nativeIdToken: true,
      }),
    );
  }
  if (config.LINKEDIN_CLIENT_ID && config.LINKEDIN_CLIENT_SECRET) {
    const client = oidcClient({
      issuer: config.LINKEDIN_ISSUER,
      clientId: config.LINKEDIN_CLIENT_ID,
      // LinkedIn's token endpoint takes the secret in the body only
      clientAuth: () => oidc.ClientSecretPost(config.LINKEDIN_CLIENT_SECRET),
      scopes: ['openid', 'profile', 'email'],
      allowHttp,
    });
    out.set('linkedin', oidcAdapter('linkedin', client, callback, { login: true, businessOnly: false }));
  }
  if (config.APALEO_CLIENT_ID && config.APALEO_CLIENT_SECRET) {
    const client = oidcClient({
      issuer: config.APALEO_ISSUER,
      clientId: config.APALEO_CLIENT_ID,
      // apaleo's refresh takes Basic client authentication
      clientAuth: () => oidc.ClientSecretBasic(config.APALEO_CLIENT_SECRET),
      // offline_access: a refresh token (access tokens live an hour); the inventory scope is the PMS sync's
      scopes: ['openid', 'profile', 'email', 'offline_access', 'setup.read'],
      allowHttp,
    });
    out.set('apaleo', oidcAdapter('apaleo', client, callback, { login: true, businessOnly: true }));
  }
  if (config.BOOKINGSUITE_ISSUER && config.BOOKINGSUITE_CLIENT_ID && config.BOOKINGSUITE_CLIENT_SECRET) {
    const client = oidcClient({
      issuer: config.BOOKINGSUITE_ISSUER,
      clientId: config.BOOKINGSUITE_CLIENT_ID,
      clientAuth: () => oidc.ClientSecretBasic(config.BOOKINGSUITE_CLIENT_SECRET),
      scopes: ['openid', 'profile', 'email', 'offline_access', 'hotels'],
      allowHttp,
    });
    out.set('bookingsuite', oidcAdapter('bookingsuite', client, callback, { login: true, businessOnly: true }));
  }
  if (config.FACEBOOK_APP_ID && config.FACEBOOK_APP_SECRET) {
    const fb = facebookClient({
      appId: config.FACEBOOK_APP_ID,
      appSecret: config.FACEBOOK_APP_SECRET,
      graphUrl: config.FACEBOOK_GRAPH_URL,
      dialogUrl: config.FACEBOOK_DIALOG_URL,
    });
    out.set('facebook', {
      provider: 'facebook',
      categoryId: EXTERNAL_PROVIDER_CATEGORY.facebook,
      login: true,
      businessOnly: false,
      redirectUri: callback,
      authorizationUrl: async (c) => fb.authorizationUrl({ redirectUri: callback, state: c.state }),
      async fromCallback(params) {
        const code = params.get('code');
        if (!code) throw new ProviderError('denied', params.get('error') ?? 'no code');
        return fromFacebook(await fb.exchange(code, callback));
      },
      fromAccessToken: async (token) => fromFacebook(await fb.identify(token)),
      parseSignedRequest: (signed) => fb.parseSignedRequest(signed),
      async revoke(row) {
        if (row.accessToken) await fb.revoke(row.subject, row.accessToken);
      },
    });
  }
  if (config.INSTAGRAM_APP_ID && config.INSTAGRAM_APP_SECRET) {
    const ig = instagramClient({
      appId: config.INSTAGRAM_APP_ID,
      appSecret: config.INSTAGRAM_APP_SECRET,
      authorizeUrl: config.INSTAGRAM_AUTHORIZE_URL,
      apiUrl: config.INSTAGRAM_API_URL,
      graphUrl: config.INSTAGRAM_GRAPH_URL,
    });
    out.set('instagram', {
      provider: 'instagram',
      categoryId: EXTERNAL_PROVIDER_CATEGORY.instagram,
      login: false,
      businessOnly: false,
      redirectUri: callback,
      authorizationUrl: async (c) => ig.authorizationUrl({ redirectUri: callback, state: c.state }),
      async fromCallback(params) {
        const code = params.get('code');
        if (!code) throw new ProviderError('denied', params.get('error') ?? 'no code');
        const a = await ig.exchange(code, callback);
        return {
          subject: a.subject,
          email: null,
          emailVerified: false,
          givenName: null,
          familyName: null,
          displayName: `@${a.username}`,
          tokens: a.tokens,
          hotelIds: [],
        };
      },
      async refresh(t) {
        if (!t.accessToken) throw new ProviderError('invalid_grant', 'no token');
        return { ...(await ig.refresh(t.accessToken)), scopes: [] };
      },
      media: (token) => ig.media(token),
    });
  }
  return out;
}
