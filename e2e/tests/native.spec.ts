import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signupAndOnboard, uniqueEmail } from './support';

/**
 * Issue 25: the app as the native shells run it. Their pages load from https://localhost
 * (Android) or capacitor://localhost (iOS), another origin than the API; here a second local
 * origin stands in for it (global-setup.ts lets the server allow it by CORS, as NATIVE_ORIGINS
 * allows the shells'). The app is built as `npm run build:native` builds it, with an absolute
 * API base, so it logs in with the token transport: X-Auth-Token and the refresh token in the
 * body, never a cookie.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
};

/** The built app's files, as a WebView serves them: a path that is no file is the app's index.html. */
function serve(dir: string, port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const wanted = path.normalize(path.join(dir, decodeURIComponent(url.pathname)));
    const file = wanted.startsWith(dir) && fs.existsSync(wanted) && fs.statSync(wanted).isFile() ? wanted : path.join(dir, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

const api = () => process.env.E2E_BASE_URL!;
const standIn = () => process.env.E2E_NATIVE_ORIGIN!;
let server: http.Server | undefined;
let out: string | undefined;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  out = fs.mkdtempSync(path.join(os.tmpdir(), 'spotlist-native-web-'));
  const build = spawnSync('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps/web'),
    env: { ...process.env, VITE_API_BASE: `${api()}/api`, VITE_PUBLIC_URL: api(), VITE_PWA: 'false' },
    encoding: 'utf8',
  });
  expect(build.status, build.stderr).toBe(0);
  server = await serve(out, Number(new URL(standIn()).port));
});

test.afterAll(async () => {
  await new Promise((r) => (server ? server.close(r) : r(undefined)));
  if (out) fs.rmSync(out, { recursive: true, force: true });
});

test.use({ viewport: { width: 390, height: 844 } });

const photo = () =>
  sharp({ create: { width: 320, height: 320, channels: 3, background: '#1b6e5a' } })
    .composite([
      { input: Buffer.from('<svg width="120" height="120"><circle cx="60" cy="60" r="50" fill="#f4c542"/></svg>'), top: 100, left: 100 },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();

async function pickPicture(page: Page, group: Locator, button: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  await group.getByRole('button', { name: button }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.locator('ion-action-sheet').getByRole('button', { name: 'Photo library' }).click();
  await (await chooser).setFiles(file);
}

test('from another origin (as the native shells run it) the app logs in, uploads a picture and likes a place with the token transport, no cookie sent', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: standIn(), viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('spotlist.cookieNoticeDismissed', '1'));
  // every call to the API, with what it carried
  const calls: { method: string; url: string; cookie: string | undefined; token: boolean; body: string | null }[] = [];
  // the app's own calls (fetch, and XHR for uploads with progress); pictures are the browser's loads: here the stand-in is the same
  // site as the API (one host, two ports) so they may carry its cookies, which the shells' are not
  page.on('request', async (req) => {
    if (!req.url().startsWith(`${api()}/api/`) || !['fetch', 'xhr'].includes(req.resourceType())) return;
    const headers = await req.allHeaders();
    calls.push({ method: req.method(), url: req.url(), cookie: headers.cookie, token: 'x-auth-token' in headers, body: req.postData() });
  });

  await signupAndOnboard(page, { type: 'Private', email: uniqueEmail('native'), nickname: 'Nia' });
  expect(new URL(page.url()).origin).toBe(standIn());
  // the signup asked for the refresh token in the answer, and the app keeps it with the user
  const signup = calls.find((c) => c.method === 'POST' && c.url.endsWith('/api/signup'));
  expect(JSON.parse(signup!.body!).tokenTransport).toBe('body');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('spotlist.user') ?? 'null'));
  expect(stored).toMatchObject({ authtoken: expect.any(String), refreshToken: expect.any(String) });

  // a profile picture: the resumable upload and the picture itself from the API's origin
  await page.goto('/profile');
  const group = page.getByRole('group', { name: 'Profile picture' });
  await pickPicture(page, group, 'Change picture', { name: 'me.jpg', mimeType: 'image/jpeg', buffer: await photo() });
  await expect(group.getByText('Uploaded · 100 %')).toBeVisible();
  const preview = group.getByRole('img', { name: 'Profile picture' });
  await expect(preview).toHaveAttribute('src', new RegExp(`^${api()}/api/document/\\d+/thumb`));
  await expect.poll(() => preview.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0))).toBeGreaterThan(0);

  // a like
  await page.goto('/place/1');
  await page.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Unlike', exact: true })).toHaveAttribute('aria-pressed', 'true');

  // the API was called from the stand-in with the token, and never with a cookie
  expect(
    calls.filter((c) => c.method === 'POST' && /\/api\/(myprofile\/image\/update|like\/create)/.test(c.url)).length,
  ).toBeGreaterThanOrEqual(2);
  expect(calls.filter((c) => c.cookie !== undefined)).toEqual([]);
  // from the signup on, each call carried the token (the translations are the same for everyone)
  const authed = calls.slice(calls.indexOf(signup!) + 1).filter((c) => !c.url.includes('/api/translation/'));
  expect(authed.length).toBeGreaterThan(3);
  expect(authed.filter((c) => !c.token).map((c) => `${c.method} ${c.url}`)).toEqual([]);
  // no refresh cookie: the session lives in the stored user's tokens
  expect((await context.cookies(api())).map((c) => c.name)).not.toContain('spotlist_refresh');
  await context.close();
});
