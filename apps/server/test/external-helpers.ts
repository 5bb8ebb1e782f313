import { generateKeyPairSync } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { startFakeIdp, type FakeIdp } from './fakes/oidc-idp.ts';
import { startFakeFacebook, type FakeFacebook } from './fakes/facebook.ts';
import { startFakeInstagram, type FakeInstagram } from './fakes/instagram.ts';
import { buildTestApp, type RequestOptions, type TestApp } from './helpers.ts';

/** The address the test apps answer as: the redirect URIs registered at the fakes are under it. */
export const PUBLIC_URL = 'http://spotlist.test';
export const CALLBACK = `${PUBLIC_URL}/auth/callback`;
export const APPLE_CALLBACK = `${PUBLIC_URL}/api/externalaccount/callback/apple`;

export interface Providers {
  apple: FakeIdp;
  linkedin: FakeIdp;
  apaleo: FakeIdp;
  bookingsuite: FakeIdp;
  facebook: FakeFacebook;
  instagram: FakeInstagram;
  /** The server configuration that points every provider at its fake. */
  config: Record<string, string>;
  close(): Promise<void>;
}

/** Every provider as a local fake (test/fakes), and the configuration that uses them (the app answering as `publicUrl`). */
export async function startProviders(publicUrl = PUBLIC_URL): Promise<Providers> {
  const CALLBACK = `${publicUrl}/auth/callback`;
  const APPLE_CALLBACK = `${publicUrl}/api/externalaccount/callback/apple`;
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const applePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const apple = await startFakeIdp({
    flavor: 'apple',
    clientId: 'app.spotlist.web',
    redirectUris: [APPLE_CALLBACK],
    appleKey: { publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(), teamId: 'TEAM123456', keyId: 'KEY1234567' },
  });
  const linkedin = await startFakeIdp({
    flavor: 'linkedin',
    clientId: 'linkedin-client',
    clientSecret: 'linkedin-secret',
    redirectUris: [CALLBACK],
  });
  const apaleo = await startFakeIdp({
    flavor: 'generic',
    clientId: 'apaleo-client',
    clientSecret: 'apaleo-secret',
    redirectUris: [CALLBACK],
    scopes: ['openid', 'email', 'profile', 'offline_access', 'setup.read'],
  });
  const bookingsuite = await startFakeIdp({
    flavor: 'generic',
    clientId: 'suite-client',
    clientSecret: 'suite-secret',
    redirectUris: [CALLBACK],
    scopes: ['openid', 'email', 'profile', 'offline_access', 'hotels'],
  });
  const facebook = await startFakeFacebook();
  const instagram = await startFakeInstagram();
  return {
    apple,
    linkedin,
    apaleo,
    bookingsuite,
    facebook,
    instagram,
    config: {
      PUBLIC_URL: publicUrl,
      EXTERNAL_ALLOW_HTTP: 'true',
      APPLE_CLIENT_ID: apple.clientId,
      APPLE_BUNDLE_IDS: 'app.spotlist.mobile',
      APPLE_TEAM_ID: 'TEAM123456',
      APPLE_KEY_ID: 'KEY1234567',
      APPLE_PRIVATE_KEY: applePem,
      APPLE_ISSUER: apple.issuer,
      LINKEDIN_CLIENT_ID: linkedin.clientId,
      LINKEDIN_CLIENT_SECRET: 'linkedin-secret',
      LINKEDIN_ISSUER: linkedin.issuer,
      APALEO_CLIENT_ID: apaleo.clientId,
      APALEO_CLIENT_SECRET: 'apaleo-secret',
      APALEO_ISSUER: apaleo.issuer,
      BOOKINGSUITE_ISSUER: bookingsuite.issuer,
      BOOKINGSUITE_CLIENT_ID: bookingsuite.clientId,
      BOOKINGSUITE_CLIENT_SECRET: 'suite-secret',
      FACEBOOK_APP_ID: facebook.appId,
      FACEBOOK_APP_SECRET: facebook.appSecret,
      FACEBOOK_GRAPH_URL: facebook.graphUrl,
      FACEBOOK_DIALOG_URL: facebook.dialogUrl,
      INSTAGRAM_APP_ID: instagram.appId,
      INSTAGRAM_APP_SECRET: instagram.appSecret,
      INSTAGRAM_AUTHORIZE_URL: instagram.authorizeUrl,
      INSTAGRAM_API_URL: instagram.apiUrl,
      INSTAGRAM_GRAPH_URL: instagram.graphUrl,
    },
    async close() {
      await Promise.all([apple.close(), linkedin.close(), apaleo.close(), bookingsuite.close(), facebook.close(), instagram.close()]);
    },
  };
}

/**
 * A browser against the test app: keeps its cookies (the sign-in's binding cookie, the refresh
 * cookie) and echoes the XSRF cookie as the web app does.
 */
export function browser(app: FastifyInstance, token?: string) {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  async function call(method: 'GET' | 'POST' | 'DELETE', url: string, opts: RequestOptions & { anonymous?: boolean } = {}) {
    const headers: Record<string, string> = { ...opts.headers };
    if (token && !opts.anonymous) headers['x-auth-token'] = token;
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    if (jar.size > 0) headers.cookie = cookieHeader();
    const xsrf = jar.get('XSRF-TOKEN');
    if (xsrf && method !== 'GET') headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    const res = await app.inject({ method, url, headers, payload: opts.body !== undefined ? JSON.stringify(opts.body) : opts.payload });
    for (const c of res.cookies) {
      if (c.value === '' || (c.maxAge !== undefined && c.maxAge <= 0)) jar.delete(c.name);
      else jar.set(c.name, c.value);
    }
    return res;
  }
  return {
    jar,
    call,
    /** The first request of a visit: the server sets the XSRF cookie (as the web app's start, which holds its refresh cookie). */
    async open() {
      await call('GET', '/api/externalaccount/providers', { anonymous: true });
    },
  };
}

/** Follows a plain OAuth dialog (Facebook's, Instagram's) as a browser: its redirect's query. */
export async function followDialog(url: string): Promise<URLSearchParams> {
  const res = await fetch(url, { redirect: 'manual' });
  const location = res.headers.get('location');
  if (!location) throw new Error(`the dialog answered ${res.status} without a redirect`);
  return new URL(location).searchParams;
}

/** A test app with every provider configured against its fake (jobs polled every half second for the refresh job). */
export async function startExternalTestApp(): Promise<{ p: Providers; t: TestApp; close: () => Promise<void> }> {
  const p = await startProviders();
  const t = await buildTestApp({ config: { ...p.config, JOBS_POLL_INTERVAL_SECONDS: '0.5' } });
  return {
    p,
    t,
    async close() {
      await t.close();
      await p.close();
    },
  };
}

/** A query's rows as plain objects. */
export const rowsOf = async (t: TestApp, q: Parameters<TestApp['database']['db']['execute']>[0]) =>
  ((await t.database.db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;
