import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountType } from '@spotlist/contracts';
import { buildTestApp, req, PASSWORD, signup, uniqueEmail, waitForMail, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('signup', () => {
  it('creates the user, logs it in and mails a verification link', async () => {
    const email = uniqueEmail();
    const res = await req(t.app, 'POST', '/api/signup', {
      body: {
        email: email.toUpperCase(),
        password: PASSWORD,
        accountType: { id: AccountType.business },
        termsaccepted: true,
        nickname: { value: 'Hotel' },
        language: { id: 2 },
      },
    });
    expect(res.statusCode).toBe(200);
    const u = res.json();
    expect(u.email).toBe(email);
    expect(u.accountType).toEqual({ id: 2 });
    expect(u.language).toEqual({ id: 2, key: 'de' });
    expect(u.profileFilled).toBe(false);
    expect(u.widgetv1activated).toBe(false);
    expect(u.authtoken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(u.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(u).not.toHaveProperty('passwordHash');
    const mail = await waitForMail(t.dataDir, email);
    expect(mail).toContain('/api/email/verify?token=');
    expect(mail).toContain('Willkommen bei Spotlist'); // the language chosen at signup
    const me = await req(t.app, 'GET', '/api/session/user', { token: u.authtoken });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(u.id);
  });

  it('refuses a taken e-mail, short and common passwords, missing terms — and stores nothing', async () => {
    const a = await signup(t.app);
    const base = { password: PASSWORD, accountType: { id: 1 }, termsaccepted: true };
    expect((await req(t.app, 'POST', '/api/signup', { body: { ...base, email: a.email } })).json()).toEqual({
      key: 'error.signup.email.taken',
    });
    const fresh = uniqueEmail();
    const short = await req(t.app, 'POST', '/api/signup', { body: { ...base, email: fresh, password: 'short1' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().key).toBe('error.password.tooshort');
    const common = await req(t.app, 'POST', '/api/signup', { body: { ...base, email: fresh, password: 'Password123' } });
    expect(common.json().key).toBe('error.password.common');
    const noTerms = await req(t.app, 'POST', '/api/signup', { body: { ...base, email: fresh, termsaccepted: false } });
    expect(noTerms.statusCode).toBe(400);
    expect(noTerms.json().key).toBe('error.validation');
    const badType = await req(t.app, 'POST', '/api/signup', { body: { ...base, email: fresh, accountType: { id: 3 } } });
    expect(badType.statusCode).toBe(400);
    const login = await req(t.app, 'POST', '/api/login', { body: { email: fresh, password: PASSWORD } });
    expect(login.statusCode).toBe(401);
  });

  it('ignores fields nobody may set through a body (id, flags, roles, profileFilled)', async () => {
    const res = await req(t.app, 'POST', '/api/signup', {
      body: {
        email: uniqueEmail(),
        password: PASSWORD,
        accountType: { id: 1 },
        termsaccepted: true,
        id: 1,
        profileFilled: true,
        widgetv1activated: true,
        permissionsInclude: ['admin'],
      },
    });
    expect(res.statusCode).toBe(200);
    const u = res.json();
    expect(u.id).not.toBe(1);
    expect(u.profileFilled).toBe(false);
    expect(u.widgetv1activated).toBe(false);
    expect(u.permissionsInclude).toEqual([]);
  });
});

describe('login', () => {
  it('answers the same for an unknown e-mail and a wrong password', async () => {
    const a = await signup(t.app);
    const wrong = await req(t.app, 'POST', '/api/login', { body: { email: a.email, password: 'wrong password!' } });
    const unknown = await req(t.app, 'POST', '/api/login', { body: { email: uniqueEmail(), password: 'wrong password!' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ key: 'error.login.failed' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('logs in case-insensitively and the token works', async () => {
    const a = await signup(t.app);
    const res = await req(t.app, 'POST', '/api/login', { body: { email: a.email.toUpperCase(), password: PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(a.user.id);
    const me = await req(t.app, 'GET', '/api/session/user', { token: res.json().authtoken });
    expect(me.json().email).toBe(a.email);
  });

  it('throttles an account after repeated failures with 429 and a key, even for the right password', async () => {
    const a = await signup(t.app);
    for (let i = 0; i < t.config.LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      expect((await req(t.app, 'POST', '/api/login', { body: { email: a.email, password: `wrong-${i}-password` } })).statusCode).toBe(401);
    }
    const res = await req(t.app, 'POST', '/api/login', { body: { email: a.email, password: PASSWORD } });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ key: 'error.login.throttled' });
  });
});

describe('session and tokens', () => {
  it('answers 401 with a key without a token or with a bad one', async () => {
    const none = await req(t.app, 'GET', '/api/session/user');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ key: 'error.auth.required' });
    const bad = await req(t.app, 'GET', '/api/session/user', { token: 'not-a-token' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ key: 'error.auth.token.invalid' });
  });

  it('rotates the refresh token; reusing an old one revokes the whole family', async () => {
    const a = await signup(t.app);
    const r1 = await req(t.app, 'POST', '/api/login', { body: { refresh_token: a.refreshToken } });
    expect(r1.statusCode).toBe(200);
    const t1 = r1.json();
    expect(t1.authtoken).not.toBe(a.token);
    expect(t1.refreshToken).not.toBe(a.refreshToken);
    // the old access token ended with the rotation; the new one works
    expect((await req(t.app, 'GET', '/api/session/user', { token: a.token })).statusCode).toBe(401);
    expect((await req(t.app, 'GET', '/api/session/user', { token: t1.authtoken })).statusCode).toBe(200);
    // replaying the first refresh token revokes the family: the newest tokens stop working too
    const replay = await req(t.app, 'POST', '/api/login', { body: { refresh_token: a.refreshToken } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ key: 'error.refresh.invalid' });
    expect((await req(t.app, 'GET', '/api/session/user', { token: t1.authtoken })).statusCode).toBe(401);
    expect((await req(t.app, 'POST', '/api/login', { body: { refresh_token: t1.refreshToken } })).statusCode).toBe(401);
  });

  it('expires access tokens', async () => {
    const short = await buildTestApp({ config: { ACCESS_TOKEN_TTL_SECONDS: '30' } });
    try {
      const a = await signup(short.app);
      expect(a.user.expiresIn).toBe(30);
      await short.database.db.execute(`update auth_sessions set access_expires_at = now() - interval '1 second'` as never);
      expect((await req(short.app, 'GET', '/api/session/user', { token: a.token })).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });

  it('logout ends the session', async () => {
    const a = await signup(t.app);
    const out = await req(t.app, 'POST', '/api/logout', { body: {}, token: a.token });
    expect(out.statusCode).toBe(200);
    expect((await req(t.app, 'GET', '/api/session/user', { token: a.token })).statusCode).toBe(401);
    expect((await req(t.app, 'POST', '/api/login', { body: { refresh_token: a.refreshToken } })).statusCode).toBe(401);
  });
});

describe('passwords', () => {
  it('resets a password with the mailed token, once, and ends other sessions', async () => {
    const a = await signup(t.app);
    expect((await req(t.app, 'POST', '/api/password/reset', { body: { email: a.email } })).json()).toEqual({ ok: true });
    const token = /password-reset\?token=([A-Za-z0-9_-]+)/.exec(await waitForMail(t.dataDir, a.email, /password-reset\?token=/))![1];
    const res = await req(t.app, 'POST', '/api/password/update/token', { body: { token, newPassword: 'a brand new secret' } });
    expect(res.json()).toEqual({ ok: true });
    expect((await req(t.app, 'GET', '/api/session/user', { token: a.token })).statusCode).toBe(401);
    expect((await req(t.app, 'POST', '/api/login', { body: { email: a.email, password: 'a brand new secret' } })).statusCode).toBe(200);
    const again = await req(t.app, 'POST', '/api/password/update/token', { body: { token, newPassword: 'yet another secret' } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ key: 'error.password.reset.token.invalid' });
  });

  it('answers a reset for an unknown e-mail the same way', async () => {
    const res = await req(t.app, 'POST', '/api/password/reset', { body: { email: uniqueEmail() } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('changes the password when the old one is right', async () => {
    const a = await signup(t.app);
    expect((await req(t.app, 'POST', '/api/password/update', { body: { oldPassword: PASSWORD, newPassword: 'x' } })).statusCode).toBe(401);
    const wrong = await req(t.app, 'POST', '/api/password/update', {
      body: { oldPassword: 'nope nope nope', newPassword: 'another good one' },
      token: a.token,
    });
    expect(wrong.json()).toEqual({ key: 'error.password.wrong' });
    const ok = await req(t.app, 'POST', '/api/password/update', {
      body: { oldPassword: PASSWORD, newPassword: 'another good one' },
      token: a.token,
    });
    expect(ok.statusCode).toBe(200);
    expect((await req(t.app, 'POST', '/api/login', { body: { email: a.email, password: 'another good one' } })).statusCode).toBe(200);
    expect((await req(t.app, 'POST', '/api/login', { body: { email: a.email, password: PASSWORD } })).statusCode).toBe(401);
  });

  it('verifies the e-mail address from the mailed link', async () => {
    const a = await signup(t.app);
    expect(a.user.emailVerified).toBe(false);
    const token = /verify\?token=([A-Za-z0-9_-]+)/.exec(await waitForMail(t.dataDir, a.email, /verify\?token=/))![1];
    const res = await t.app.inject({ method: 'GET', url: `/api/email/verify?token=${token}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?verified=1');
    expect((await req(t.app, 'GET', '/api/session/user', { token: a.token })).json().emailVerified).toBe(true);
  });
});

describe('unverified users when verification is required', () => {
  it('answers USER_UNVERIFIED until the address is confirmed', async () => {
    const strict = await buildTestApp({ config: { REQUIRE_EMAIL_VERIFICATION: 'true' } });
    try {
      const email = uniqueEmail();
      const body = { email, password: PASSWORD, accountType: { id: 1 }, termsaccepted: true };
      const res = await req(strict.app, 'POST', '/api/signup', { body });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ key: 'USER_UNVERIFIED' });
      expect((await req(strict.app, 'POST', '/api/login', { body: { email, password: PASSWORD } })).json()).toEqual({
        key: 'USER_UNVERIFIED',
      });
      const token = /verify\?token=([A-Za-z0-9_-]+)/.exec(await waitForMail(strict.dataDir, email, /verify\?token=/))![1];
      await strict.app.inject({ method: 'GET', url: `/api/email/verify?token=${token}` });
      expect((await req(strict.app, 'POST', '/api/login', { body: { email, password: PASSWORD } })).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});
