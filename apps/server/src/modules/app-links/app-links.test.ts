import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorKey } from '@spotlist/contracts';
import { testConfig } from '../../config.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';

const FINGERPRINT_A = Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, '0').toUpperCase()).join(':');
const FINGERPRINT_B = Array(32).fill('ab').join(':');
const ASSETLINKS = '/.well-known/assetlinks.json';
const AASA = '/.well-known/apple-app-site-association';

describe('deep-link association files, configured', () => {
  let t: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'spotlist-web-'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Spotlist</title>');
    t = await buildTestApp({
      config: {
        ANDROID_SHA256_CERT_FINGERPRINTS: `${FINGERPRINT_A}, ${FINGERPRINT_B}`,
        IOS_TEAM_ID: 'ABCDE12345',
      },
      // the built web app's fallback answers every other GET: these files must win over it
      webRoot,
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('Android: assetlinks.json names the package and its certificates (upper-case), as JSON, cacheable, without cookies', async () => {
    const res = await t.app.inject({ method: 'GET', url: ASSETLINKS });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toMatch(/public, max-age=\d+/);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.json()).toEqual([
      {
        relation: ['delegate_permission/common.handle_all_urls'],
        target: {
          namespace: 'android_app',
          package_name: 'app.spotlist.mobile',
          sha256_cert_fingerprints: [FINGERPRINT_A, FINGERPRINT_B.toUpperCase()],
        },
      },
    ]);
  });

  it('iOS: apple-app-site-association (no extension) names TEAMID.bundleid and the app pages links lead to', async () => {
    const res = await t.app.inject({ method: 'GET', url: AASA });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toMatch(/public, max-age=\d+/);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers.location).toBeUndefined();
    const body = res.json() as { applinks: { details: { appIDs: string[]; components: { '/': string }[] }[] } };
    expect(body.applinks.details).toHaveLength(1);
    expect(body.applinks.details[0].appIDs).toEqual(['ABCDE12345.app.spotlist.mobile']);
    const paths = body.applinks.details[0].components.map((c) => c['/']);
    // shared lists (shares/ links), places, profiles, conversations, the password reset and notice mails
    expect(paths).toEqual(['/s/*', '/place/*', '/u/*', '/messages/*', '/password-reset', '/notices']);
    // the server's own pages stay in the browser
    for (const own of ['/g/*', '/api/*', '/meeting/*', '/w/*']) expect(paths).not.toContain(own);
  });

  it('the web app still answers the paths beside them (its fallback)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/s/some-token' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('HEAD answers too (what a crawler may ask first)', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: AASA });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('deep-link association files, not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { ANDROID_PACKAGE: 'com.example.other', IOS_BUNDLE_ID: 'com.example.other' } });
  });
  afterAll(async () => t.close());

  it('answer 404 error.applinks.notconfigured without fingerprints or a team id, not an empty association', async () => {
    for (const url of [ASSETLINKS, AASA]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ key: ErrorKey.appLinksNotConfigured });
      expect(res.headers['cache-control'] ?? '', url).not.toContain('public');
    }
  });
});

describe('deep-link configuration', () => {
  it('ANDROID_PACKAGE and IOS_BUNDLE_ID default to the app id', () => {
    const c = testConfig();
    expect(c.ANDROID_PACKAGE).toBe('app.spotlist.mobile');
    expect(c.IOS_BUNDLE_ID).toBe('app.spotlist.mobile');
    expect(c.ANDROID_SHA256_CERT_FINGERPRINTS).toEqual([]);
    expect(c.IOS_TEAM_ID).toBeUndefined();
  });

  it.each([
    ['ANDROID_SHA256_CERT_FINGERPRINTS', 'AB:CD'],
    ['ANDROID_SHA256_CERT_FINGERPRINTS', `${FINGERPRINT_A}:00`],
    ['ANDROID_SHA256_CERT_FINGERPRINTS', FINGERPRINT_A.replaceAll(':', '')],
    ['ANDROID_SHA256_CERT_FINGERPRINTS', FINGERPRINT_A.replace('00', 'G0')],
    ['ANDROID_PACKAGE', 'spotlist'],
    ['ANDROID_PACKAGE', 'app.1spotlist'],
    ['IOS_TEAM_ID', 'abcde12345'],
    ['IOS_TEAM_ID', 'ABCDE1234'],
    ['IOS_BUNDLE_ID', 'app spotlist'],
  ])('refuses %s=%s at start', (name, value) => {
    expect(() => testConfig({ [name]: value })).toThrow(new RegExp(`Invalid configuration:[\\s\\S]*${name}`));
  });
});
