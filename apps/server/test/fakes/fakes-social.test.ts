import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import * as oidc from 'openid-client';
import { SignJWT, exportSPKI, generateKeyPair, type CryptoKey, type GenerateKeyPairResult } from 'jose';
import { startFakeIdp, type FakeIdp, type FakeIdpAuthorization } from './oidc-idp.ts';
import { signedRequest, startFakeFacebook, type FakeFacebook } from './facebook.ts';
import { startFakeInstagram, type FakeInstagram } from './instagram.ts';

const REDIRECT = 'http://127.0.0.1:9/auth/callback';
const CLIENT_ID = 'spotlist-web';

/** The product's side of a login: openid-client against the fake, PKCE S256 + state + nonce. */
async function login(idp: FakeIdp, config: oidc.Configuration, params: Record<string, string>) {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...params,
  });
  const back = await idp.authorize(url.href);
  const tokens = await oidc.authorizationCodeGrant(config, callbackOf(back), {
    pkceCodeVerifier: verifier,
    expectedState: state,
    expectedNonce: nonce,
  });
  return { back, tokens, verifier };
}

const callbackOf = (back: FakeIdpAuthorization): URL | Request =>
  back.method === 'GET'
    ? new URL(`${back.redirectUri}?${new URLSearchParams(back.params)}`)
    : new Request(back.redirectUri, { method: 'POST', body: new URLSearchParams(back.params) });

const insecure = { execute: [oidc.allowInsecureRequests] };

describe('fake OpenID provider, generic flavour', () => {
  let idp: FakeIdp;
  let config: oidc.Configuration;
  beforeAll(async () => {
    idp = await startFakeIdp({ flavor: 'generic', clientId: CLIENT_ID, clientSecret: 'generic-secret', redirectUris: [REDIRECT] });
    config = await oidc.discovery(new URL(idp.issuer), CLIENT_ID, undefined, oidc.ClientSecretPost('generic-secret'), insecure);
  });
  afterAll(() => idp.close());

  it('logs in with PKCE, echoes the nonce, puts the scope claims in the ID token and serves userinfo', async () => {
    idp.account = { sub: 'u-42', email: 'grace@example.com', email_verified: true, name: 'Grace Hopper', hotel_ids: ['h1', 'h2'] };
    const { back, tokens, verifier } = await login(idp, config, { scope: 'openid email profile hotels offline_access' });
    expect(back.method).toBe('GET');
    expect(tokens.claims()).toMatchObject({
      sub: 'u-42',
      email: 'grace@example.com',
      email_verified: true,
      name: 'Grace Hopper',
      hotel_ids: ['h1', 'h2'],
    });
    expect(tokens.refresh_token).toBeTruthy();
    expect(idp.tokenRequests.at(-1)).toMatchObject({
      grant_type: 'authorization_code',
      client_secret: 'generic-secret',
      code_verifier: verifier,
    });
    const info = await oidc.fetchUserInfo(config, tokens.access_token, 'u-42');
    expect(info).toMatchObject({ email: 'grace@example.com', hotel_ids: ['h1', 'h2'] });
  });

  it('refuses a code whose PKCE verifier does not match', async () => {
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT,
      scope: 'openid',
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const back = await idp.authorize(url.href);
    await expect(
      oidc.authorizationCodeGrant(config, callbackOf(back), { pkceCodeVerifier: oidc.randomPKCECodeVerifier() }),
    ).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('rotates refresh tokens, honours failRefresh and failNextToken, records revocations', async () => {
    const { tokens } = await login(idp, config, { scope: 'openid offline_access' });
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.refresh_token).toBeTruthy();
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    idp.failRefresh = true;
    await expect(oidc.refreshTokenGrant(config, refreshed.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    idp.failNextToken(503);
    const unavailable = (await oidc.refreshTokenGrant(config, refreshed.refresh_token!).then(
      () => undefined,
      (err: Error) => err.cause,
    )) as Response;
    expect(unavailable.status).toBe(503);
    expect(await unavailable.json()).toMatchObject({ error: 'temporarily_unavailable' });
    await oidc.tokenRevocation(config, refreshed.refresh_token!, { token_type_hint: 'refresh_token' });
    expect(idp.revocations.at(-1)).toEqual({ token: refreshed.refresh_token, tokenTypeHint: 'refresh_token', clientId: CLIENT_ID });
    await expect(oidc.refreshTokenGrant(config, refreshed.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('takes client_secret_basic as well, and ends with access_denied when the user cancels', async () => {
    const basic = await oidc.discovery(new URL(idp.issuer), CLIENT_ID, undefined, oidc.ClientSecretBasic('generic-secret'), insecure);
    idp.account = { sub: 'u-43' };
    const { tokens } = await login(idp, basic, { scope: 'openid' });
    expect(tokens.claims()?.sub).toBe('u-43');
    expect(idp.tokenRequests.at(-1)?.authorization).toMatch(/^Basic /);
    idp.account = null;
    const back = await idp.authorize(oidc.buildAuthorizationUrl(config, { redirect_uri: REDIRECT, scope: 'openid', state: 'st' }).href);
    expect(back).toMatchObject({ method: 'GET', redirectUri: REDIRECT, params: { error: 'access_denied', state: 'st' } });
  });
});

describe('fake OpenID provider, linkedin flavour', () => {
  let idp: FakeIdp;
  let config: oidc.Configuration;
  beforeAll(async () => {
    idp = await startFakeIdp({ flavor: 'linkedin', clientId: CLIENT_ID, clientSecret: 'li-secret', redirectUris: [REDIRECT] });
    config = await oidc.discovery(new URL(idp.issuer), CLIENT_ID, undefined, oidc.ClientSecretPost('li-secret'), insecure);
  });
  afterAll(() => idp.close());

  it('has an issuer with a path, sends email_verified as a string and takes the secret in the body only', async () => {
    expect(idp.issuer).toBe(`${idp.url}/oauth`);
    expect(config.serverMetadata().token_endpoint).toBe(`${idp.url}/oauth/v2/accessToken`);
    idp.account = { sub: 'li-1', email: 'ada@example.com', email_verified: 'true', given_name: 'Ada' };
    const { tokens } = await login(idp, config, { scope: 'openid profile email offline_access' });
    expect(tokens.claims()).toMatchObject({ iss: idp.issuer, sub: 'li-1', email_verified: 'true', given_name: 'Ada' });
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    await oidc.tokenRevocation(config, refreshed.access_token);
    expect(idp.revocations).toHaveLength(1);

    const basic = await oidc.discovery(new URL(idp.issuer), CLIENT_ID, undefined, oidc.ClientSecretBasic('li-secret'), insecure);
    await expect(login(idp, basic, { scope: 'openid' })).rejects.toMatchObject({ status: 400, error: 'invalid_request' });
  });
});

describe('fake OpenID provider, apple flavour', () => {
  let idp: FakeIdp;
  let config: oidc.Configuration;
  let keys: GenerateKeyPairResult;
  const team = { teamId: 'TEAM123456', keyId: 'KEY987654' };
  const clientSecret = (over: { kid?: string; aud?: string; lifetime?: number; key?: CryptoKey } = {}) =>
    new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: over.kid ?? team.keyId })
      .setIssuer(team.teamId)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + (over.lifetime ?? 3600))
      .setAudience(over.aud ?? 'https://appleid.apple.com')
      .setSubject(CLIENT_ID)
      .sign(over.key ?? keys.privateKey);
  beforeAll(async () => {
    keys = await generateKeyPair('ES256', { extractable: true });
    idp = await startFakeIdp({
      flavor: 'apple',
      clientId: CLIENT_ID,
      redirectUris: [REDIRECT],
      appleKey: { publicKeyPem: await exportSPKI(keys.publicKey), ...team },
    });
    config = await oidc.discovery(new URL(idp.issuer), CLIENT_ID, undefined, oidc.ClientSecretPost(await clientSecret()), insecure);
  });
  afterAll(() => idp.close());

  it('posts the code with form_post, the user field on the first login only, and always issues a refresh token', async () => {
    expect(config.serverMetadata().userinfo_endpoint).toBeUndefined();
    idp.account = {
      sub: '000111.abc.0001',
      email: 'x@privaterelay.appleid.com',
      email_verified: 'true',
      given_name: 'Tim',
      family_name: 'Cook',
    };
    const first = await login(idp, config, { scope: 'openid name email', response_mode: 'form_post' });
    expect(first.back.method).toBe('POST');
    expect(JSON.parse(first.back.params.user)).toEqual({
      name: { firstName: 'Tim', lastName: 'Cook' },
      email: 'x@privaterelay.appleid.com',
    });
    expect(first.tokens.claims()).toMatchObject({ sub: '000111.abc.0001', email: 'x@privaterelay.appleid.com', email_verified: 'true' });
    expect(first.tokens.claims()).not.toHaveProperty('given_name');
    expect(first.tokens.refresh_token).toBeTruthy();

    const second = await login(idp, config, { scope: 'openid name email', response_mode: 'form_post' });
    expect(second.back.params.user).toBeUndefined();

    const refreshed = await oidc.refreshTokenGrant(config, first.tokens.refresh_token!);
    expect(refreshed.refresh_token).toBeUndefined();
    expect(refreshed.claims()?.sub).toBe('000111.abc.0001');
    await oidc.tokenRevocation(config, first.tokens.refresh_token!, { token_type_hint: 'refresh_token' });
    expect(idp.revocations).toEqual([{ token: first.tokens.refresh_token, tokenTypeHint: 'refresh_token', clientId: CLIENT_ID }]);
  });

  it('refuses a client secret JWT with the wrong key, kid, audience or lifetime', async () => {
    const other = await generateKeyPair('ES256');
    const bad = [
      await clientSecret({ key: other.privateKey }),
      await clientSecret({ kid: 'OTHERKEY' }),
      await clientSecret({ aud: 'https://example.com' }),
      await clientSecret({ lifetime: 15_777_001 }),
      'not-a-jwt',
    ];
    for (const secret of bad) {
      const client = await oidc.discovery(new URL(idp.issuer), CLIENT_ID, undefined, oidc.ClientSecretPost(secret), insecure);
      await expect(login(idp, client, { scope: 'openid' })).rejects.toMatchObject({ status: 400, error: 'invalid_client' });
    }
    const ownIssuer = await oidc.discovery(
      new URL(idp.issuer),
      CLIENT_ID,
      undefined,
      oidc.ClientSecretPost(await clientSecret({ aud: idp.issuer })),
      insecure,
    );
    await expect(login(idp, ownIssuer, { scope: 'openid' })).resolves.toBeTruthy();
  });
});

describe('fake Facebook', () => {
  let fb: FakeFacebook;
  beforeAll(async () => {
    fb = await startFakeFacebook();
  });
  afterAll(() => fb.close());

  const dialog = (params: Record<string, string>) => fetch(`${fb.dialogUrl}?${new URLSearchParams(params)}`, { redirect: 'manual' });
  const graph = async (path: string, params: Record<string, string>) => {
    const res = await fetch(`${fb.graphUrl}${path}?${new URLSearchParams(params)}`);
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };

  it('runs dialog → code → access_token → debug_token → me, and refuses a code twice', async () => {
    fb.user = { id: '1016', name: 'Ada Lovelace', first_name: 'Ada', email: 'ada@example.com' };
    const res = await dialog({ client_id: fb.appId, redirect_uri: REDIRECT, state: 's1', scope: 'email', response_type: 'code' });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    expect(location.hash).toBe('#_=_');
    expect(location.searchParams.get('state')).toBe('s1');
    const code = location.searchParams.get('code')!;
    const exchange = { client_id: fb.appId, redirect_uri: REDIRECT, client_secret: fb.appSecret, code };
    const token = await graph('/oauth/access_token', exchange);
    expect(token.body).toMatchObject({ token_type: 'bearer', expires_in: expect.any(Number) });
    const again = await graph('/oauth/access_token', exchange);
    expect(again).toMatchObject({ status: 400, body: { error: { type: 'OAuthException', code: 100, fbtrace_id: expect.any(String) } } });

    const debug = await graph('/debug_token', { input_token: token.body.access_token, access_token: `${fb.appId}|${fb.appSecret}` });
    expect(debug.body.data).toMatchObject({
      app_id: fb.appId,
      type: 'USER',
      is_valid: true,
      user_id: '1016',
      scopes: ['public_profile', 'email'],
    });
    const me = await graph('/me', { fields: 'id,name,first_name,last_name,email', access_token: token.body.access_token });
    expect(me.body).toEqual({ id: '1016', name: 'Ada Lovelace', first_name: 'Ada', email: 'ada@example.com' });
  });

  it('answers the documented errors: wrong secret, other redirect_uri, bad app token, garbage and expired tokens', async () => {
    const code = async () =>
      new URL((await dialog({ client_id: fb.appId, redirect_uri: REDIRECT })).headers.get('location')!).searchParams.get('code')!;
    expect(
      (await graph('/oauth/access_token', { client_id: fb.appId, redirect_uri: REDIRECT, client_secret: 'nope', code: await code() }))
        .status,
    ).toBe(400);
    const other = await graph('/oauth/access_token', {
      client_id: fb.appId,
      redirect_uri: `${REDIRECT}/x`,
      client_secret: fb.appSecret,
      code: await code(),
    });
    expect(other.body.error).toMatchObject({ code: 100, error_subcode: 36008 });
    const token = fb.mintToken({ id: '7' });
    expect((await graph('/debug_token', { input_token: token, access_token: `${fb.appId}|wrong` })).body.error.code).toBe(190);
    expect((await graph('/debug_token', { input_token: 'garbage', access_token: `${fb.appId}|${fb.appSecret}` })).body.data).toEqual({
      error: { code: 190, message: 'Invalid OAuth access token.' },
      is_valid: false,
      scopes: [],
    });
    const expired = fb.mintToken({ id: '7' }, { expiresInSeconds: -60 });
    expect((await graph('/debug_token', { input_token: expired, access_token: `${fb.appId}|${fb.appSecret}` })).body.data.is_valid).toBe(
      false,
    );
    expect(await graph('/me', { access_token: 'garbage' })).toMatchObject({ status: 400, body: { error: { code: 190 } } });
    const denied = await dialog({ client_id: fb.appId, redirect_uri: REDIRECT, state: 's' });
    expect(denied.status).toBe(302);
    fb.user = null;
    const cancel = new URL((await dialog({ client_id: fb.appId, redirect_uri: REDIRECT, state: 's' })).headers.get('location')!);
    expect(Object.fromEntries(cancel.searchParams)).toEqual({
      error: 'access_denied',
      error_reason: 'user_denied',
      error_description: 'Permissions error',
      state: 's',
    });
    expect((await dialog({ client_id: 'unknown', redirect_uri: REDIRECT })).status).toBe(400);
  });

  it('shows the app a token was minted for, withholds email without the permission, revokes permissions', async () => {
    const foreign = fb.mintToken({ id: '9', email: 'e@example.com' }, { appId: '999' });
    expect((await graph('/debug_token', { input_token: foreign, access_token: `${fb.appId}|${fb.appSecret}` })).body.data.app_id).toBe(
      '999',
    );
    const noEmail = fb.mintToken({ id: '9', email: 'e@example.com' }, { scopes: ['public_profile'] });
    expect((await graph('/me', { fields: 'id,email', access_token: noEmail })).body).toEqual({ id: '9' });
    const res = await fetch(`${fb.graphUrl}/9/permissions?access_token=${noEmail}`, { method: 'DELETE' });
    expect(await res.json()).toEqual({ success: true });
    expect(fb.revokedUserIds).toEqual(['9']);
    expect((await graph('/me', { access_token: noEmail })).body.error).toMatchObject({ code: 190, error_subcode: 458 });
    fb.failNext(503);
    expect((await graph('/debug_token', { input_token: foreign, access_token: `${fb.appId}|${fb.appSecret}` })).status).toBe(503);
  });

  it('builds a signed_request Facebook would send', () => {
    const sr = signedRequest({ user_id: '1016' }, fb.appSecret);
    const [sig, payload] = sr.split('.');
    expect(createHmac('sha256', fb.appSecret).update(payload).digest('base64url')).toBe(sig);
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toMatchObject({
      algorithm: 'HMAC-SHA256',
      user_id: '1016',
      issued_at: expect.any(Number),
    });
  });
});

describe('fake Instagram', () => {
  let ig: FakeInstagram;
  beforeAll(async () => {
    ig = await startFakeInstagram();
  });
  afterAll(() => ig.close());

  const get = async (url: string) => {
    const res = await fetch(url);
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  const authorizeAndExchange = async () => {
    const res = await fetch(
      `${ig.authorizeUrl}?${new URLSearchParams({ client_id: ig.appId, redirect_uri: REDIRECT, response_type: 'code', scope: 'instagram_business_basic', state: 'st' })}`,
      {
        redirect: 'manual',
      },
    );
    const location = res.headers.get('location')!;
    expect(location.endsWith('#_')).toBe(true);
    const code = new URL(location).searchParams.get('code')!;
    const form = { client_id: ig.appId, client_secret: ig.appSecret, grant_type: 'authorization_code', redirect_uri: REDIRECT, code };
    const token = await fetch(`${ig.apiUrl}/oauth/access_token`, { method: 'POST', body: new URLSearchParams(form) });
    return { form, token: (await token.json()) as { data: Array<{ access_token: string; user_id: string; permissions: string }> } };
  };

  it('runs authorize → token → exchange → me → media → refresh', async () => {
    const { form, token } = await authorizeAndExchange();
    expect(token.data[0]).toMatchObject({ user_id: ig.account!.user_id, permissions: 'instagram_business_basic' });
    const reused = await fetch(`${ig.apiUrl}/oauth/access_token`, { method: 'POST', body: new URLSearchParams(form) });
    expect(await reused.json()).toMatchObject({ error_type: 'OAuthException', code: 400 });

    const long = await get(
      `${ig.graphUrl}/access_token?grant_type=ig_exchange_token&client_secret=${ig.appSecret}&access_token=${token.data[0].access_token}`,
    );
    expect(long.body).toMatchObject({ token_type: 'bearer', expires_in: 5183944 });
    const lt = long.body.access_token as string;
    const me = await get(`${ig.graphUrl}/v25.0/me?fields=user_id,username,account_type,profile_picture_url&access_token=${lt}`);
    expect(me.body).toMatchObject({ user_id: ig.account!.user_id, username: ig.account!.username, account_type: 'BUSINESS' });
    const page1 = await get(
      `${ig.graphUrl}/me/media?fields=id,caption,media_type,media_url,permalink,thumbnail_url,timestamp&limit=1&access_token=${lt}`,
    );
    expect(page1.body.data).toEqual([expect.objectContaining({ id: ig.account!.media[0].id, media_type: 'IMAGE' })]);
    const page2 = await get(page1.body.paging.next);
    expect(page2.body.data[0]).toMatchObject({ id: ig.account!.media[1].id, thumbnail_url: expect.any(String) });
    expect(page2.body.paging.next).toBeUndefined();

    const refreshed = await get(`${ig.graphUrl}/refresh_access_token?grant_type=ig_refresh_token&access_token=${lt}`);
    expect(refreshed.body).toMatchObject({ token_type: 'bearer', expires_in: 5183944 });
    ig.invalidate(ig.account!.user_id);
    const dead = await get(`${ig.graphUrl}/refresh_access_token?grant_type=ig_refresh_token&access_token=${refreshed.body.access_token}`);
    expect(dead).toMatchObject({ status: 400, body: { error: { type: 'OAuthException', code: 190 } } });
  });

  it('reports a cancelled login, a personal account and failNext', async () => {
    ig.account = { user_id: '555', username: 'just.me', account_type: 'PERSONAL', media: [] };
    const { token } = await authorizeAndExchange();
    const me = await get(`${ig.graphUrl}/me?fields=account_type&access_token=${token.data[0].access_token}`);
    expect(me.body).toEqual({ id: '555', account_type: 'PERSONAL' });
    ig.failNext(500);
    expect((await get(`${ig.graphUrl}/me?access_token=${token.data[0].access_token}`)).status).toBe(500);
    ig.account = null;
    const res = await fetch(
      `${ig.authorizeUrl}?${new URLSearchParams({ client_id: ig.appId, redirect_uri: REDIRECT, response_type: 'code', scope: 'instagram_business_basic' })}`,
      {
        redirect: 'manual',
      },
    );
    expect(new URL(res.headers.get('location')!).searchParams.get('error')).toBe('access_denied');
  });
});
