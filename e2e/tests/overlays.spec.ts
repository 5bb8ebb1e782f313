import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Browser, type BrowserContextOptions, type FrameLocator, type Page } from '@playwright/test';
import { XSS_CORPUS } from '../../apps/server/test/fixtures/xss-corpus';
import { api, grantFlags, loginToken } from './support-api';
import { hostPage } from './support-embed';
import { menu, shot, signupAndOnboard, uniqueEmail } from './support';

/**
 * Issue 19 end to end: a business with the overlay flag writes an overlay in English and German
 * and publishes German only; a page on another origin with the one-line snippet shows it to a
 * German visitor on exit intent (once per visit) and to a French one after the phone fallback (the
 * fallback language); the view and the click reach the analytics. The SPEC §4 alert's two answers.
 * The XSS corpus goes through save, publish and the visitor's frame: no dialog, nothing executable.
 */

const base = () => process.env.E2E_BASE_URL!;
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A business's website on another port: the host page with `snippet`, at any path. */
async function startHost(snippet: string): Promise<{ url: string; close: () => Promise<void> }> {
  const html = hostPage(snippet, 'Hotel Seeblick — welcome');
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url === '/favicon.ico') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Adds content languages (by key) to a business through the API, as the app-languages page does. */
async function offerLanguages(token: string, keys: string[]) {
  const { list } = await api<{ list: { id: number; key: string }[] }>('/api/language/list');
  for (const key of keys) await api('/api/language/add', { body: { id: list.find((l) => l.key === key)!.id }, token });
}

/** The overlay iframe embed.js put on the host page, and what is inside it. */
const overlayFrame = (page: Page) => page.locator('iframe[src*="/o/"]');
const inside = (page: Page): FrameLocator => page.frameLocator('iframe[src*="/o/"]');

/** A visitor who has never been on the site, in a browser speaking `locale`. */
async function visitor(browser: Browser, locale: string, viewport: { width: number; height: number }, extra: BrowserContextOptions = {}) {
  const context = await browser.newContext({ locale, viewport, ...extra });
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return { page, dialogs, close: () => context.close() };
}

/** Opens the host page and waits until the overlay frame told embed.js what it may show. */
async function openHost(page: Page, url: string) {
  const answered = page.waitForResponse((r) => r.url().includes('/api/public/overlay/') && r.status() === 200);
  await page.goto(url);
  await answered;
  await expect(overlayFrame(page)).toBeAttached();
  // the frame renders and posts its list right after the answer
  await page.waitForTimeout(500);
}

/** The pointer leaves the page through its top (what exit intent listens for on a desktop). */
async function leaveThroughTop(page: Page) {
  await page.mouse.move(700, 300);
  await page.evaluate(() =>
    document.dispatchEvent(new MouseEvent('mouseout', { clientX: 700, clientY: 0, relatedTarget: null, bubbles: true })),
  );
}

test('a business publishes an overlay in German only; a website shows it on exit intent once per visit, falls back for French, and counts it', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('overlay-business');
  await signupAndOnboard(page, { type: 'Business', email, nickname: 'Hotel Seeblick', industry: 'Tours' });
  await offerLanguages(await loginToken(email), ['en', 'de']);
  await grantFlags(email, { overlayactivated: true });
  await page.reload();

  // --- a new overlay, written in English (a draft)
  await menu(page, 'Overlay manager');
  await expect(page.getByRole('heading', { name: 'Overlay manager', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill('Winter offer');
  await page.getByRole('combobox', { name: 'Format' }).selectOption({ label: 'Pop-up' });
  await page.getByRole('combobox', { name: 'First language' }).selectOption({ label: 'English' });
  await page.getByRole('button', { name: 'Create overlay' }).click();
  await expect(page).toHaveURL(/\/overlay-manager\/\d+\?lang=en$/);

  const title = (language: string) => page.getByRole('textbox', { name: `Title (${language})` });
  const text = (language: string) => page.getByRole('textbox', { name: `Text (${language})` });
  await title('English').fill('Winter offer');
  await text('English').click();
  await page.keyboard.type('Three nights for the price of two, until March.');
  await page.getByRole('button', { name: 'Add button' }).click();
  await page.getByRole('textbox', { name: 'Button text' }).fill('Book now');
  await page.getByRole('textbox', { name: 'Address' }).fill('https://seeblick.example/winter');
  await expect(page.getByTestId('overlay-preview').getByText('Three nights for the price of two, until March.')).toBeVisible();
  await page.getByRole('button', { name: 'Save draft' }).click();
  // the state's badge: a mark (hidden from screen readers) and the word
  const state = (word: string) => page.getByTestId('language-status').getByText(new RegExp(`^\\W*${word}$`));
  await expect(state('Draft')).toBeVisible();

  // --- German: copied from English, translated, published
  await page
    .getByRole('group', { name: 'Languages' })
    .getByRole('button', { name: /Deutsch/ })
    .click();
  await expect(page).toHaveURL(/lang=de$/);
  await page.getByRole('combobox', { name: 'Copy from language' }).selectOption({ label: 'English' });
  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(title('Deutsch')).toHaveValue('Winter offer');
  await title('Deutsch').fill('Winterangebot');
  await text('Deutsch').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Drei Nächte zum Preis von zwei, bis März.');
  await page.getByRole('textbox', { name: 'Button text' }).fill('Jetzt buchen');
  await page.getByRole('button', { name: 'Publish Deutsch' }).click();
  await expect(state('Published')).toBeVisible();
  await shot(page, 'overlays-editor-desktop', { fullContent: true });

  // --- settings: exit intent (phones after 2 s), once per visit
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('combobox', { name: 'Show it' }).selectOption({ label: 'When the visitor is about to leave' });
  await page.getByRole('spinbutton', { name: 'On phones: after seconds' }).fill('2');
  await page.getByRole('combobox', { name: 'How often' }).selectOption({ label: 'Once per visit' });
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('button', { name: 'Save settings' })).toBeDisabled();

  // --- the grid: German published, English a draft
  await page.getByRole('link', { name: 'All overlays' }).click();
  const row = page.getByTestId('overlay-row');
  await expect(row.getByRole('link', { name: 'Winter offer, Deutsch: Published' })).toBeVisible();
  await expect(row.getByRole('link', { name: 'Winter offer, English: Draft' })).toBeVisible();
  const snippet = await page.getByTestId('overlay-snippet').inputValue();
  expect(snippet).toMatch(/^<script src="http:\/\/127\.0\.0\.1:\d+\/embed\.js" data-spotlist-overlay="[\w-]+" async><\/script>$/);
  await shot(page, 'overlays-grid-desktop');
  await page.setViewportSize(PHONE);
  await shot(page, 'overlays-grid-phone');
  await page.setViewportSize(DESKTOP);

  const host = await startHost(snippet);
  try {
    // --- a German visitor on a desktop: nothing until the pointer leaves through the top
    const de = await visitor(browser, 'de-DE', DESKTOP);
    await openHost(de.page, host.url);
    await expect(overlayFrame(de.page)).toBeHidden();
    await leaveThroughTop(de.page);
    await expect(overlayFrame(de.page)).toBeVisible();
    const dialog = inside(de.page).getByRole('dialog', { name: 'Winterangebot' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Drei Nächte zum Preis von zwei, bis März.');
    // the host page did not move: the overlay lies over it
    await shot(de.page, 'overlays-host-desktop');
    const opened = de.page.waitForEvent('popup');
    await dialog.getByRole('link', { name: 'Jetzt buchen' }).click();
    const popup = await opened;
    expect(popup.url()).toMatch(/^https:\/\/seeblick\.example\/winter|^chrome-error|^about:blank/);
    await popup.close();
    await dialog.getByRole('button', { name: 'Schließen' }).click();
    await expect(overlayFrame(de.page)).toBeHidden();
    // once per visit: the same visitor leaves again after a reload, and it stays away
    await openHost(de.page, host.url);
    await leaveThroughTop(de.page);
    await de.page.waitForTimeout(1000);
    await expect(overlayFrame(de.page)).toBeHidden();
    expect(de.dialogs).toEqual([]);
    await de.close();

    // --- a French visitor on a phone: no exit intent there, the fallback time; German for lack of French
    const fr = await visitor(browser, 'fr-FR', PHONE, { hasTouch: true, isMobile: true });
    await openHost(fr.page, host.url);
    await expect(inside(fr.page).getByRole('dialog', { name: 'Winterangebot' })).toBeVisible({ timeout: 8000 });
    await shot(fr.page, 'overlays-host-phone');
    // the overlay's own words (its close button) are in the language it shows, as its text
    await inside(fr.page).getByRole('button', { name: 'Schließen' }).click();
    await expect(overlayFrame(fr.page)).toBeHidden();
    await fr.close();
  } finally {
    await host.close();
  }

  // --- the analytics count both views, the click and both closes, in German
  await page.getByRole('link', { name: 'Winter offer', exact: true }).click();
  await page.getByRole('link', { name: 'Analytics' }).click();
  const table = page.getByTestId('overlay-analytics-table');
  await expect(async () => {
    await page.reload();
    await expect(table.getByRole('row', { name: 'Deutsch 2 1 2' })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId('analytics-chart')).toBeVisible();
  await shot(page, 'overlays-analytics-desktop');
});

test('leaving the editor with unsaved text asks first: Yes stays with the draft, No drops it and leaves (SPEC §4)', async ({ page }) => {
  const email = uniqueEmail('overlay-unsaved');
  await signupAndOnboard(page, { type: 'Business', email, nickname: 'Hotel Unsaved', industry: 'Tours' });
  await grantFlags(email, { overlayactivated: true });
  await page.reload();
  await menu(page, 'Overlay manager');
  await page.getByRole('textbox', { name: 'Name' }).fill('Spa news');
  await page.getByRole('button', { name: 'Create overlay' }).click();
  await expect(page).toHaveURL(/\/overlay-manager\/\d+\?lang=en$/);
  const title = page.getByRole('textbox', { name: 'Title (English)' });
  await title.fill('Our new sauna');
  await expect(page.getByText('Unsaved changes')).toBeVisible();

  await menu(page, 'Overlay manager');
  const alert = page.getByRole('alertdialog', { name: 'Unsaved Changes' });
  await alert.getByRole('button', { name: 'Yes' }).click();
  await expect(alert).toBeHidden();
  await expect(page).toHaveURL(/\/overlay-manager\/\d+\?lang=en$/);
  await expect(title).toHaveValue('Our new sauna');

  await menu(page, 'Overlay manager');
  await alert.getByRole('button', { name: 'No' }).click();
  await expect(page).toHaveURL(/\/overlay-manager$/);
  // the draft was not saved: the overlay keeps its first title
  await page.getByRole('link', { name: 'Spa news', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Title (English)' })).toHaveValue('Spa news');
});

test('the XSS corpus, saved and published, shows in the visitor frame with nothing that runs', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('overlay-xss');
  await signupAndOnboard(page, { type: 'Business', email, nickname: 'Hotel XSS', industry: 'Tours' });
  // the overlay through the API: this test is about what visitors get
  const token = await loginToken(email);
  await grantFlags(email, { overlayactivated: true });
  await offerLanguages(token, ['en', 'de']);
  // the corpus in two halves (the rich text takes 20,000 characters): English and German. The
  // payloads with a NUL are refused by the API (400, nothing stored: overlays.test.ts), so not here.
  const stored = XSS_CORPUS.filter((c) => !c.payload.includes('\u0000'));
  expect(stored.length).toBeGreaterThan(370);
  const half = Math.ceil(stored.length / 2);
  const html = (cases: typeof stored) => cases.map((c) => c.payload).join('\n');
  const halves: Record<'en' | 'de', string> = { en: html(stored.slice(0, half)), de: html(stored.slice(half)) };
  const content = (lang: 'en' | 'de') => ({
    title: `<img src=x onerror=alert(1)> ${lang}`,
    html: halves[lang],
    imageDocumentId: null,
    buttons: [{ kind: 'url', label: '<script>alert(1)</script>', url: 'https://example.com/' }],
  });
  const created = await api<{ id: number }>('/api/overlay', {
    token,
    body: {
      name: 'XSS corpus',
      format: 'modal',
      where: { guestApp: false, widgetIds: [], urlPatterns: ['/*'] },
      trigger: { kind: 'load', delaySeconds: 0 },
      frequency: { kind: 'always' },
      schedule: { from: null, until: null, timeZone: 'Europe/Berlin' },
      fallback: [],
      language: 'en',
      content: content('en'),
    },
  });
  for (const lang of ['en', 'de'] as const) await api(`/api/overlay/publish?id=${created.id}&lang=${lang}`, { token, body: content(lang) });
  const { publicId } = await api<{ publicId: string }>('/api/overlays', { token });
  const host = await startHost(`<script src="${new URL(base()).origin}/embed.js" data-spotlist-overlay="${publicId}" async></script>`);
  try {
    for (const locale of ['en-GB', 'de-DE']) {
      const v = await visitor(browser, locale, DESKTOP);
      const blocked: string[] = [];
      v.page.on('console', (m) => {
        if (/Refused to|Content Security Policy/i.test(m.text())) blocked.push(m.text());
      });
      await openHost(v.page, host.url);
      const dialog = inside(v.page).getByRole('dialog');
      await expect(dialog).toBeVisible();
      // what arrived: only allowed tags and attributes, no script, handler or script URL
      const found = await dialog.evaluate((el) => {
        const bad: string[] = [];
        for (const node of el.querySelectorAll('*')) {
          const tag = node.tagName.toLowerCase();
          if (['script', 'iframe', 'object', 'embed', 'svg', 'math', 'style', 'form', 'base', 'meta', 'link'].includes(tag)) bad.push(tag);
          for (const a of node.attributes) {
            if (/^on/i.test(a.name) || a.name === 'style' || a.name === 'srcdoc') bad.push(`${tag}[${a.name}]`);
            if (['href', 'src', 'action', 'formaction', 'xlink:href'].includes(a.name) && /^\s*(javascript|data|vbscript):/i.test(a.value))
              bad.push(`${tag}[${a.name}=${a.value.slice(0, 30)}]`);
          }
        }
        return { bad, text: el.textContent?.length ?? 0 };
      });
      expect(found.bad).toEqual([]);
      // the title's markup arrived as words, and the text's words around the removed parts are there
      await expect(dialog.getByRole('heading')).toHaveText(`<img src=x onerror=alert(1)> ${locale.slice(0, 2)}`);
      expect(found.text).toBeGreaterThan(40);
      // hover and click over everything that might react, then wait for late timers
      await dialog.hover();
      await v.page.waitForTimeout(1500);
      expect(v.dialogs).toEqual([]);
      expect(blocked).toEqual([]);
      await v.close();
    }
  } finally {
    await host.close();
  }
});
