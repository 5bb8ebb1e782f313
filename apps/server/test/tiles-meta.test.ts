import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTilesMeta } from '../src/lib/tiles-meta.ts';
import { ALL_FLAGS, business } from './widget-helpers.ts';
import { buildTestApp, req, type TestApp } from './helpers.ts';

/** A tile URL with characters that must be escaped in an attribute. */
const TILES = 'https://tiles.example.net/{z}/{x}/{y}.png?key="a&b"<x>';
const META = '<meta name="spotlist-tiles" content="https://tiles.example.net/{z}/{x}/{y}.png?key=&#34;a&#38;b&#34;&#60;x&#62;">';

let t: TestApp;
const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'spotlist-web-'));
const embedRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'spotlist-embed-'));

beforeAll(async () => {
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html><head><title>Spotlist</title></head><body></body></html>');
  for (const name of ['frame', 'guest'])
    fs.writeFileSync(path.join(embedRoot, `${name}.html`), `<!doctype html><html lang="en"><head><title>${name}</title></head></html>`);
  t = await buildTestApp({ webRoot, config: { EMBED_DIST: embedRoot, MAP_TILE_URL: TILES } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
  fs.rmSync(embedRoot, { recursive: true, force: true });
});

describe('the map tile URL in the pages (MAP_TILE_URL at run time)', () => {
  it('withTilesMeta puts an escaped meta right after <head>, else after the doctype', () => {
    expect(withTilesMeta(Buffer.from('<!doctype html><html><head lang="x"><title>a</title>'), 'u"&').toString()).toBe(
      '<!doctype html><html><head lang="x"><meta name="spotlist-tiles" content="u&#34;&#38;"><title>a</title>',
    );
    expect(withTilesMeta(Buffer.from('<!DOCTYPE html><header></header>'), 'u').toString()).toBe(
      '<!DOCTYPE html><meta name="spotlist-tiles" content="u"><header></header>',
    );
  });

  it('the web app (any route and /index.html), the widget frame and the guest page carry it; the CSP allows its host', async () => {
    for (const url of ['/', '/places', '/index.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toBe(`<!doctype html><html><head>${META}<title>Spotlist</title></head><body></body></html>`);
      expect(res.headers['content-security-policy'], url).toContain('https://tiles.example.net');
    }
    const b = await business(t.app, ALL_FLAGS);
    const w = (await req(t.app, 'POST', '/api/widget/add', { token: b.token, body: { name: 'W' } })).json();
    const frame = await t.app.inject({ method: 'GET', url: `/w/${w.publicId}` });
    expect(frame.statusCode).toBe(200);
    expect(frame.body).toBe(`<!doctype html><html lang="en"><head>${META}<title>frame</title></head></html>`);
    expect(frame.headers['content-security-policy']).toContain("img-src 'self' data: blob: https://tiles.example.net");
    const app = (await req(t.app, 'GET', '/api/guestapp', { token: b.token })).json();
    await req(t.app, 'POST', '/api/guestapp', { token: b.token, body: { enabled: true } });
    const guest = await t.app.inject({ method: 'GET', url: `/g/${app.publicId}` });
    expect(guest.statusCode).toBe(200);
    expect(guest.body).toBe(`<!doctype html><html lang="en"><head>${META}<title>guest</title></head></html>`);
  });
});
