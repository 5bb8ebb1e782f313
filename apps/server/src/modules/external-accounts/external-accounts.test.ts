import { createPrivateKey } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { SignJWT, generateKeyPair } from 'jose';
import type { ExternalAccount, ExternalLoginAnswer } from '@spotlist/contracts';
import { buildTestApp, PASSWORD, req, signup, uniqueEmail, type TestApp } from '../../../test/helpers.ts';
import { APPLE_CALLBACK, browser, CALLBACK, rowsOf, startExternalTestApp, type Providers } from '../../../test/external-helpers.ts';
import type { FakeIdp } from '../../../test/fakes/oidc-idp.ts';

let p: Providers;
let t: TestApp;
let sub = 0;
const nextSub = (tag: string) => `${tag}-${Date.now().toString(36)}-${sub++}`;

type Browser = ReturnType<typeof browser>;
const rows = (q: ReturnType<typeof sql>) => rowsOf(t, q);
let close: () => Promise<void>;

/** Starts a sign-in in `b` and brings back what the provider sends to the redirect URI. */
async function signIn(b: Browser, fake: FakeIdp, provider: string, body: Record<string, unknown> = { intent: 'login' }) {
  const start = await b.call('POST', '/api/externalaccount/authorize', { body: { provider, ...body } });
  expect(start.statusCode, start.body).toBe(200);
  const back = await fake.authorize(start.json().url as string);
  return { back, start: start.json() as { state: string; nonce: string } };
}

/** Apple's form_post: the server hands the answer on to the web app's callback page in the fragment. */
async function appleCallback(b: Browser, params: Record<string, string>): Promise<URLSearchParams> {
  const res = await b.call('POST', '/api/externalaccount/callback/apple', {
    payload: new URLSearchParams(params).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.statusCode, res.body).toBe(303);
  const location = res.headers.location as string;
  expect(location.startsWith('/auth/callback#')).toBe(true);
  return new URLSearchParams(location.split('#')[1]);
}

const finish = (b: Browser, path: string, body: Record<string, unknown>) => b.call('POST', `/api${path}`, { body });
const sessionOf = async (token: string) => req(t.app, 'GET', '/api/session/user', { token });

beforeAll(async () => {
  ({ p, t, close } = await startExternalTestApp());
}, 60_000);
afterAll(async () => close?.());

describe('providers', () => {
  it('lists the configured providers; an app without their variables offers none and answers 503 notconfigured', async () => {
    const list = (await req(t.app, 'GET', '/api/externalaccount/providers')).json().list as Array<{ provider: string; login: boolean }>;
    expect(list.map((x) => x.provider).sort()).toEqual(['apaleo', 'apple', 'bookingsuite', 'facebook', 'instagram', 'linkedin']);
    expect(list.find((x) => x.provider === 'instagram')!.login).toBe(false);

    const bare = await buildTestApp();
    try {
      expect((await req(bare.app, 'GET', '/api/externalaccount/providers')).json()).toEqual({ list: [] });
      for (const [method, url, body] of [
        ['POST', '/api/externalaccount/authorize', { provider: 'apple', intent: 'login' }],
        ['POST', '/api/applelogin', { idToken: 'x', state: 'y' }],
        ['POST', '/api/fblogin', { accessToken: 'x' }],
      ] as const) {
        const res = await req(bare.app, method, url, { body });
        expect(res.statusCode, url).toBe(503);
        expect(res.json().key).toBe('error.integration.notconfigured');
      }
    } finally {
      await bare.close();
    }
  });
});

describe('Sign in with Apple (web, form_post)', () => {
  it('signs up a new account flagged newmodel, named from the first authorization, its tokens sealed at rest', async () => {
    const email = uniqueEmail('apple');
    p.apple.account = { sub: nextSub('apple'), email, email_verified: 'true' };
    const b = browser(t.app);
    await b.open();
    const { back } = await signIn(b, p.apple, 'apple', { intent: 'login', termsaccepted: true });
    expect(back.method).toBe('POST');
    expect(back.redirectUri).toBe(APPLE_CALLBACK);
    expect(back.params.user).toBeDefined();
    const fragment = await appleCallback(b, {
      ...back.params,
      user: JSON.stringify({ name: { firstName: 'Ada', lastName: 'Byron' }, email }),
    });
    expect(fragment.get('provider')).toBe('apple');
    const res = await finish(b, '/applelogin', { ...Object.fromEntries(fragment), tokenTransport: 'cookie' });
    expect(res.statusCode, res.body).toBe(200);
    const user = res.json() as ExternalLoginAnswer;
    expect(user).toMatchObject({ email, emailVerified: true, newmodel: true, connectedProvider: 'apple', profileFilled: false });
    expect(user.name).toMatchObject({ firstname: 'Ada', lastname: 'Byron' });
    // the web's refresh token went into the HttpOnly cookie
    expect(user.refreshToken).toBeUndefined();
    expect(b.jar.has('spotlist_refresh')).toBe(true);
    expect((await sessionOf(user.authtoken!)).json().email).toBe(email);

    const [row] = await rows(sql`select * from external_accounts where user_id = ${user.id}`);
    expect(row).toMatchObject({ provider: 'apple', category_id: 81, email, status: 'ok' });
    // sealed: neither the refresh token the provider issued nor any token in clear
    const issued = p.apple.tokenRequests.length;
    expect(issued).toBeGreaterThan(0);
    expect(String(row.refresh_token)).toMatch(/^v1\./);
    expect(String(row.access_token)).toMatch(/^v1\./);
    const [u] = await rows(sql`select password_hash from users where id = ${user.id}`);
    expect(u.password_hash).toBeNull();

    // the account's only way in: its connection cannot go
    const list = (await req(t.app, 'GET', `/api/externalaccount/?f.userId=${user.id}`, { token: user.authtoken })).json();
    expect(list.list).toHaveLength(1);
    expect(list.list[0]).toMatchObject({ provider: 'apple', externalaccountcategoryId: 81, canDisconnect: false, status: 'ok' });
    const del = await req(t.app, 'DELETE', `/api/externalaccount/delete/${list.list[0].id}`, { token: user.authtoken });
    expect(del.statusCode).toBe(409);
    expect(del.json().key).toBe('error.external.lastlogin');

    // the next login with the same Apple ID: the same account, a plain login (no newmodel, nothing connected now)
    const again = browser(t.app);
    await again.open();
    const second = await signIn(again, p.apple, 'apple');
    expect(second.back.params.user).toBeUndefined();
    const res2 = await finish(again, '/applelogin', Object.fromEntries(await appleCallback(again, second.back.params)));
    expect(res2.statusCode, res2.body).toBe(200);
    expect(res2.json()).toMatchObject({ id: user.id, email });
    expect(res2.json().newmodel).toBeUndefined();
    expect(res2.json().connectedProvider).toBeUndefined();
  });

  it('refuses a replayed state, another browser, an expired sign-in and a cancelled one: no account, no session', async () => {
    const email = uniqueEmail('apple-bad');
    p.apple.account = { sub: nextSub('apple'), email, email_verified: 'true' };
    const b = browser(t.app);
    await b.open();
    const { back } = await signIn(b, p.apple, 'apple', { intent: 'login', termsaccepted: true });
    const body = Object.fromEntries(await appleCallback(b, back.params));

    // another browser (no binding cookie of this sign-in)
    const thief = browser(t.app);
    await thief.open();
    const stolen = await finish(thief, '/applelogin', body);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().key).toBe('error.external.state');

    expect((await finish(b, '/applelogin', body)).statusCode).toBe(200);
    // the same state (and code) again
    const replay = await finish(b, '/applelogin', body);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().key).toBe('error.external.state');

    // a made-up state
    const made = await finish(b, '/applelogin', { code: 'x', state: 'not-a-state' });
    expect(made.json().key).toBe('error.external.state');

    // too old
    p.apple.account = { sub: nextSub('apple'), email: uniqueEmail('apple-old'), email_verified: 'true' };
    const old = await signIn(b, p.apple, 'apple', { intent: 'login', termsaccepted: true });
    await t.database.db.execute(sql`update external_auth_states set expires_at = now() - interval '1 second' where used_at is null`);
    const late = await finish(b, '/applelogin', Object.fromEntries(await appleCallback(b, old.back.params)));
    expect(late.json().key).toBe('error.external.state');

    // the user cancelled at Apple
    p.apple.account = null;
    const cancelled = await signIn(b, p.apple, 'apple');
    const cb = Object.fromEntries(await appleCallback(b, cancelled.back.params));
    expect(cb.error).toBe('access_denied');
    const denied = await finish(b, '/applelogin', cb);
    expect(denied.statusCode).toBe(400);
    expect(denied.json().key).toBe('error.external.denied');
    expect(await rows(sql`select id from users where email like 'apple-old%'`)).toHaveLength(0);
  });
});

describe('Sign in with Apple (native: the platform sign-in sends its ID token)', () => {
  /**
   * What Apple's SDK gives an app: an ID token carrying the nonce the server issued. The app's
   * sign-in is stood in for by Apple's code flow for that nonce, redeemed as the SDK would (no PKCE).
   */
  async function appleIdToken(authorizationUrl: string): Promise<string> {
    const url = new URL(authorizationUrl);
    url.searchParams.delete('code_challenge');
    url.searchParams.delete('code_challenge_method');
    const back = await p.apple.authorize(url.href);
    const now = Math.floor(Date.now() / 1000);
    const secret = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: p.config.APPLE_KEY_ID })
      .setIssuer(p.config.APPLE_TEAM_ID)
      .setSubject(p.apple.clientId)
      .setAudience(p.apple.issuer)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(createPrivateKey(p.config.APPLE_PRIVATE_KEY));
    const res = await fetch(`${p.apple.url}/auth/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: back.params.code,
        redirect_uri: APPLE_CALLBACK,
        client_id: p.apple.clientId,
        client_secret: secret,
      }),
    });
    const tokens = (await res.json()) as { id_token: string };
    expect(tokens.id_token, JSON.stringify(tokens)).toBeTruthy();
    return tokens.id_token;
  }

  it('logs in with a verified ID token for the issued nonce; refuses a forged one, another audience and another nonce', async () => {
    const email = uniqueEmail('apple-native');
    p.apple.account = { sub: nextSub('apple'), email, email_verified: 'true' };
    const start = (
      await req(t.app, 'POST', '/api/externalaccount/authorize', { body: { provider: 'apple', intent: 'login', native: true } })
    ).json();
    const idToken = await appleIdToken(start.url as string);
    const ok = await req(t.app, 'POST', '/api/applelogin', {
      body: { idToken, state: start.state, firstName: 'Grace', lastName: 'Hopper', termsaccepted: true },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ email, newmodel: true, name: { firstname: 'Grace', lastname: 'Hopper' } });
    // native clients get the refresh token in the body
    expect(ok.json().refreshToken).toBeTruthy();

    // another nonce than the state's
    const other = (
      await req(t.app, 'POST', '/api/externalaccount/authorize', { body: { provider: 'apple', intent: 'login', native: true } })
    ).json();
    const wrongNonce = await req(t.app, 'POST', '/api/applelogin', { body: { idToken, state: other.state, termsaccepted: true } });
    expect(wrongNonce.statusCode).toBe(401);
    expect(wrongNonce.json().key).toBe('error.external.token');

    // signed with a key that is not Apple's; Apple's key but another app's, another issuer's, expired, or the nonce of no state
    const { privateKey } = await generateKeyPair('RS256');
    const now = Math.floor(Date.now() / 1000);
    const claims = (over: Record<string, unknown>) => ({
      iss: p.apple.issuer,
      aud: p.apple.clientId,
      sub: 'forged',
      email: uniqueEmail('forged'),
      email_verified: 'true',
      iat: now,
      exp: now + 300,
      ...over,
    });
    const notApple = await new SignJWT(claims({})).setProtectedHeader({ alg: 'RS256', kid: 'fake-idp-rs256' }).sign(privateKey);
    const cases = [
      ['a key that is not Apple’s', async (nonce: string) => (void nonce, notApple)],
      ['another app', (nonce: string) => p.apple.signIdToken(claims({ nonce, aud: 'com.other.app' }))],
      ['another issuer', (nonce: string) => p.apple.signIdToken(claims({ nonce, iss: 'https://evil.example' }))],
      ['expired', (nonce: string) => p.apple.signIdToken(claims({ nonce, iat: now - 7200, exp: now - 3600 }))],
      ['a nonce of no state', () => p.apple.signIdToken(claims({ nonce: 'made-up' }))],
    ] as const;
    for (const [what, token] of cases) {
      const third = (
        await req(t.app, 'POST', '/api/externalaccount/authorize', { body: { provider: 'apple', intent: 'login', native: true } })
      ).json();
      const res = await req(t.app, 'POST', '/api/applelogin', {
        body: { idToken: await token(third.nonce as string), state: third.state, termsaccepted: true },
      });
      expect(res.statusCode, what).toBe(401);
      expect(res.json().key, what).toBe('error.external.token');
    }
    // the same checks pass a token Apple's key signs for this app with the state's nonce (an app's bundle id too)
    const good = (
      await req(t.app, 'POST', '/api/externalaccount/authorize', { body: { provider: 'apple', intent: 'login', native: true } })
    ).json();
    const bundle = await p.apple.signIdToken(
      claims({ nonce: good.nonce, aud: 'app.spotlist.mobile', sub: 'good-bundle', email: uniqueEmail('bundle') }),
    );
    const fine = await req(t.app, 'POST', '/api/applelogin', { body: { idToken: bundle, state: good.state, termsaccepted: true } });
    expect(fine.statusCode, fine.body).toBe(200);
    expect(await rows(sql`select id from users where email like 'forged%'`)).toHaveLength(0);
    // without a server-issued state an ID token is not taken
    const bare = await req(t.app, 'POST', '/api/applelogin', { body: { idToken, termsaccepted: true } });
    expect(bare.json().key).toBe('error.external.state');
  });
});

describe('linking rules (LinkedIn)', () => {
  it('asks for the existing password, repeats on a wrong one, links on the right one — then logs in by LinkedIn', async () => {
    const existing = await signup(t.app);
    p.linkedin.account = { sub: nextSub('li'), email: existing.email, email_verified: 'true', given_name: 'Lin', family_name: 'Ked' };
    const b = browser(t.app);
    await b.open();
    const { back } = await signIn(b, p.linkedin, 'linkedin');
    expect(back.redirectUri).toBe(CALLBACK);
    const body = { ...back.params };

    const first = await finish(b, '/linkedinlogin', body);
    expect(first.statusCode).toBe(409);
    expect(first.json().key).toBe('error.existing.password.required');
    expect(first.json().authtoken).toBeUndefined();
    expect(await rows(sql`select id from external_accounts where user_id = ${existing.user.id}`)).toHaveLength(0);

    const wrong = await finish(b, '/linkedinlogin', { ...body, password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().key).toBe('error.existing.password.wrong');
    expect(await rows(sql`select id from external_accounts where user_id = ${existing.user.id}`)).toHaveLength(0);

    const right = await finish(b, '/linkedinlogin', { ...body, password: PASSWORD });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ id: existing.user.id, connectedProvider: 'linkedin' });
    expect(right.json().newmodel).toBeUndefined();
    // LinkedIn takes the client secret in the body only (client_secret_post)
    const tokenCall = p.linkedin.tokenRequests.at(-1)!;
    expect(tokenCall.client_secret).toBe('linkedin-secret');
    expect(tokenCall.code_verifier).toBeTruthy();

    const again = browser(t.app);
    await again.open();
    const second = await signIn(again, p.linkedin, 'linkedin');
    const res = await finish(again, '/linkedinlogin', second.back.params);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(existing.user.id);
    expect(res.json().connectedProvider).toBeUndefined();
  });

  it('never links an unverified address, nor one of an account without a password; a new account needs the terms', async () => {
    const existing = await signup(t.app);
    p.linkedin.account = { sub: nextSub('li'), email: existing.email, email_verified: 'false' };
    const b = browser(t.app);
    await b.open();
    const unverified = await signIn(b, p.linkedin, 'linkedin');
    const res = await finish(b, '/linkedinlogin', { ...unverified.back.params, password: PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(res.json().key).toBe('error.external.email.unverified');
    expect(await rows(sql`select id from external_accounts where user_id = ${existing.user.id}`)).toHaveLength(0);

    // an account an Apple login made (no password): log in with Apple and connect LinkedIn there
    const email = uniqueEmail('nopass');
    p.apple.account = { sub: nextSub('apple'), email, email_verified: 'true' };
    const a = await signIn(b, p.apple, 'apple', { intent: 'login', termsaccepted: true });
    expect((await finish(b, '/applelogin', Object.fromEntries(await appleCallback(b, a.back.params)))).statusCode).toBe(200);
    p.linkedin.account = { sub: nextSub('li'), email, email_verified: 'true' };
    const li = await signIn(b, p.linkedin, 'linkedin');
    const exists = await finish(b, '/linkedinlogin', { ...li.back.params, password: 'anything at all' });
    expect(exists.statusCode).toBe(409);
    expect(exists.json().key).toBe('error.external.exists');

    // a new person: the terms first, then the account (the provider's answer waited)
    const fresh = uniqueEmail('li-new');
    p.linkedin.account = { sub: nextSub('li'), email: fresh, email_verified: 'true', given_name: 'New' };
    const n = await signIn(b, p.linkedin, 'linkedin');
    const noTerms = await finish(b, '/linkedinlogin', n.back.params);
    expect(noTerms.statusCode).toBe(400);
    expect(noTerms.json().key).toBe('error.external.terms.required');
    expect(await rows(sql`select id from users where email = ${fresh}`)).toHaveLength(0);
    const made = await finish(b, '/linkedinlogin', { ...n.back.params, termsaccepted: true });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ email: fresh, newmodel: true, accountType: { id: 1 } });
  });
});

describe('provider outage', () => {
  it('the token endpoint away answers 503 error.external.provider; no account, and the sign-in starts again', async () => {
    const email = uniqueEmail('li-outage');
    p.linkedin.account = { sub: nextSub('li'), email, email_verified: 'true' };
    const b = browser(t.app);
    await b.open();
    const { back } = await signIn(b, p.linkedin, 'linkedin');
    p.linkedin.failNextToken(503);
    const res = await finish(b, '/linkedinlogin', { ...back.params, termsaccepted: true });
    expect(res.statusCode).toBe(503);
    expect(res.json().key).toBe('error.external.provider');
    expect(await rows(sql`select id from users where email = ${email}`)).toHaveLength(0);
    const again = await finish(b, '/linkedinlogin', { ...back.params, termsaccepted: true });
    expect(again.json().key).toBe('error.external.state');
  });
});

describe('business providers', () => {
  it('booking suite: its login makes a business account with verified e-mail and the hotels of the token', async () => {
    const email = uniqueEmail('suite');
    p.bookingsuite.account = { sub: nextSub('bs'), email, email_verified: true, hotel_ids: ['H-100', 'H-200'] };
    const b = browser(t.app);
    await b.open();
    const { back } = await signIn(b, p.bookingsuite, 'bookingsuite', { intent: 'login', termsaccepted: true });
    // the client's hotel ids and e-mail are not what counts
    const res = await finish(b, '/bookingsuitelogin', {
      ...back.params,
      hotelIds: ['EVIL'],
      email: 'other@x.test',
      accountType: { id: 2 },
      emailVerified: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      email,
      emailVerified: true,
      accountType: { id: 2 },
      newmodel: true,
      connectedProvider: 'bookingsuite',
    });
    const list = (await req(t.app, 'GET', '/api/externalaccount/?f.externalaccountcategoryId=70', { token: res.json().authtoken })).json();
    expect(list.list[0]).toMatchObject({ provider: 'bookingsuite', externalaccountcategoryId: 70, hotelIds: ['H-100', 'H-200'] });
  });

  it('apaleo: a business connects it with what the PMS sync takes; a private account cannot; disconnect revokes the grant', async () => {
    const hotel = await signup(t.app, 2);
    p.apaleo.account = { sub: nextSub('ap'), email: uniqueEmail('apaleo'), email_verified: true };
    const b = browser(t.app, hotel.token);
    await b.open();
    const { back } = await signIn(b, p.apaleo, 'apaleo', { intent: 'connect' });
    const res = await b.call('POST', '/api/apaleo-client-login', {
      body: { ...back.params, additionalInfo: { syncProperties: true, syncInventory: false } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const account = res.json() as ExternalAccount;
    expect(account).toMatchObject({
      provider: 'apaleo',
      externalaccountcategoryId: 80,
      additionalInfo: { syncProperties: true, syncInventory: false },
      canDisconnect: true,
    });
    expect(account.scopes).toContain('offline_access');
    const [row] = await rows(sql`select refresh_token, refresh_at from external_accounts where id = ${account.id}`);
    expect(row.refresh_token).toBeTruthy();
    expect(row.refresh_at).toBeTruthy();

    const privateUser = await signup(t.app);
    const refused = await req(t.app, 'POST', '/api/externalaccount/authorize', {
      token: privateUser.token,
      body: { provider: 'apaleo', intent: 'connect' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().key).toBe('error.external.unsupported');

    // someone else's connection is not there for them
    const notMine = await req(t.app, 'DELETE', `/api/externalaccount/delete/${account.id}`, { token: privateUser.token });
    expect(notMine.statusCode).toBe(404);
    expect((await req(t.app, 'GET', `/api/externalaccount/?f.userId=${hotel.user.id}`, { token: privateUser.token })).json().list).toEqual(
      [],
    );

    const before = p.apaleo.revocations.length;
    const del = await req(t.app, 'DELETE', `/api/externalaccount/delete/${account.id}`, { token: hotel.token });
    expect(del.statusCode).toBe(200);
    expect(p.apaleo.revocations.length).toBe(before + 1);
    expect(p.apaleo.revocations.at(-1)!.tokenTypeHint).toBe('refresh_token');
    expect(await rows(sql`select id from external_accounts where id = ${account.id}`)).toHaveLength(0);

    // a deleted account's grants are revoked too (Apple asks it of apps that delete accounts)
    p.apaleo.account = { sub: nextSub('ap'), email: uniqueEmail('apaleo'), email_verified: true };
    const again = await signIn(b, p.apaleo, 'apaleo', { intent: 'connect' });
    expect((await b.call('POST', '/api/apaleo-client-login', { body: again.back.params })).statusCode).toBe(200);
    const revoked = p.apaleo.revocations.length;
    const gone = await req(t.app, 'DELETE', '/api/myprofile/delete', { token: hotel.token, body: { password: PASSWORD } });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(p.apaleo.revocations.length).toBe(revoked + 1);
    expect(await rows(sql`select id from external_accounts where user_id = ${hotel.user.id}`)).toHaveLength(0);
  });
});

describe('refresh', () => {
  async function connectApaleo(): Promise<{ id: number; token: string }> {
    const hotel = await signup(t.app, 2);
    p.apaleo.account = { sub: nextSub('ap'), email: uniqueEmail('apaleo'), email_verified: true };
    const b = browser(t.app, hotel.token);
    await b.open();
    const { back } = await signIn(b, p.apaleo, 'apaleo', { intent: 'connect' });
    const res = await b.call('POST', '/api/apaleo-client-login', { body: back.params });
    expect(res.statusCode, res.body).toBe(200);
    return { id: res.json().id as number, token: hotel.token };
  }
  async function refreshed(id: number, field: 'last_refresh_at' | 'status', from: unknown) {
    const until = Date.now() + 20_000;
    while (Date.now() < until) {
      await t.app.externalAccountsTick();
      const [r] = await rows(sql`select * from external_accounts where id = ${id}`);
      if (String(r[field]) !== String(from)) return r;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('not refreshed');
  }

  it('renews tokens before they end; a refused refresh marks the connection broken', async () => {
    const { id, token } = await connectApaleo();
    const [before] = await rows(sql`select * from external_accounts where id = ${id}`);
    await t.database.db.execute(
      sql`update external_accounts set refresh_at = now() - interval '1 second', last_refresh_at = now() - interval '1 hour' where id = ${id}`,
    );
    const [due] = await rows(sql`select last_refresh_at from external_accounts where id = ${id}`);
    const after = await refreshed(id, 'last_refresh_at', due.last_refresh_at);
    expect(after.status).toBe('ok');
    expect(after.access_token).not.toBe(before.access_token);
    expect(p.apaleo.tokenRequests.at(-1)!.grant_type).toBe('refresh_token');

    p.apaleo.failRefresh = true;
    await t.database.db.execute(sql`update external_accounts set refresh_at = now() - interval '1 second' where id = ${id}`);
    const broken = await refreshed(id, 'status', 'ok');
    expect(broken.status).toBe('broken');
    const list = (await req(t.app, 'GET', '/api/externalaccount/', { token })).json().list as ExternalAccount[];
    expect(list.find((a) => a.id === id)!.status).toBe('broken');
  });
});

describe('openid-client is the client', () => {
  it('the fake is a real OpenID Provider: discovery answers what the product reads', async () => {
    const c = await oidc.discovery(new URL(p.linkedin.issuer), 'linkedin-client', undefined, oidc.ClientSecretPost('linkedin-secret'), {
      execute: [oidc.allowInsecureRequests],
    });
    expect(c.serverMetadata().issuer).toBe(p.linkedin.issuer);
  });
});
