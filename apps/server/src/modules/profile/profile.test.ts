import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountType } from '@spotlist/contracts';
import { buildTestApp, req, signup, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('onboarding through POST /api/myprofile/update', () => {
  it('401 without a token, 400 with a key for a bad body', async () => {
    expect((await req(t.app, 'POST', '/api/myprofile/update', { body: {} })).statusCode).toBe(401);
    expect((await req(t.app, 'GET', '/api/myprofile')).statusCode).toBe(401);
    const a = await signup(t.app);
    const res = await req(t.app, 'POST', '/api/myprofile/update', { body: { email: 'not-an-email', nickname: { value: '' }, accountType: { id: 1 } }, token: a.token });
    expect(res.statusCode).toBe(400);
    const keys = Object.fromEntries(res.json().fields.map((f: { path: string; key: string }) => [f.path, f.key]));
    expect(keys['body.email']).toBe('FORM.ERROR.PATTERN');
    expect(keys['body.nickname.value']).toBe('FORM.ERROR.REQUIRED');
    expect((await req(t.app, 'GET', '/api/myprofile', { token: a.token })).json().profileFilled).toBe(false);
  });

  it('a private user fills e-mail and nickname and counts as filled', async () => {
    const a = await signup(t.app);
    const res = await req(t.app, 'POST', '/api/myprofile/update', { body: { email: a.email, nickname: { value: ' Sam ' }, accountType: { id: 1 } }, token: a.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ profileFilled: true, nickname: { value: 'Sam' }, industry2: null });
  });

  it('a business must pick an industry (hasId); a real one is stored', async () => {
    const b = await signup(t.app, AccountType.business);
    const none = await req(t.app, 'POST', '/api/myprofile/update', { body: { email: b.email, nickname: { value: 'Hotel' }, accountType: { id: 2 } }, token: b.token });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual([{ path: 'body.industry2', key: 'hasId' }]);
    const unknown = await req(t.app, 'POST', '/api/myprofile/update', { body: { email: b.email, nickname: { value: 'Hotel' }, accountType: { id: 2 }, industry2: { id: 77 } }, token: b.token });
    expect(unknown.statusCode).toBe(400);
    expect((await req(t.app, 'GET', '/api/myprofile', { token: b.token })).json().profileFilled).toBe(false);
    const ok = await req(t.app, 'POST', '/api/myprofile/update', { body: { email: b.email, nickname: { value: 'Hotel' }, accountType: { id: 2 }, industry2: { id: 1 } }, token: b.token });
    expect(ok.json()).toMatchObject({ profileFilled: true, industry2: { id: 1, key: 'hospitality' } });
  });

  it('the account type cannot be changed through the body', async () => {
    const b = await signup(t.app, AccountType.business);
    const res = await req(t.app, 'POST', '/api/myprofile/update', { body: { email: b.email, nickname: { value: 'X' }, accountType: { id: 1 } }, token: b.token });
    expect(res.statusCode).toBe(400);
    expect((await req(t.app, 'GET', '/api/myprofile', { token: b.token })).json().accountType).toEqual({ id: 2 });
  });

  it("user B cannot take user A's e-mail nor change A's language", async () => {
    const a = await signup(t.app);
    const b = await signup(t.app);
    const res = await req(t.app, 'POST', '/api/myprofile/update', { body: { email: a.email, nickname: { value: 'B' }, accountType: { id: 1 } }, token: b.token });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ key: 'error.signup.email.taken' });
    const lang = await req(t.app, 'POST', '/api/myprofile/language', { body: { id: a.user.id, language: { id: 2 } }, token: b.token });
    expect(lang.statusCode).toBe(403);
    expect((await req(t.app, 'GET', '/api/myprofile', { token: a.token })).json().language).toEqual({ id: 1, key: 'en' });
    expect((await req(t.app, 'GET', '/api/myprofile', { token: b.token })).json().email).toBe(b.email);
  });

  it('changes the own language to German; an unsupported id is refused', async () => {
    const a = await signup(t.app);
    const ok = await req(t.app, 'POST', '/api/myprofile/language', { body: { id: a.user.id, language: { id: 2 } }, token: a.token });
    expect(ok.json().language).toEqual({ id: 2, key: 'de' });
    const bad = await req(t.app, 'POST', '/api/myprofile/language', { body: { language: { id: 99 } }, token: a.token });
    expect(bad.statusCode).toBe(400);
  });
});
