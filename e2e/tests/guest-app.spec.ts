import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { GUEST_KEY_HEADER, GUEST_STORAGE_KEY } from '../../packages/contracts/src/widgets-public-constants.ts';
import sharp from 'sharp';
import { shot } from './support';

/**
 * Issue 6, the guest app offline (apps/embed README, "Offline guest app"): a guest opens the demo
 * hotel's guest app, likes a place; once the service worker controls the page the guest goes
 * offline and reloads: the welcome, the places and the like are still there (the last good
 * answers) with the offline notice, and a like fails visibly. Online again, liking and unliking
 * reach the server. The page links its manifest, which is served as a manifest with working icons.
 * Then a new build is deployed while a guest has the app: the new worker takes over and the guest
 * app still works offline (the new worker dropped only the old build's assets).
 */

const base = () => process.env.E2E_BASE_URL!;

/** A JSON call without cookies (no XSRF involved), as a native client would make it. */
async function api<T>(path: string, opts: { body?: unknown; headers?: Record<string, string> } = {}): Promise<T> {
  const res = await fetch(new URL(path, base()), {
    method: opts.body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...opts.headers },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const picture = () =>
  sharp({ create: { width: 480, height: 320, channels: 3, background: '#c8553d' } })
    .jpeg({ quality: 85 })
    .toBuffer();

/**
 * The seeded demo business (SEED_DEMO in global-setup.ts): its guest app's link, and a picture for
 * the second place of the widget the guest app shows (so the list has a thumbnail to keep).
 */
async function demoGuestApp(): Promise<{ link: string; pictured: string }> {
  const { authtoken } = await api<{ authtoken: string }>('/api/login', {
    body: { email: 'business@demo.spotlist.app', password: 'demo-business-2026', tokenTransport: 'body' },
  });
  const auth = { 'x-auth-token': authtoken };
  const app = await api<{ publicId: string; enabled: boolean; widgetIds: number[]; links: { unit: string | null; url: string }[] }>(
    '/api/guestapp',
    { headers: auth },
  );
  expect(app.enabled).toBe(true);
  const link = new URL(app.links.find((l) => l.unit === null)!.url);
  expect(link.pathname).toBe(`/g/${app.publicId}`);

  const widget = await api<{ pois: { id: number; position: number; place: { name: string } }[] }>(`/api/widget/${app.widgetIds[0]}`, {
    headers: auth,
  });
  const poi = widget.pois.find((p) => p.position === 1)!;
  const form = new FormData();
  form.append('id', String(poi.id));
  form.append('file', new Blob([new Uint8Array(await picture())], { type: 'image/jpeg' }), 'garden.jpg');
  const res = await fetch(new URL('/api/widgetpoi/image/update', base()), { method: 'POST', headers: auth, body: form });
  expect(res.status, await res.clone().text()).toBe(200);
  return { link: link.pathname + link.search, pictured: poi.place.name };
}

/** What the server knows of this browser's guest: its liked place ids (asked without the browser). */
async function serverLikes(page: Page): Promise<number[]> {
  return (await api<{ placeIds: number[] }>('/api/public/guest/likes', { headers: { [GUEST_KEY_HEADER]: await guestKey(page) } })).placeIds;
}

async function guestKey(page: Page): Promise<string> {
  const raw = await page.evaluate((k) => localStorage.getItem(k), GUEST_STORAGE_KEY);
  return (JSON.parse(raw!) as { guestKey: string }).guestKey;
}

/** Whether the list entry's thumbnail (a POI picture, /api/document/{id}/thumb) has really loaded. */
const thumbLoaded = (page: Page, name: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name }) })
    .locator('img[src*="/api/document/"]')
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

const isLike = (method: string) => (r: { url(): string; request(): { method(): string } }) =>
  r.request().method() === method && /\/api\/public\/guest\/like(\/\d+)?$/.test(new URL(r.url()).pathname);

const WELCOME = 'Welcome to Hotel Isarblick';
const LIKED = 'Viktualienmarkt';
const OTHER = 'Deutsches Museum';
/** Liked behind the page's back (through the API, as from another device). */
const ELSEWHERE = 'Frauenkirche';

test('the guest app works offline after the first visit: welcome, places and likes from the last good answers', async ({ browser }) => {
  test.setTimeout(120_000);
  const { link, pictured } = await demoGuestApp();
  const context = await browser.newContext({ baseURL: base(), viewport: { width: 390, height: 844 }, locale: 'en-US' });
  const page = await context.newPage();

  // --- first visit, online: the welcome, the hotel's places; the guest likes one
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: WELCOME })).toBeVisible();
  await expect(page.getByRole('heading', { name: LIKED })).toBeVisible();
  await expect(page.getByRole('heading', { name: OTHER })).toBeVisible();
  await expect.poll(() => thumbLoaded(page, pictured)).toBe(true);
  const liked = page.waitForResponse(isLike('POST'));
  await page.getByRole('button', { name: `Like: ${LIKED}` }).click();
  expect((await liked).status()).toBeLessThan(300);
  await expect(page.getByRole('button', { name: `Remove like: ${LIKED}` })).toHaveAttribute('aria-pressed', 'true');
  const likedIds = await serverLikes(page);
  expect(likedIds).toHaveLength(1);

  // --- the page links its manifest; it is served as one, and its icons exist
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/guest.webmanifest');
  const manifestRes = await page.request.get('/guest.webmanifest');
  expect(manifestRes.status()).toBe(200);
  expect(manifestRes.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await manifestRes.json()) as { scope: string; display: string; icons: { src: string; type: string }[] };
  expect(manifest.scope).toBe('/g/');
  expect(manifest.display).toBe('standalone');
  expect(manifest.icons.length).toBeGreaterThan(0);
  for (const icon of manifest.icons) {
    const res = await page.request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
    expect(res.headers()['content-type'], icon.src).toBe(icon.type);
  }
  const worker = await page.request.get('/guest-sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['content-type']).toMatch(/^text\/javascript/);

  // --- the service worker (scope /g/) takes control; a reload then passes through it
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(new URL('/g/', base()).toString());
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: WELCOME })).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(new URL('/guest-sw.js', base()).toString());
  await expect(page.getByRole('button', { name: `Remove like: ${LIKED}` })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Offline: the last saved version.')).toHaveCount(0);
  // the worker keeps the list's thumbnail itself (not only the browser's evictable HTTP cache)
  await expect.poll(() => thumbLoaded(page, pictured)).toBe(true);
  const thumbKept = () =>
    page.evaluate(async () => {
      const src = [...document.images].map((i) => i.src).find((u) => new URL(u).pathname.startsWith('/api/document/'));
      return !!src && !!(await caches.match(src));
    });
  await expect.poll(thumbKept).toBe(true);
  await shot(page, 'guest-offline-1-online');

  // the same guest likes another place from elsewhere (another device): only the network knows
  const guest = { [GUEST_KEY_HEADER]: await guestKey(page) };
  const shown = await api<{ widgets: { pois: { placeId: number; name: string }[] }[] }>(
    `/api/public/guest-app/${new URL(link, base()).pathname.slice('/g/'.length)}?lang=en`,
  );
  const elsewhereId = shown.widgets[0].pois.find((p) => p.name === ELSEWHERE)!.placeId;
  await api('/api/public/guest/like', { body: { placeId: elsewhereId }, headers: guest });

  // --- offline: the reload is answered by the worker from what it kept
  await context.setOffline(true);
  const offline = await page.reload();
  expect(offline?.fromServiceWorker()).toBe(true);
  await expect(page.getByText('Offline: the last saved version.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: WELCOME })).toBeVisible();
  await expect(page.getByText('Here are our recommendations for your stay.')).toBeVisible();
  await expect(page.getByRole('heading', { name: OTHER })).toBeVisible();
  await expect(page.getByRole('button', { name: `Remove like: ${LIKED}` })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: `Like: ${OTHER}` })).toHaveAttribute('aria-pressed', 'false');
  // the kept answer, not the server's newer one: the like made elsewhere is not known offline
  await expect(page.getByRole('button', { name: `Like: ${ELSEWHERE}` })).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => thumbLoaded(page, pictured)).toBe(true);
  await shot(page, 'guest-offline-2-offline');

  // a like offline cannot reach the server: the heart springs back with a message
  await page.getByRole('button', { name: `Like: ${OTHER}` }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('button', { name: `Like: ${OTHER}` })).toHaveAttribute('aria-pressed', 'false');
  expect((await serverLikes(page)).sort()).toEqual([...likedIds, elsewhereId].sort());

  // --- online again: the notice goes; liking and unliking reach the server
  await context.setOffline(false);
  await expect(page.getByText('Offline: the last saved version.')).toHaveCount(0);
  const likeOther = page.waitForResponse(isLike('POST'));
  await page.getByRole('button', { name: `Like: ${OTHER}` }).click();
  expect((await likeOther).status()).toBeLessThan(300);
  await expect(page.getByRole('button', { name: `Remove like: ${OTHER}` })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => serverLikes(page).then((ids) => ids.length)).toBe(3);
  // the page read the server's likes again after the change: the like made elsewhere shows now
  await expect(page.getByRole('button', { name: `Remove like: ${ELSEWHERE}` })).toHaveAttribute('aria-pressed', 'true');

  const unlike = page.waitForResponse(isLike('DELETE'));
  // after a change the page reads the likes again, through the worker, which keeps the answer
  const reread = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/public/guest/likes' && r.ok());
  await page.getByRole('button', { name: `Remove like: ${LIKED}` }).click();
  expect((await unlike).status()).toBeLessThan(300);
  await reread;
  await expect(page.getByRole('button', { name: `Like: ${LIKED}` })).toHaveAttribute('aria-pressed', 'false');
  const now = await serverLikes(page);
  expect(now).toHaveLength(2);
  expect(now).not.toContain(likedIds[0]);

  // the worker kept the newest likes: offline again, the changed hearts are shown
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Offline: the last saved version.')).toBeVisible();
  await expect(page.getByRole('button', { name: `Remove like: ${OTHER}` })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: `Like: ${LIKED}` })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('button', { name: `Remove like: ${ELSEWHERE}` })).toHaveAttribute('aria-pressed', 'true');
  await context.close();
});

test('after a new build the guest app still works offline: the new worker keeps what the old one kept', async ({ browser }) => {
  test.setTimeout(90_000);
  const { authtoken } = await api<{ authtoken: string }>('/api/login', {
    body: { email: 'business@demo.spotlist.app', password: 'demo-business-2026', tokenTransport: 'body' },
  });
  const { publicId } = await api<{ publicId: string }>('/api/guestapp', { headers: { 'x-auth-token': authtoken } });
  const context = await browser.newContext({ baseURL: base(), viewport: { width: 390, height: 844 }, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(`/g/${publicId}`);
  await page.getByRole('button', { name: `Like: ${OTHER}` }).click();
  await expect(page.getByRole('button', { name: `Remove like: ${OTHER}` })).toHaveAttribute('aria-pressed', 'true');
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: WELCOME })).toBeVisible();
  await expect(page.getByRole('button', { name: `Remove like: ${OTHER}` })).toHaveAttribute('aria-pressed', 'true');

  // A new build is deployed: its worker names another version (its caches' names end with it).
  // The server serves its own copy of the build (global-setup.ts): the worker there is replaced.
  const workerFile = path.join(process.env.E2E_EMBED_DIST!, 'guest-sw.js');
  const script = fs.readFileSync(workerFile, 'utf8');
  const names = await page.evaluate(() => caches.keys());
  const version = names.map((n) => n.slice(n.lastIndexOf('-') + 1)).find((v) => script.includes(JSON.stringify(v)));
  expect(version, `a cache named after the version in the worker (${names.join(', ')})`).toBeTruthy();
  fs.writeFileSync(workerFile, script.replaceAll(JSON.stringify(version), JSON.stringify(`${version}next`)));
  try {
    // the guest comes back online: the browser finds the new worker, which installs and takes over
    // (the server answers the new worker first; the browser's update check is asked again every
    // few seconds until the new worker controls the page: one check can race the page's own)
    await expect.poll(async () => (await (await fetch(new URL('/guest-sw.js', base()))).text()).includes(`${version}next`)).toBe(true);
    // The browser may find the new worker on its own (its check after the reload) and let it take
    // over before a listener is there: taken over = the page is controlled and the new version's
    // cache is there while the old version's caches are gone (the new worker's activation).
    await page.evaluate(
      async ({ next, before }) => {
        let changed = false;
        navigator.serviceWorker.addEventListener('controllerchange', () => (changed = true), { once: true });
        const tookOver = async () =>
          !!navigator.serviceWorker.controller &&
          (await caches.keys()).some((n) => n.endsWith(`-${next}`)) &&
          !(await caches.keys()).some((n) => before.includes(n) && !n.endsWith(`-${next}`) && /-[a-z0-9]+$/.test(n) && n.includes('asset'));
        const registration = (await navigator.serviceWorker.getRegistration('/g/'))!;
        for (let i = 0; i < 20 && !changed && !(await tookOver()); i++) {
          await registration.update().catch(() => undefined);
          for (let w = 0; w < 30 && !changed && !(await tookOver()); w++) await new Promise((r) => setTimeout(r, 100));
        }
        if (!changed && !(await tookOver())) throw new Error('the new worker did not take over');
      },
      { next: `${version}next`, before: names },
    );
  } finally {
    fs.writeFileSync(workerFile, script);
  }
  await expect.poll(() => page.evaluate(() => caches.keys())).not.toEqual(names);

  // offline: the page, the guest app and the likes still come from the (new) worker
  await context.setOffline(true);
  const offline = await page.reload();
  expect(offline?.fromServiceWorker()).toBe(true);
  await expect(page.getByText('Offline: the last saved version.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: WELCOME })).toBeVisible();
  await expect(page.getByRole('heading', { name: LIKED })).toBeVisible();
  await expect(page.getByRole('button', { name: `Remove like: ${OTHER}` })).toHaveAttribute('aria-pressed', 'true');
  await context.close();
});
