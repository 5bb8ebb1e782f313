import http from 'node:http';
import type { KeyObject } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, importSPKI, jwtVerify, SignJWT, type CryptoKey } from 'jose';
import Provider from 'oidc-provider';
import type { Adapter, AdapterPayload, Configuration, KoaContextWithOIDC } from 'oidc-provider';

/**
 * A local OpenID Provider for tests: a real `oidc-provider` (the certified OP library) behind a
 * small node:http front on 127.0.0.1, so the product's `openid-client` code runs unchanged against
 * it. Three flavours, each shaped after its provider's published discovery document:
 *
 * - `generic` (OpenID Connect Core 1.0 + Discovery 1.0): issuer `http://127.0.0.1:<port>`,
 *   oidc-provider's own routes (`/auth`, `/token`, `/me`, `/token/revocation`, `/jwks`). The
 *   client authenticates with `client_secret_basic` or `client_secret_post` (both advertised;
 *   oidc-provider takes either for a client registered with one). Its `hotels` scope carries the
 *   booking-suite claim `hotel_ids`.
 * - `linkedin` (learn.microsoft.com/linkedin/consumer/integrations/self-serve/sign-in-with-linkedin-v2):
 *   the issuer has a path, `http://127.0.0.1:<port>/oauth` (real: `https://www.linkedin.com/oauth`),
 *   discovery at `<issuer>/.well-known/openid-configuration`; endpoints `/oauth/v2/authorization`,
 *   `/oauth/v2/accessToken`, `/oauth/v2/userinfo` (real: api.linkedin.com/v2/userinfo),
 *   `/oauth/v2/revoke`, `/oauth/openid/jwks`. The token endpoint takes the secret in the form body
 *   only (`client_secret_post`; Basic answers 400 invalid_request "A required parameter
 *   \"client_secret\" is missing"); `email_verified` is sent as the string LinkedIn sends.
 * - `apple` (developer.apple.com/documentation/sign_in_with_apple, "Generate and validate tokens",
 *   "Revoke tokens", "Incorporating Sign in with Apple into other platforms"): endpoints
 *   `/auth/authorize`, `/auth/token`, `/auth/revoke`, `/auth/keys`, and no userinfo endpoint (Apple
 *   has none: the ID token carries `email`/`email_verified`). The client secret is an ES256 JWT
 *   (header `kid`; claims `iss` = team id, `iat`, `exp` at most 15777000 s (6 months) after `iat`,
 *   `aud` = `https://appleid.apple.com` — the fake's issuer is accepted too — and `sub` = client
 *   id) sent as `client_secret` in the form body; anything else answers 400 `{"error":
 *   "invalid_client"}`. `response_mode=form_post` is offered (Apple requires it when `name` or
 *   `email` is requested), and the first authorization of each account posts the `user` field
 *   `{"name":{"firstName","lastName"},"email"}` as Apple does, once: the name is never in the ID
 *   token (Apple's ID token claims are sub, email, email_verified, is_private_email, nonce, …). A refresh token is always
 *   issued, and the refresh grant answers without a new `refresh_token` (Apple's documented
 *   response: the first one stays valid).
 *
 * The login and consent steps complete by themselves as `account` (a browser following the
 * authorization URL lands on the redirect URI without a human step), or end with
 * `error=access_denied` when `account` is null, as a user pressing Cancel. Every authorization
 * starts without a provider session, so `account` decides who logs in each time. Nonce, PKCE S256
 * (optional, verified when a challenge was sent), refresh tokens (with `offline_access`, always for
 * Apple; rotated on every use for `generic`, kept as they are by LinkedIn and Apple), userinfo and
 * revocation are oidc-provider's own. TTLs: access token `accessTokenTtlSeconds` (3600), ID token
 * 600 s, code 60 s, refresh token 14 days.
 *
 * The front adds switches for the token endpoint: `failNextToken(status)` (queued, one per
 * request), `failRefresh` (the next refresh grant answers 400 invalid_grant) and records every
 * token request's form (`tokenRequests`) and every revocation the provider accepted
 * (`revocations`).
 */
export interface FakeIdpAccount {
  sub: string;
  email?: string;
  /** Apple and LinkedIn send it as the string 'true'/'false'; others as a boolean. */
  email_verified?: boolean | 'true' | 'false';
  given_name?: string;
  family_name?: string;
  name?: string;
  picture?: string;
  /** booking-suite flavour: the hotels the account manages (a claim in the ID token and userinfo). */
  hotel_ids?: string[];
}

export type FakeIdpFlavor = 'apple' | 'linkedin' | 'generic';

export interface FakeIdpOptions {
  flavor: FakeIdpFlavor;
  clientId: string;
  /** generic/linkedin: the client's secret (a fixed test secret by default). apple: not used (see appleKey). */
  clientSecret?: string;
  redirectUris: string[];
  /**
   * apple flavour (required there): the public key of the ES256 key the client signs its
   * client_secret JWT with (a PEM SPKI string or a key object), the team id (`iss`) and the key id
   * (`kid`) it must carry.
   */
  appleKey?: { publicKeyPem: string | CryptoKey | KeyObject; teamId: string; keyId: string };
  /** Default 3600. */
  accessTokenTtlSeconds?: number;
  /** Default ['openid','email','profile','offline_access'] (+ 'name' for apple); `hotels` is always known. */
  scopes?: string[];
  /** Who logs in first; a default account of the flavour when left out. */
  account?: FakeIdpAccount | null;
}

export interface FakeIdpAuthorization {
  method: 'GET' | 'POST';
  redirectUri: string;
  params: Record<string, string>;
}

export interface FakeIdp {
  /** generic & apple: `http://127.0.0.1:<port>`; linkedin: `http://127.0.0.1:<port>/oauth`. */
  issuer: string;
  /** `http://127.0.0.1:<port>` */
  url: string;
  clientId: string;
  /** apple: the internal secret the front swaps a valid client_secret JWT for (the client never uses it). */
  clientSecret: string;
  /** Who the next authorization logs in as; null: the authorization ends with error=access_denied. */
  account: FakeIdpAccount | null;
  /**
   * Follows an authorization URL as a browser would and returns where the provider sends the
   * browser back: for response_mode=form_post the auto-submitted form's action and fields (POST),
   * otherwise the redirect's query (GET; the fragment for response_mode=fragment).
   */
  authorize(url: string): Promise<FakeIdpAuthorization>;
  /** Bodies the revocation endpoint accepted (answered 200). */
  revocations: Array<{ token: string; tokenTypeHint?: string; clientId: string }>;
  /** The next token request with grant_type=refresh_token answers 400 {error:'invalid_grant'}. */
  failRefresh: boolean;
  /** The next request to the token endpoint answers `status` with {error:'temporarily_unavailable'}. */
  failNextToken(status: number): void;
  /**
   * An ID token signed with this provider's own key (the one its JWKS publishes), with any claims:
   * for tests of a relying party's checks of issuer, audience, expiry and nonce under a good signature.
   */
  signIdToken(claims: Record<string, unknown>): Promise<string>;
  /** Every token request (any grant, also those refused): its form fields and Authorization header. */
  tokenRequests: Array<Record<string, string> & { authorization?: string }>;
  close(): Promise<void>;
}

const APPLE_AUDIENCE = 'https://appleid.apple.com';
// Apple, "Creating a client secret": exp "must not be greater than 15777000 (6 months in seconds)" after iat
const APPLE_SECRET_MAX_LIFETIME = 15_777_000;
const COOKIE_KEYS = ['spotlist-fake-idp-cookie-key-1', 'spotlist-fake-idp-cookie-key-2'];

/** Route table per flavour, relative to the issuer (oidc-provider's `routes`). */
const ROUTES: Record<FakeIdpFlavor, NonNullable<Configuration['routes']>> = {
  generic: {},
  linkedin: {
    authorization: '/v2/authorization',
    token: '/v2/accessToken',
    userinfo: '/v2/userinfo',
    revocation: '/v2/revoke',
    jwks: '/openid/jwks',
  },
  apple: { authorization: '/auth/authorize', token: '/auth/token', revocation: '/auth/revoke', jwks: '/auth/keys' },
};

const DEFAULT_ACCOUNTS: Record<FakeIdpFlavor, FakeIdpAccount> = {
  generic: {
    sub: 'user-1',
    email: 'ada@example.com',
    email_verified: true,
    given_name: 'Ada',
    family_name: 'Lovelace',
    name: 'Ada Lovelace',
  },
  linkedin: {
    sub: 'AbC123xYz',
    email: 'ada@example.com',
    email_verified: 'true',
    given_name: 'Ada',
    family_name: 'Lovelace',
    name: 'Ada Lovelace',
  },
  apple: {
    sub: '001234.0a1b2c3d4e5f60718293a4b5c6d7e8f9.1234',
    email: 'ada@privaterelay.appleid.com',
    email_verified: 'true',
    given_name: 'Ada',
    family_name: 'Lovelace',
  },
};

/**
 * oidc-provider's storage, one per fake: its built-in adapter is process-wide (two fakes would
 * share state) and warns on every start. Expiry is checked by oidc-provider on read.
 */
function memoryAdapter(): (model: string) => Adapter {
  const store = new Map<string, AdapterPayload>();
  const sessionIds = new Map<string, string>();
  return (model) => ({
    upsert: async (id, payload) => {
      store.set(`${model}:${id}`, payload);
      if (model === 'Session' && payload.uid) sessionIds.set(payload.uid, id);
    },
    find: async (id) => store.get(`${model}:${id}`),
    findByUid: async (uid) => {
      const id = sessionIds.get(uid);
      return id === undefined ? undefined : store.get(`Session:${id}`);
    },
    findByUserCode: async () => undefined,
    consume: async (id) => {
      const payload = store.get(`${model}:${id}`);
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    },
    destroy: async (id) => void store.delete(`${model}:${id}`),
    revokeByGrantId: async (grantId) => {
      for (const [key, payload] of store) if (key.startsWith(`${model}:`) && payload.grantId === grantId) store.delete(key);
    },
  });
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
const unescapeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** A copy of `req` whose body is `body`: oidc-provider reads the body itself, from the stream. */
function withBody(req: http.IncomingMessage, body: string): http.IncomingMessage {
  const copy = new http.IncomingMessage(req.socket);
  copy.method = req.method;
  copy.url = req.url;
  copy.httpVersion = req.httpVersion;
  copy.httpVersionMajor = req.httpVersionMajor;
  copy.httpVersionMinor = req.httpVersionMinor;
  copy.headers = { ...req.headers, 'content-length': String(Buffer.byteLength(body)) };
  // an incomplete IncomingMessage destroys its socket when it is destroyed after reading
  copy.complete = true;
  copy.push(body);
  copy.push(null);
  return copy;
}

/** RFC 6749 §2.3.1: Basic credentials are the form-urlencoded client id and secret. */
function basicClientId(header: string | undefined): string | undefined {
  const m = /^basic (.+)$/i.exec(header ?? '');
  if (!m) return undefined;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '));
}

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

export async function startFakeIdp(opts: FakeIdpOptions): Promise<FakeIdp> {
  const { flavor } = opts;
  if (flavor === 'apple' && !opts.appleKey) throw new Error('startFakeIdp: the apple flavour needs appleKey');
  const clientSecret = opts.clientSecret ?? `${opts.clientId}-secret-0123456789abcdef0123456789abcdef`;
  const appleKey = opts.appleKey;
  const appleVerifyKey =
    appleKey === undefined
      ? undefined
      : typeof appleKey.publicKeyPem === 'string'
        ? await importSPKI(appleKey.publicKeyPem, 'ES256')
        : appleKey.publicKeyPem;

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const mount = flavor === 'linkedin' ? '/oauth' : '';
  const issuer = url + mount;
  const routes = ROUTES[flavor];
  const authorizationPath = mount + (routes.authorization ?? '/auth');
  const tokenPath = mount + (routes.token ?? '/token');
  const revocationPath = mount + (routes.revocation ?? '/token/revocation');

  // every account that logged in, so refreshes and userinfo of an earlier login still find it
  const accounts = new Map<string, FakeIdpAccount>();
  // Apple posts the `user` field on the first authorization of an account only
  const appleSeen = new Set<string>();
  const tokenFailures: number[] = [];

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'fake-idp-rs256', alg: 'RS256', use: 'sig' };

  const claimsOf = (account: FakeIdpAccount) => {
    const claims: Record<string, unknown> = { sub: account.sub };
    for (const key of ['email', 'email_verified', 'given_name', 'family_name', 'name', 'picture', 'hotel_ids'] as const) {
      if (account[key] !== undefined) claims[key] = account[key];
    }
    return claims as { sub: string };
  };

  const config: Configuration = {
    adapter: memoryAdapter(),
    clients: [
      {
        client_id: opts.clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code', 'refresh_token'],
        // oidc-provider takes the secret from the Basic header or the body for either method; the
        // front refuses Basic for LinkedIn, and checks Apple's JWT secret before
        token_endpoint_auth_method: flavor === 'generic' ? 'client_secret_basic' : 'client_secret_post',
      },
    ],
    clientAuthMethods: flavor === 'generic' ? ['client_secret_basic', 'client_secret_post'] : ['client_secret_post'],
    responseTypes: ['code'],
    scopes: opts.scopes ?? ['openid', 'email', 'profile', 'offline_access', ...(flavor === 'apple' ? ['name'] : [])],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name', 'picture'],
      hotels: ['hotel_ids'],
      // Apple's `name` scope puts nothing in the ID token: the name comes once, in the `user` field
      ...(flavor === 'apple' ? { name: [] } : {}),
    },
    // Apple and LinkedIn put email (and LinkedIn the profile) in the ID token
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
      userinfo: { enabled: flavor !== 'apple' },
    },
    routes,
    pkce: { required: () => false },
    issueRefreshToken: async (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') && (flavor === 'apple' || code.scopes.has('offline_access')),
    rotateRefreshToken: flavor === 'generic',
    ttl: {
      AccessToken: opts.accessTokenTtlSeconds ?? 3600,
      IdToken: 600,
      AuthorizationCode: 60,
      RefreshToken: 14 * 24 * 3600,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
    },
    cookies: { keys: COOKIE_KEYS },
    jwks: { keys: [signingKey] },
    interactions: { url: async (_ctx, interaction) => `${url}/interaction/${interaction.uid}` },
    findAccount: async (_ctx, sub) => {
      const account = fake.account?.sub === sub ? fake.account : accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => claimsOf(account) };
    },
    clientBasedCORS: () => false,
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = `<!DOCTYPE html><html><head><title>Error</title></head><body><h1>${escapeHtml(String(out.error))}</h1><p>${escapeHtml(String(out.error_description ?? ''))}</p></body></html>`;
    },
  };

  const provider = new Provider(issuer, config);

  // Apple's first-login `user` field and its refresh response without refresh_token
  provider.use(async (koa, next) => {
    await next();
    if (flavor !== 'apple') return;
    const ctx = koa as unknown as KoaContextWithOIDC;
    const oidc = (koa as unknown as Partial<KoaContextWithOIDC>).oidc;
    if (!oidc) return;
    if (
      oidc.route === 'token' &&
      ctx.status === 200 &&
      oidc.params?.grant_type === 'refresh_token' &&
      ctx.body &&
      typeof ctx.body === 'object'
    ) {
      delete (ctx.body as Record<string, unknown>).refresh_token;
    }
    if ((oidc.route === 'resume' || oidc.route === 'authorization') && typeof ctx.body === 'string') {
      const sub = oidc.session?.accountId;
      const codeInput = /<input type="hidden" name="code"[^>]*>/.exec(ctx.body);
      if (!sub || !codeInput) return;
      const first = !appleSeen.has(sub);
      appleSeen.add(sub);
      const account = accounts.get(sub);
      const scopes = new Set(String(oidc.params?.scope ?? '').split(' '));
      if (!first || !account) return;
      const user: { name?: { firstName?: string; lastName?: string }; email?: string } = {};
      if (scopes.has('name') && (account.given_name || account.family_name))
        user.name = { firstName: account.given_name, lastName: account.family_name };
      if (scopes.has('email') && account.email) user.email = account.email;
      if (!user.name && !user.email) return;
      const input = `<input type="hidden" name="user" value="${escapeHtml(JSON.stringify(user))}"/>`;
      ctx.body = ctx.body.replace(codeInput[0], `${codeInput[0]}\n    ${input}`);
    }
  });

  const callback = provider.callback();
  const toProvider = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (mount) {
      // oidc-provider finds its mount path from originalUrl, as under express' app.use('/oauth', …)
      (req as http.IncomingMessage & { originalUrl?: string }).originalUrl = req.url;
      req.url = req.url!.slice(mount.length) || '/';
    }
    return callback(req, res);
  };

  const checkAppleSecret = async (secret: string | undefined): Promise<boolean> => {
    if (!secret || !appleKey || !appleVerifyKey) return false;
    try {
      const { payload, protectedHeader } = await jwtVerify(secret, appleVerifyKey, {
        algorithms: ['ES256'],
        issuer: appleKey.teamId,
        subject: opts.clientId,
        audience: [APPLE_AUDIENCE, issuer],
        requiredClaims: ['iat', 'exp'],
      });
      return protectedHeader.kid === appleKey.keyId && payload.exp! - payload.iat! <= APPLE_SECRET_MAX_LIFETIME;
    } catch {
      return false;
    }
  };

  const handleTokenOrRevocation = async (req: http.IncomingMessage, res: http.ServerResponse, endpoint: 'token' | 'revocation') => {
    const raw = await readBody(req);
    const form = new URLSearchParams(raw);
    const fields = Object.fromEntries(form) as Record<string, string> & { authorization?: string };
    if (endpoint === 'token') {
      fake.tokenRequests.push(req.headers.authorization === undefined ? fields : { ...fields, authorization: req.headers.authorization });
      const status = tokenFailures.shift();
      if (status !== undefined)
        return json(res, status, { error: 'temporarily_unavailable', error_description: 'the token endpoint is unavailable' });
      if (fake.failRefresh && fields.grant_type === 'refresh_token') {
        fake.failRefresh = false;
        return json(res, 400, { error: 'invalid_grant', error_description: 'grant request is invalid' });
      }
    }
    if (flavor === 'apple') {
      if (!(await checkAppleSecret(fields.client_secret))) return json(res, 400, { error: 'invalid_client' });
      form.set('client_secret', clientSecret);
    }
    // oidc-provider takes a secret either way; LinkedIn reads the form body only
    if (flavor === 'linkedin' && !form.has('client_secret')) {
      return json(res, 400, { error: 'invalid_request', error_description: 'A required parameter "client_secret" is missing' });
    }
    if (endpoint === 'revocation') {
      res.once('finish', () => {
        if (res.statusCode !== 200 || !fields.token) return;
        fake.revocations.push({
          token: fields.token,
          ...(fields.token_type_hint === undefined ? {} : { tokenTypeHint: fields.token_type_hint }),
          clientId: form.get('client_id') ?? basicClientId(req.headers.authorization) ?? '',
        });
      });
    }
    return toProvider(withBody(req, form.toString()), res);
  };

  const interact = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const details = await provider.interactionDetails(req, res);
    const account = fake.account;
    if (!account) {
      return provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      );
    }
    accounts.set(account.sub, account);
    const grant = new provider.Grant({ accountId: account.sub, clientId: String(details.params.client_id) });
    if (typeof details.params.scope === 'string') grant.addOIDCScope(details.params.scope);
    // claims asked for one by one (OIDC Core §5.5 `claims` parameter) are consented as well
    if (typeof details.params.claims === 'string') {
      const requested = JSON.parse(details.params.claims) as { id_token?: object; userinfo?: object };
      grant.addOIDCClaims([...Object.keys(requested.id_token ?? {}), ...Object.keys(requested.userinfo ?? {})]);
    }
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: account.sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  };

  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    const run = async () => {
      if (path.startsWith('/interaction/')) return await interact(req, res);
      if (mount && path !== mount && !path.startsWith(`${mount}/`)) return json(res, 404, { error: 'not_found' });
      if (req.method === 'POST' && (path === tokenPath || path === revocationPath)) {
        return await handleTokenOrRevocation(req, res, path === tokenPath ? 'token' : 'revocation');
      }
      if (path === authorizationPath || path.startsWith(`${authorizationPath}/`)) {
        // no provider session survives between authorizations: `account` decides who logs in
        const kept = (req.headers.cookie ?? '')
          .split(';')
          .map((c) => c.trim())
          .filter((c) => c && !c.startsWith('_session'));
        if (kept.length) req.headers.cookie = kept.join('; ');
        else delete req.headers.cookie;
        // OIDC Core §11 lets an OP ignore offline_access unless prompt has consent (oidc-provider
        // does); the providers faked here issue a refresh token for offline_access alone
        const query = new URL(req.url!, url).searchParams;
        const prompt = new Set((query.get('prompt') ?? '').split(' ').filter(Boolean));
        if (
          path === authorizationPath &&
          query.get('scope')?.split(' ').includes('offline_access') &&
          !prompt.has('consent') &&
          !prompt.has('none')
        ) {
          query.set('prompt', [...prompt, 'consent'].join(' '));
          req.url = `${path}?${query}`;
        }
      }
      return await toProvider(req, res);
    };
    run().catch((err: unknown) => {
      if (res.headersSent) return res.destroy();
      res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!DOCTYPE html><html><body><h1>Error</h1><p>${escapeHtml(err instanceof Error ? err.message : String(err))}</p></body></html>`,
      );
    });
  });

  const authorize = async (start: string): Promise<FakeIdpAuthorization> => {
    const jar = new Map<string, string>();
    let current = new URL(start);
    for (let hop = 0; hop < 20; hop++) {
      if (current.origin !== url) throw new Error(`authorize: ${current.href} is not on the fake provider`);
      const res = await fetch(current, {
        redirect: 'manual',
        headers: jar.size ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {},
      });
      for (const cookie of res.headers.getSetCookie()) {
        const [pair, ...attrs] = cookie.split(';');
        const eq = pair.indexOf('=');
        const name = pair.slice(0, eq).trim();
        const value = pair.slice(eq + 1).trim();
        const expires = attrs.map((a) => a.trim()).find((a) => a.toLowerCase().startsWith('expires='));
        if (!value || (expires && Date.parse(expires.slice(8)) <= Date.now())) jar.delete(name);
        else jar.set(name, value);
      }
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        await res.body?.cancel();
        const next = new URL(location, current);
        if (next.origin === url) {
          current = next;
          continue;
        }
        const params = next.search ? next.searchParams : new URLSearchParams(next.hash.slice(1));
        return { method: 'GET', redirectUri: `${next.origin}${next.pathname}`, params: Object.fromEntries(params) };
      }
      const body = await res.text();
      const form = /<form method="post" action="([^"]*)">/.exec(body);
      if (form) {
        const params: Record<string, string> = {};
        for (const m of body.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)"\/>/g))
          params[unescapeHtml(m[1])] = unescapeHtml(m[2]);
        return { method: 'POST', redirectUri: unescapeHtml(form[1]), params };
      }
      throw new Error(`authorize: ${res.status} at ${current.href}: ${body.slice(0, 500)}`);
    }
    throw new Error('authorize: too many redirects');
  };

  const fake: FakeIdp = {
    issuer,
    url,
    clientId: opts.clientId,
    clientSecret,
    account: opts.account === undefined ? { ...DEFAULT_ACCOUNTS[flavor] } : opts.account,
    authorize,
    revocations: [],
    failRefresh: false,
    failNextToken: (status) => void tokenFailures.push(status),
    signIdToken: async (claims) => new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: signingKey.kid }).sign(privateKey),
    tokenRequests: [],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
