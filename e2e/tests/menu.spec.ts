import { expect, test } from '@playwright/test';
import { login, SHOWN_PAGE } from './support';

test.use({ viewport: { width: 390, height: 844 } });

test('an entry tapped while the phone menu still slides in opens its page and the menu closes', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('spotlist.cookieNoticeDismissed', '1'));
  await login(page, 'private@demo.spotlist.app', 'demo-private-2026');
  await page.waitForURL(/\/dashboard$/);
  const menu = page.locator('ion-menu');
  for (const [entry, url] of [
    ['My lists', /\/lists$/],
    ['My places', /\/widget-marked-mylike$/],
  ] as const) {
    // Ionic's page transition is over: the page left behind, still moving out, has a Menu button too
    await expect(page.locator(SHOWN_PAGE)).toHaveCount(1);
    await page.locator(SHOWN_PAGE).getByRole('button', { name: 'Menu' }).filter({ visible: true }).first().click();
    // at once, as a quick thumb does: the entry is still moving in. A dispatched click: Playwright's
    // own click waits for the entry to stand still, and refuses it while it is still off screen.
    await expect(menu).toHaveClass(/show-menu/);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: entry, exact: true }).dispatchEvent('click');
    await expect(page).toHaveURL(url);
    // the menu does not stay open over the page
    await expect(page.locator('ion-menu.show-menu')).toHaveCount(0);
    await expect(page.locator(SHOWN_PAGE).getByRole('heading', { level: 1, name: entry })).toBeVisible();
  }
});
