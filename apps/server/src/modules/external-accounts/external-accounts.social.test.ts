import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ExternalAccount } from '@spotlist/contracts';
import { req, signup, uniqueEmail, type TestApp } from '../../../test/helpers.ts';
import { browser, followDialog, rowsOf, startExternalTestApp, type Providers } from '../../../test/external-helpers.ts';
import { signedRequest } from '../../../test/fakes/facebook.ts';

let p: Providers;
let t: TestApp;
let n = 0;
const fbUser = (email?: string) => ({ id: `10${Date.now()}${n++}`, first_name: 'Fay', last_name: 'Book', name: 'Fay Book', email });
const rows = (q: ReturnType<typeof sql>) => rowsOf(t, q);
let close: () => Promise<void>;

/** A logged-in browser connects `provider`: the dialog's redirect is what the callback page posts. */
async function connect(token: string, provider: 'facebook' | 'instagram') {
  const b = browser(t.app, token);
  await b.open();
  const start = await b.call('POST', '/api/externalaccount/authorize', { body: { provider, intent: 'connect' } });
  expect(start.statusCode, start.body).toBe(200);
  const back = await followDialog(start.json().url as string);
  const path = provider === 'facebook' ? '/api/fblogin' : '/api/loginbyexternalaccount?provider=instagram';
  return b.call('POST', path, { body: Object.fromEntries(back) });
}

beforeAll(async () => {
  ({ p, t, close } = await startExternalTestApp());
}, 60_000);
afterAll(async () => close?.());

describe('Facebook', () => {
  it('connects through the dialog (the token checked with debug_token); the same Facebook account cannot join a second user', async () => {
    const me = await signup(t.app);
    p.facebook.user = fbUser('fay@fb.test');
    const res = await connect(me.token, 'facebook');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: me.user.id, connectedProvider: 'facebook' });
    // a connect starts no new session
    expect(res.json().authtoken).toBeUndefined();
    const list = (await req(t.app, 'GET', '/api/externalaccount/?f.externalaccountcategoryId=1', { token: me.token })).json()
      .list as ExternalAccount[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ provider: 'facebook', displayName: 'fay@fb.test', canDisconnect: true });

    const other = await signup(t.app);
    const taken = await connect(other.token, 'facebook');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().key).toBe('error.external.linkedelsewhere');
    expect(await rows(sql`select id from external_accounts where user_id = ${other.user.id}`)).toHaveLength(0);

    // disconnect: the app's permissions are taken back at Facebook
    const del = await req(t.app, 'DELETE', `/api/externalaccount/delete/${list[0].id}`, { token: me.token });
    expect(del.statusCode).toBe(200);
    expect(p.facebook.revokedUserIds).toContain(p.facebook.user.id);
  });

  it('native login with the SDK token: ours signs up; another app’s or a made-up one is refused', async () => {
    const email = uniqueEmail('fb');
    const user = fbUser(email);
    const ok = await req(t.app, 'POST', '/api/fblogin', {
      body: { accessToken: p.facebook.mintToken(user), userID: 'ignored', termsaccepted: true },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ email, newmodel: true, connectedProvider: 'facebook', name: { firstname: 'Fay', lastname: 'Book' } });

    for (const token of [p.facebook.mintToken(fbUser(uniqueEmail('fb-other')), { appId: '999' }), 'EAAmadeup']) {
      const res = await req(t.app, 'POST', '/api/fblogin', { body: { accessToken: token, termsaccepted: true } });
      expect(res.statusCode).toBe(401);
      expect(res.json().key).toBe('error.external.token');
    }
    expect(await rows(sql`select id from users where email like 'fb-other%'`)).toHaveLength(0);
    // a Facebook account without an e-mail cannot make an account
    const noMail = await req(t.app, 'POST', '/api/fblogin', { body: { accessToken: p.facebook.mintToken(fbUser()), termsaccepted: true } });
    expect(noMail.statusCode).toBe(400);
    expect(noMail.json().key).toBe('error.external.email.missing');
  });

  it('the data-deletion callback checks the signature, removes the connection and answers a status address', async () => {
    const user = fbUser(uniqueEmail('fb-del'));
    expect(
      (await req(t.app, 'POST', '/api/fblogin', { body: { accessToken: p.facebook.mintToken(user), termsaccepted: true } })).statusCode,
    ).toBe(200);
    const form = (signed: string) =>
      req(t.app, 'POST', '/api/externalaccount/facebook/deletion', {
        payload: new URLSearchParams({ signed_request: signed }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const forged = await form(signedRequest({ user_id: user.id }, 'not-the-app-secret'));
    expect(forged.statusCode).toBe(401);
    expect(await rows(sql`select id from external_accounts where subject = ${user.id}`)).toHaveLength(1);

    const res = await form(signedRequest({ user_id: user.id }, p.facebook.appSecret));
    expect(res.statusCode, res.body).toBe(200);
    const { url, confirmation_code } = res.json() as { url: string; confirmation_code: string };
    expect(confirmation_code).toBeTruthy();
    expect(await rows(sql`select id from external_accounts where subject = ${user.id}`)).toHaveLength(0);
    const status = await req(t.app, 'GET', new URL(url).pathname);
    expect(status.statusCode).toBe(200);
    expect(status.body).toContain('deleted the data of your Facebook connection');
    expect((await req(t.app, 'GET', '/api/externalaccount/facebook/deletion/made-up')).statusCode).toBe(404);
  });
});

describe('Instagram (business accounts connect; nobody logs in with it)', () => {
  it('is not a login; a personal account is refused; a business account connects and shows its recent posts', async () => {
    const login = await req(t.app, 'POST', '/api/externalaccount/authorize', { body: { provider: 'instagram', intent: 'login' } });
    expect(login.statusCode).toBe(400);
    expect(login.json().key).toBe('error.external.unsupported');

    const hotel = await signup(t.app, 2);
    p.instagram.account = { user_id: `1784${Date.now()}`, username: 'my_private_life', account_type: 'PERSONAL', media: [] };
    const personal = await connect(hotel.token, 'instagram');
    expect(personal.statusCode).toBe(400);
    expect(personal.json().key).toBe('error.instagram.personal');

    p.instagram.account = {
      user_id: `1785${Date.now()}`,
      username: 'seaside_hotel',
      account_type: 'BUSINESS',
      media: [
        {
          id: 'm1',
          caption: 'Sunset terrace',
          media_type: 'IMAGE',
          media_url: 'https://cdn.example/1.jpg',
          permalink: 'https://instagram.example/p/1',
          timestamp: '2026-11-20T18:00:00+0000',
        },
        {
          id: 'm2',
          media_type: 'VIDEO',
          media_url: 'https://cdn.example/2.mp4',
          thumbnail_url: 'https://cdn.example/2.jpg',
          permalink: 'https://instagram.example/p/2',
          timestamp: '2026-11-21T10:00:00+0000',
        },
      ],
    };
    const ok = await connect(hotel.token, 'instagram');
    expect(ok.statusCode, ok.body).toBe(200);
    const [account] = (await req(t.app, 'GET', '/api/externalaccount/?f.externalaccountcategoryId=10', { token: hotel.token })).json()
      .list as ExternalAccount[];
    expect(account).toMatchObject({ provider: 'instagram', displayName: '@seaside_hotel', canDisconnect: true });
    const media = await req(t.app, 'GET', `/api/externalaccount/${account.id}/media`, { token: hotel.token });
    expect(media.statusCode, media.body).toBe(200);
    expect(media.json().list).toEqual([
      expect.objectContaining({ id: 'm1', caption: 'Sunset terrace', imageUrl: 'https://cdn.example/1.jpg' }),
      expect.objectContaining({ id: 'm2', mediaType: 'VIDEO', imageUrl: 'https://cdn.example/2.jpg' }),
    ]);
    const other = await signup(t.app);
    expect((await req(t.app, 'GET', `/api/externalaccount/${account.id}/media`, { token: other.token })).statusCode).toBe(404);

    // the long-lived token is renewed in its last week; one Instagram no longer takes breaks the connection
    await t.database.db.execute(sql`update external_accounts set refresh_at = now() - interval '1 second' where id = ${account.id}`);
    expect(await t.app.externalAccounts.refresh(account.id)).toBe('ok');
    p.instagram.invalidate(p.instagram.account.user_id);
    await t.database.db.execute(sql`update external_accounts set refresh_at = now() - interval '1 second' where id = ${account.id}`);
    expect(await t.app.externalAccounts.refresh(account.id)).toBe('broken');
    const after = (await req(t.app, 'GET', '/api/externalaccount/', { token: hotel.token })).json().list as ExternalAccount[];
    expect(after.find((a) => a.id === account.id)!.status).toBe('broken');
  });
});

describe('account export', () => {
  it('lists the connections without any token', async () => {
    const user = fbUser(uniqueEmail('fb-export'));
    const login = await req(t.app, 'POST', '/api/fblogin', { body: { accessToken: p.facebook.mintToken(user), termsaccepted: true } });
    const token = login.json().authtoken as string;
    const res = await req(t.app, 'GET', '/api/myprofile/export', { token });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const section = res.json().externalAccounts as Array<Record<string, unknown>>;
    expect(section).toEqual([expect.objectContaining({ provider: 'facebook', subject: user.id, tokensStored: true })]);
    expect(res.body).not.toContain('v1.');
  });
});
