import { expect, test, type Page } from '@playwright/test';
import { go, login, seriousViolations, shot, SHOWN_PAGE } from './support';
import { api, loginToken } from './support-api';

/**
 * Every page that is not a form page (layout.spec.ts checks those) at phone and desktop width, for
 * each account type (the demo accounts): no serious or critical axe-core violation, and a full-page screenshot of each
 * page at both widths for people to look at (e2e/artifacts/screenshots/a11y-*). Read-only: the demo
 * accounts are only looked at.
 */
const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

const DEMO = {
  private: { email: 'private@demo.spotlist.app', password: 'demo-private-2026', nickname: 'Alex' },
  blogger: { email: 'blogger@demo.spotlist.app', password: 'demo-blogger-2026', nickname: 'Munich Foodie' },
  business: { email: 'business@demo.spotlist.app', password: 'demo-business-2026', nickname: 'Hotel Isarblick' },
} as const;

/** Logs a demo account in from the login page; ends on its dashboard. */
async function loginAs(page: Page, account: keyof typeof DEMO) {
  await page.goto('/login');
  await login(page, DEMO[account].email, DEMO[account].password);
  await page.waitForURL(/\/dashboard$/);
}

/**
 * Checks the shown page at each width: waits for it (its heading, the transition over, its data in,
 * its fonts laid out), checks it with axe-core and takes its screenshot as `a11y-<name>-<width>`.
 * One visit, both widths: the window is resized as a person turning a tablet would.
 */
async function check(page: Page, name: string, heading: string) {
  const shown = page.locator(SHOWN_PAGE);
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await expect(shown.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    await expect(shown).toHaveCount(1);
    await expect(page.locator(`${SHOWN_PAGE} :is(.app-spinner, .page-loading, .dashboard-skeleton)`)).toHaveCount(0);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    expect.soft(await seriousViolations(page), `${name} at ${size.name} width: serious or critical accessibility violations`).toEqual([]);
    await shot(page, `a11y-${name}-${size.name}`, { fullContent: true });
  }
}

test.use({ locale: 'en-US', permissions: ['geolocation'], geolocation: { latitude: 48.1374, longitude: 11.5755 } });

test('the pages of a private user are accessible at phone and desktop width', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'private');
  const shown = page.locator(SHOWN_PAGE);
  // the dashboard's sections have their data: the demo list is listed
  await expect(shown.getByRole('link', { name: /Sunday in Munich/ }).first()).toBeVisible();
  await check(page, 'dashboard-private', `Hello, ${DEMO.private.nickname}!`);

  await go(page, 'Introduction');
  await check(page, 'intro', 'What you can do with Spotlist');

  await go(page, 'My places');
  await expect(shown.getByRole('list', { name: 'Liked places' }).getByRole('listitem').first()).toBeVisible();
  await check(page, 'my-places', 'My places');

  await go(page, 'Map');
  await expect(page.locator(`${SHOWN_PAGE} .leaflet-marker-icon`).first()).toBeVisible();
  await check(page, 'places-map', 'My places on the map');

  await go(page, 'My places');
  await shown.getByRole('list', { name: 'Liked places' }).getByRole('link', { name: 'Viktualienmarkt' }).click();
  await check(page, 'place-detail', 'Viktualienmarkt');

  await go(page, 'My lists');
  await check(page, 'lists', 'My lists');
  await shown.getByRole('link', { name: 'Sunday in Munich' }).click();
  // the read view: its places with their notes as text, no editing controls
  await expect(shown.getByRole('list', { name: 'Places in the list' })).toContainText('Lunch at the stalls');
  await expect(shown.getByRole('button', { name: 'Edit list' })).toBeVisible();
  await expect(shown.getByRole('button', { name: /^Move .* up$/ })).toHaveCount(0);
  await check(page, 'list-read', 'Sunday in Munich');

  await go(page, 'People');
  await expect(shown.getByRole('list', { name: 'Suggested people' }).getByRole('listitem').first()).toBeVisible();
  await check(page, 'people', 'People');
  await shown.getByRole('link', { name: 'Your connections' }).click();
  await check(page, 'people-connections', 'Your connections');

  await go(page, 'Settings');
  await check(page, 'settings', 'Settings');
  await go(page, 'Profile');
  await check(page, 'profile', 'Your profile');

  await page.goto('/no-such-page');
  await check(page, 'not-found', 'Not found');
});

test('the dashboard of a blogger is accessible at phone and desktop width', async ({ page }) => {
  await loginAs(page, 'blogger');
  await expect(
    page
      .locator(SHOWN_PAGE)
      .getByRole('link', { name: /First day in Munich/ })
      .first(),
  ).toBeVisible();
  await check(page, 'dashboard-blogger', `Hello, ${DEMO.blogger.nickname}!`);
});

test('the pages of a business are accessible at phone and desktop width', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'business');
  const shown = page.locator(SHOWN_PAGE);
  await expect(shown.getByRole('list', { name: 'Your widgets' }).getByRole('listitem')).toHaveCount(2);
  await check(page, 'dashboard-business', `Hello, ${DEMO.business.nickname}!`);

  await go(page, 'My widgets');
  await check(page, 'widget-list', 'My widgets');
  await shown.getByRole('link', { name: 'Rainy day' }).click();
  await expect(shown.getByTestId('widget-analytics').getByRole('table', { name: 'Totals of the period' })).toBeVisible();
  await check(page, 'widget-detail', 'Rainy day');

  // the classic widget's analytics: chart and tables drawn
  await go(page, 'Classic widget');
  const analytics = shown.getByTestId('widget-analytics');
  await expect(analytics.getByRole('table', { name: 'Totals of the period' })).toBeVisible();
  await expect(analytics.locator('canvas').first()).toBeVisible();
  await check(page, 'analytics', 'Hotel Isarblick');

  await go(page, 'Guest app');
  await check(page, 'guest-mode-app', 'Your guest app');

  // the AI assistant (seeded flag; the e2e server has a local OpenAI-compatible provider)
  await go(page, 'AI content assistant');
  await expect(shown.getByRole('button', { name: 'Start' })).toBeVisible();
  await check(page, 'ai-assistant', 'AI content assistant');
  // the review of the demo overlay's French, translated from German (French is a draft already)
  const token = await loginToken(DEMO.business.email, DEMO.business.password);
  const { list } = await api<{ list: { id: number; name: string }[] }>('/api/overlays', { token });
  const overlay = list.find((o) => o.name === 'Terrace breakfast')!;
  const run = await api<{ id: number }>('/api/openai/translations', {
    body: { kind: 'overlay', id: overlay.id, from: 'de', to: ['fr'] },
    token,
  });
  await page.goto(`/ai-translations/${run.id}`);
  await expect(shown.getByTestId('review-progress')).toHaveText('1 of 1 languages ready', { timeout: 20_000 });
  await check(page, 'ai-translation-review', 'Translations of “Terrace breakfast”');

  // GPS tracking (seeded: the simulator's three shuttles)
  await go(page, 'GPS tracking');
  await expect(shown.locator('.fleet-row')).toHaveCount(3);
  await check(page, 'gps-tracking', 'GPS tracking');
});
