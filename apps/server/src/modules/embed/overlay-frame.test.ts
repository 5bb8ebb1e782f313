import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, req, type TestApp } from '../../../test/helpers.ts';
import { business } from '../../../test/widget-helpers.ts';
import { OVERLAY_CSP } from './embed.routes.ts';

let t: TestApp;
let site: string;
const embedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotlist-embed-overlay-'));

beforeAll(async () => {
  fs.writeFileSync(path.join(embedDir, 'overlay.html'), '<!doctype html><title>overlay</title>');
  t = await buildTestApp({ config: { EMBED_DIST: embedDir } });
  const hotel = await business(t.app, { overlayactivated: true });
  // the site is made with the business's first overlay
  const made = await req(t.app, 'POST', '/api/overlay', {
    token: hotel.token,
    body: {
      name: 'Breakfast',
      format: 'modal',
      where: { guestApp: false, widgetIds: [], urlPatterns: ['/*'] },
      trigger: { kind: 'load', delaySeconds: 0 },
      frequency: { kind: 'once' },
      schedule: { from: null, until: null, timeZone: 'Europe/Berlin' },
      fallback: [],
      language: 'en',
      content: { title: 'Breakfast', html: '<p>Until 11</p>', imageDocumentId: null, buttons: [] },
    },
  });
  expect(made.statusCode, made.body).toBe(200);
  site = (await req(t.app, 'GET', '/api/overlays', { token: hotel.token })).json().publicId;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(embedDir, { recursive: true, force: true });
});

describe('GET /o/{publicId} (the overlay frame)', () => {
  it('serves overlay.html for a site, frameable anywhere, without inline script', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/o/${site}?lang=de&url=hotel.example%2Frooms` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>overlay</title>');
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-cache');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toBe(OVERLAY_CSP);
    expect(csp).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
        "connect-src 'self'; frame-ancestors *; base-uri 'none'; form-action 'none'",
    );
    // the business's rich text is rendered as HTML: nothing in it may run
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });

  it('answers a small 404 page for an unknown or malformed site id', async () => {
    for (const url of ['/o/AAAAAAAAAAAAAAAA', '/o/x', `/o/${site}x${'y'.repeat(40)}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).not.toContain('<title>overlay</title>');
    }
  });

  it('without overlay.html in the build answers 404 error.embed.missing, not frameable', async () => {
    fs.renameSync(path.join(embedDir, 'overlay.html'), path.join(embedDir, 'overlay.html.off'));
    try {
      const res = await t.app.inject({ method: 'GET', url: `/o/${site}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().key).toBe('error.embed.missing');
      expect(res.headers['x-frame-options']).toBe('DENY');
    } finally {
      fs.renameSync(path.join(embedDir, 'overlay.html.off'), path.join(embedDir, 'overlay.html'));
    }
  });
});
