import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { grantFlags } from './support-api';
import { startEmbedHost } from './support-embed';
import { login, menu, PASSWORD, shot, signupAndOnboard, skipIntro, uniqueEmail } from './support';

/**
 * Issue 6 end to end: a business with both widget flags builds a widget (three POIs, a picture),
 * previews it in German and copies the snippet; a page on another origin embeds it and a visitor
 * likes a place there; the business sees the view and the like in its analytics; a guest likes
 * two places in the guest app, signs up and finds them in their own likes.
 */

const base = () => process.env.E2E_BASE_URL!;

const picture = () =>
  sharp({ create: { width: 640, height: 420, channels: 3, background: '#2f6fb0' } })
    .composite([
      {
        input: Buffer.from('<svg width="200" height="200"><rect x="20" y="20" width="160" height="160" fill="#f4c542"/></svg>'),
        top: 110,
        left: 220,
      },
    ])
    .jpeg({ quality: 88 })
    .toBuffer();

/** A fresh browser context: a visitor or guest who has never seen the app. */
async function freshPage(browser: Browser, viewport = { width: 390, height: 844 }): Promise<Page> {
  const context = await browser.newContext({ baseURL: base(), viewport });
  return context.newPage();
}

const PLACES = ['Marienplatz', 'Hofbräuhaus', 'Viktualienmarkt'] as const; // the same name in English and German

test('a business builds, previews and embeds a widget; visitors and guests like places; the likes reach the charts and a new account', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('widget-business');
  await signupAndOnboard(page, { type: 'Business', email, nickname: 'Hotel Alpenblick', industry: 'Tours' });
  await grantFlags(email, { widgetv1activated: true, widgetv2activated: true, hasGuest: true });
  await page.reload();

  // --- the business builds its widget: languages, German title, three places, a picture
  await menu(page, 'Classic widget');
  await expect(page.getByRole('heading', { name: 'Widget settings' })).toBeVisible();
  const languages = page.getByRole('group', { name: 'Languages offered to visitors' });
  await languages.getByRole('checkbox', { name: 'English' }).check();
  await languages.getByRole('checkbox', { name: 'Deutsch' }).check();
  await page.getByRole('group', { name: 'Language of the texts' }).getByRole('button', { name: 'Deutsch' }).click();
  await page.getByLabel('Title (Deutsch)').fill('Unsere Lieblingsorte');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('The widget has been saved.')).toBeVisible();

  const search = page.getByLabel('Search the places catalogue');
  for (const name of PLACES) {
    await search.fill(name);
    await page
      .getByRole('list', { name: 'Search results' })
      .getByRole('button', { name: `Add ${name}` })
      .click();
    await expect(page.getByRole('list', { name: 'Places in the widget' }).getByText(name, { exact: true })).toBeVisible();
  }
  const pois = page.getByRole('list', { name: 'Places in the widget' });
  await expect(pois.getByRole('listitem')).toHaveCount(3);

  await pois.getByRole('button', { name: `Picture of ${PLACES[0]}` }).click();
  const pictureGroup = page.getByRole('group', { name: `Picture of ${PLACES[0]}` });
  await pictureGroup.getByRole('button', { name: 'Choose a picture' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.locator('ion-action-sheet').getByRole('button', { name: 'Photo library' }).click();
  await (await chooser).setFiles({ name: 'marienplatz.jpg', mimeType: 'image/jpeg', buffer: await picture() });
  await expect(pictureGroup.getByText('Uploaded · 100 %')).toBeVisible({ timeout: 20_000 });
  await expect(pictureGroup.getByRole('img', { name: `Picture of ${PLACES[0]}` })).toHaveAttribute('src', /\/api\/document\/\d+\/thumb/);

  // --- preview in German, copy the snippet
  await page.getByRole('link', { name: 'Preview' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /as visitors see it/ })).toBeVisible();
  await page.getByRole('group', { name: 'Preview language' }).getByRole('button', { name: 'Deutsch' }).click();
  const phone = page.getByTestId('preview-phone');
  await expect(phone).toHaveAttribute('src', /\/w\/[A-Za-z0-9_-]+\?lang=de&preview=1$/);
  const phoneFrame = page.frameLocator('[data-testid="preview-phone"]');
  await expect(phoneFrame.getByRole('heading', { name: 'Unsere Lieblingsorte' })).toBeVisible();
  await expect(phoneFrame.getByRole('button', { name: 'Karte' })).toBeVisible();
  // the POI's picture, really loaded (a decorative thumbnail beside the place's name)
  const thumb = phoneFrame.locator('img[src*="/api/document/"]').first();
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0))).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Copy code' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Copied$/ })).toBeVisible();
  const snippet = await page.getByTestId('embed-snippet').inputValue();
  expect(snippet).toContain('data-lang="de"');
  const publicId = /data-spotlist-widget="([^"]+)"/.exec(snippet)![1];
  await shot(page, 'widget-preview-de', { fullContent: true });

  // --- another site embeds it; a visitor likes a place there (no account)
  const host = await startEmbedHost({ appOrigin: base(), publicId, snippet });
  try {
    const visitor = await freshPage(browser, { width: 1024, height: 900 });
    await visitor.goto(host.url);
    const frame = visitor.frameLocator('iframe');
    await expect(frame.getByRole('heading', { name: 'Unsere Lieblingsorte' })).toBeVisible();
    const like = frame.getByRole('button', { name: `Gefällt mir: ${PLACES[1]}` });
    await like.click();
    await expect(frame.getByRole('button', { name: `Gefällt mir nicht mehr: ${PLACES[1]}` })).toHaveAttribute('aria-pressed', 'true');
    await shot(visitor, 'widget-embedded-on-host', { fullContent: true });
    await visitor.context().close();
  } finally {
    await host.close();
  }

  // --- the business sees the view and the like in its charts
  await page.goto('/widget');
  const analytics = page.getByTestId('widget-analytics');
  const totals = analytics.getByRole('table', { name: 'Totals of the period' });
  // views: the visitor's frame alone (the owner's preview frames count nothing); likes: the visitor's one like
  await expect.poll(async () => Number((await totals.getByRole('cell').nth(0).textContent())?.replace(/\D/g, ''))).toBe(1);
  await expect(totals.getByRole('cell').nth(2)).toHaveText('1');
  await expect(analytics.getByRole('table', { name: 'Per place' }).getByRole('row', { name: new RegExp(PLACES[1]) })).toContainText('1');
  await expect(analytics.locator('canvas').first()).toBeVisible();
  await shot(page, 'widget-analytics-charts', { scrollTo: analytics });

  // --- the guest app shows the widget; its link is the guests' way in
  await menu(page, 'Guest app');
  const widgetsForGuests = page.getByRole('group', { name: 'Widgets guests see' });
  await widgetsForGuests.getByRole('checkbox').first().check();
  await page.getByRole('button', { name: 'Save guest app' }).click();
  await expect(page.getByText('The guest app has been saved.')).toBeVisible();
  const guestUrl = await page.getByTestId('guest-link').first().getByRole('link').getAttribute('href');
  expect(guestUrl).toMatch(/\/g\/[A-Za-z0-9_-]+/);

  // --- a guest likes two places, signs up from the guest app and finds them in their own likes
  const guest = await freshPage(browser);
  await guest.goto(new URL(guestUrl!, base()).toString());
  for (const name of [PLACES[0], PLACES[2]]) {
    await guest
      .getByRole('button', { name: `Like: ${name}` })
      .first()
      .click();
    await expect(guest.getByRole('button', { name: `Remove like: ${name}` }).first()).toHaveAttribute('aria-pressed', 'true');
  }
  await shot(guest, 'guest-app-liked', { fullContent: true });
  await guest.getByRole('link', { name: 'Sign up' }).click();
  await expect(guest).toHaveURL(/\/signup/);
  const guestEmail = uniqueEmail('guest');
  const claim = guest.waitForResponse((r) => r.url().endsWith('/api/guest/claim') && r.request().method() === 'POST');
  await signupFromHere(guest, guestEmail);
  expect((await claim).status()).toBe(200);
  await guest.waitForURL(/\/onboarding$/);
  await guest.getByRole('button', { name: 'Save and continue' }).click();
  await skipIntro(guest);
  await menu(guest, 'My places');
  const liked = guest.getByRole('list', { name: /liked places/i });
  await expect(liked.getByText(PLACES[0], { exact: true })).toBeVisible();
  await expect(liked.getByText(PLACES[2], { exact: true })).toBeVisible();
  await expect(liked.getByRole('listitem')).toHaveCount(2);
  await guest.context().close();

  // the same account logs in again: the likes are its own now (kept by the server, not the browser)
  const again = await freshPage(browser);
  await again.goto('/login');
  await login(again, guestEmail);
  await again.waitForURL(/\/dashboard$/);
  await menu(again, 'My places');
  await expect(again.getByRole('list', { name: /liked places/i }).getByRole('listitem')).toHaveCount(2);
  await again.context().close();

  // --- the business's dashboard: this week's guests (the visitor on the other site and the guest
  // of the guest app) and the one account made from a guest
  await page.goto('/dashboard');
  const guestCard = page.getByRole('region', { name: 'Guest app' });
  await expect(guestCard.getByRole('listitem', { name: 'Guests this week', exact: true })).toHaveText(/2$/);
  await expect(guestCard.getByRole('listitem', { name: 'Sign-ups from guests this week' })).toHaveText(/1$/);
  await shot(page, 'dashboard-business-guests', { scrollTo: guestCard });
});

/** The sign-up form on the current page (opened from the guest app, with the guest key in the address). */
async function signupFromHere(page: Page, email: string) {
  await page.getByRole('radio', { name: 'Private' }).check();
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Nickname', { exact: true }).fill('Gina');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox', { name: /I accept the terms/ }).check();
  await page.getByRole('button', { name: 'Sign up' }).click();
}
