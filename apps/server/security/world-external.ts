import { ExternalAccountCategory } from '@spotlist/contracts';
import type { TestApp } from '../test/helpers.ts';
import { followDialog, type Providers } from '../test/external-helpers.ts';
import type { FakeIdp } from '../test/fakes/oidc-idp.ts';
import { send, type SweepRequest } from './sweep.ts';
import type { Maker } from './requests.ts';
import { signedRequest } from '../test/fakes/facebook.ts';
import { must, type Actor, type As } from './world.ts';

let serial = 0;
const next = (tag: string) => `sweep-${tag}-${Date.now().toString(36)}-${serial++}`;

/** A Facebook user of the fake that no one has used yet. */
export const freshFacebookToken = (p: Providers): string => {
  const id = `77${Date.now()}${serial++}`;
  return p.facebook.mintToken({ id, first_name: 'Sweep', last_name: 'Book', email: `${next('fb')}@test.spotlist` });
};

/**
 * A valid provider login of a person no one has seen: a sign-in started by a native app (no
 * browser cookie), the provider's answer for a new account, and the body the app posts.
 */
export async function freshProviderLogin(t: TestApp, p: Providers, provider: 'apple' | 'linkedin' | 'apaleo' | 'bookingsuite') {
  const fake: FakeIdp = p[provider];
  fake.account = {
    sub: next(provider),
    email: `${next(provider)}@test.spotlist`,
    email_verified: provider === 'linkedin' || provider === 'apple' ? 'true' : true,
  };
  const start = await must(t, {
    method: 'POST',
    url: '/api/externalaccount/authorize',
    body: { provider, intent: 'login', native: true, termsaccepted: true },
  });
  const back = await fake.authorize((start.json() as { url: string }).url);
  const { code, state, iss } = back.params;
  return { code, state, iss, termsaccepted: true };
}

/** A new apaleo connection of `a` (a business): the body of /api/apaleo-client-login. */
export async function freshApaleoConnect(t: TestApp, p: Providers, a: Actor) {
  p.apaleo.account = { sub: next('apaleo'), email: `${next('apaleo')}@test.spotlist`, email_verified: true };
  const start = await must(t, {
    method: 'POST',
    url: '/api/externalaccount/authorize',
    token: a.token,
    ip: a.ip,
    body: { provider: 'apaleo', intent: 'connect', native: true },
  });
  const back = await p.apaleo.authorize((start.json() as { url: string }).url);
  return {
    code: back.params.code,
    state: back.params.state,
    iss: back.params.iss,
    additionalInfo: { syncProperties: true, syncInventory: true },
  };
}

/** A Facebook connection of `a` made now (its own requests' connection: DELETE takes it). */
export async function freshFacebookConnection(t: TestApp, p: Providers, a: Actor): Promise<number> {
  await must(t, { method: 'POST', url: '/api/fblogin', token: a.token, ip: a.ip, body: { accessToken: freshFacebookToken(p) } });
  const list = (
    await must(t, {
      method: 'GET',
      url: `/api/externalaccount/?f.externalaccountcategoryId=${ExternalAccountCategory.socialNetworkLogin}`,
      token: a.token,
      ip: a.ip,
    })
  ).json() as { list: { id: number }[] };
  return list.list[0]!.id;
}

/**
 * External accounts of the sweep's world: each actor (the bystander too) has a connected
 * Instagram business account with posts (`objects.externalAccount`: what others attack).
 */
export async function addExternalAccounts(t: TestApp, p: Providers, actors: Actor[]): Promise<void> {
  for (const a of actors) {
    p.instagram.account = {
      user_id: `9${Date.now()}${serial++}`,
      username: `${a.label}_insta`,
      account_type: 'BUSINESS',
      media: [
        {
          id: `${a.label}-post`,
          caption: `${a.label}'s secret post`,
          media_type: 'IMAGE',
          media_url: `https://cdn.example/${a.label}.jpg`,
          permalink: `https://instagram.example/p/${a.label}`,
          timestamp: '2026-11-20T10:00:00+0000',
        },
      ],
    };
    const start = await must(t, {
      method: 'POST',
      url: '/api/externalaccount/authorize',
      token: a.token,
      ip: a.ip,
      body: { provider: 'instagram', intent: 'connect', native: true },
    });
    const back = await followDialog((start.json() as { url: string }).url);
    await must(t, {
      method: 'POST',
      url: '/api/loginbyexternalaccount?provider=instagram',
      token: a.token,
      ip: a.ip,
      body: Object.fromEntries(back),
    });
    const list = (
      await must(t, {
        method: 'GET',
        url: `/api/externalaccount/?f.externalaccountcategoryId=${ExternalAccountCategory.photoSharingNetwork}`,
        token: a.token,
        ip: a.ip,
      })
    ).json() as { list: { id: number }[] };
    a.objects.externalAccount = list.list[0]!.id;
  }
}

/** What the owner reads back: its Instagram connection (the makers never touch it). */
export const externalReads = (a: Actor, mine: (url: string) => SweepRequest): SweepRequest[] =>
  a.objects.externalAccount
    ? [mine(`/api/externalaccount/?f.externalaccountcategoryId=${ExternalAccountCategory.photoSharingNetwork}`)]
    : [];

/** Nobody disconnects, or reads the posts of, another's connection, or lists it by its owner. */
export function externalAttacks(v: Actor, as: As): void {
  const id = v.objects.externalAccount;
  if (!id) return;
  as('DELETE /api/externalaccount/delete/{id}', 'never', { method: 'DELETE', url: `/api/externalaccount/delete/${id}` });
  as('GET /api/externalaccount/{id}/media', 'never', { method: 'GET', url: `/api/externalaccount/${id}/media` });
  // the list answers my own connections only: naming the victim reads nothing of theirs
  as('GET /api/externalaccount/', 'own', { method: 'GET', url: `/api/externalaccount/?f.userId=${v.id}` });
}

/** A valid request of each external account route (requests.ts takes them in): each login a new person at the provider's fake. */
export const EXTERNAL_REQUESTS: Record<string, Maker> = {
  'GET /api/externalaccount/providers': () => ({ as: 'anonymous' }),
  'POST /api/externalaccount/authorize': () => ({ body: { provider: 'facebook', intent: 'login', native: true } }),
  'POST /api/externalaccount/callback/apple': () => ({ body: { state: 'sweep-state', code: 'sweep-code' }, as: 'anonymous' }),
  'POST /api/applelogin': async ({ w }) => ({ body: await freshProviderLogin(w.t, w.providers, 'apple'), as: 'anonymous' }),
  'POST /api/linkedinlogin': async ({ w }) => ({ body: await freshProviderLogin(w.t, w.providers, 'linkedin'), as: 'anonymous' }),
  'POST /api/apaleologin': async ({ w }) => ({ body: await freshProviderLogin(w.t, w.providers, 'apaleo'), as: 'anonymous' }),
  'POST /api/bookingsuitelogin': async ({ w }) => ({ body: await freshProviderLogin(w.t, w.providers, 'bookingsuite'), as: 'anonymous' }),
  // a logged-in app's SDK token: a connect of my account
  'POST /api/fblogin': ({ w }) => ({ body: { accessToken: freshFacebookToken(w.providers) } }),
  'POST /api/loginbyexternalaccount': ({ w }) => ({
    query: { provider: 'facebook' },
    body: { accessToken: freshFacebookToken(w.providers), termsaccepted: true },
    as: 'anonymous',
  }),
  'POST /api/apaleo-client-login': async ({ w, me }) => ({ body: await freshApaleoConnect(w.t, w.providers, me) }),
  'GET /api/externalaccount/': ({ me }) => ({ query: { 'f.userId': String(me.id) } }),
  'DELETE /api/externalaccount/delete/{id}': async ({ w, me }) => ({ params: { id: await freshFacebookConnection(w.t, w.providers, me) } }),
  'POST /api/externalaccount/facebook/deletion': ({ w }) => ({
    body: { signed_request: signedRequest({ user_id: `66${Date.now()}` }, w.providers.facebook.appSecret) },
    as: 'anonymous',
  }),
  'GET /api/externalaccount/facebook/deletion/{code}': async ({ w }) => {
    const res = await send(w.t.app, 'setup', {
      method: 'POST',
      url: '/api/externalaccount/facebook/deletion',
      body: { signed_request: signedRequest({ user_id: `66${Date.now()}` }, w.providers.facebook.appSecret) },
    });
    return { params: { code: (res.json() as { confirmation_code: string }).confirmation_code }, as: 'anonymous' };
  },
};
