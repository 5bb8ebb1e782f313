import { expect, test, type Page } from '@playwright/test';
import { login } from './support';

/**
 * Nothing moves while a page loads (the bench's Lighthouse target: cumulative layout shift 0): each
 * page opened afresh, at phone and desktop width, as a returning demo user (cookie notice
 * dismissed), its layout shifts summed from the browser's own Layout Instability API until its
 * data is in and shown. Skeletons stand where content comes; the content then replaces them
 * instead of pushing what is below (dashboard grid, My places, My lists, the place's map box).
 */
const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;
/** Lighthouse shows CLS with two decimals: below this it reads 0. */
const MAX_CLS = 0.005;

const DEMO = {
  private: { email: 'private@demo.spotlist.app', password: 'demo-private-2026' },
  business: { email: 'business@demo.spotlist.app', password: 'demo-business-2026' },
} as const;

declare global {
  interface Window {
    __shifts?: { value: number; sources: string[] }[];
  }
}

async function loginAs(page: Page, account: keyof typeof DEMO) {
  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('spotlist.cookieNoticeDismissed', '1'));
  await login(page, DEMO[account].email, DEMO[account].password);
  await page.waitForURL(/\/dashboard$/);
  await page.addInitScript(() => {
    window.__shifts = [];
    const describe = (node: Node | null) => {
      const el = node instanceof Element ? node : node?.parentElement;
      return el
        ? `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`
        : '?';
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node: Node | null }[];
      })[]) {
        if (!entry.hadRecentInput) window.__shifts?.push({ value: entry.value, sources: entry.sources.map((s) => describe(s.node)) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Opens `path` afresh at each width and sums its layout shifts once `ready` is visible and the skeletons are gone. */
async function expectStill(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto(path);
    await ready(page);
    await expect(page.locator('.skeleton, [role=status] .loading-box')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    // a frame after the last answer: a shift it caused has been reported
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const shifts = await page.evaluate(() => window.__shifts ?? []);
    const total = shifts.reduce((sum, s) => sum + s.value, 0);
    expect.soft(total, `${path} at ${size.name} width moved while loading: ${JSON.stringify(shifts)}`).toBeLessThan(MAX_CLS);
  }
}

test.use({ locale: 'en-US' });

test('the pages of a private user do not move while they load', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'private');
  await expectStill(page, '/dashboard', async (p) => {
    await expect(p.getByRole('region', { name: 'My lists' }).getByRole('link', { name: 'Sunday in Munich' })).toBeVisible();
  });
  await expectStill(page, '/widget-marked-mylike', async (p) => {
    await expect(p.getByRole('list', { name: 'Liked places' }).getByRole('listitem').first()).toBeVisible();
  });
  await expectStill(page, '/widget-marked-mylike-map', async (p) => {
    await expect(p.locator('.leaflet-marker-icon').first()).toBeVisible();
  });
  await expectStill(page, '/lists', async (p) => {
    await expect(p.getByRole('link', { name: 'Sunday in Munich' })).toBeVisible();
  });
  const list = await page.getByRole('link', { name: 'Sunday in Munich' }).getAttribute('href');
  expect(list).toMatch(/^\/lists\/\d+$/);
  await expectStill(page, list!, async (p) => {
    await expect(p.getByRole('list', { name: 'Places in the list' }).getByRole('listitem').first()).toBeVisible();
    // a map loads as it comes near the screen (MapWhenNear), its box standing meanwhile
    await p.locator('.list-detail-map').scrollIntoViewIfNeeded();
    await expect(p.locator('.leaflet-container')).toBeVisible();
  });
  const place = await page.getByRole('list', { name: 'Places in the list' }).getByRole('link').first().getAttribute('href');
  expect(place).toMatch(/^\/place\/\d+$/);
  await expectStill(page, place!, async (p) => {
    await expect(p.getByRole('region', { name: 'Add to a list' })).toBeVisible();
    await p.locator('.place-detail-map').scrollIntoViewIfNeeded();
    await expect(p.locator('.leaflet-container')).toBeVisible();
  });
});

test('the dashboard of a business does not move while it loads', async ({ page }) => {
  await loginAs(page, 'business');
  await expectStill(page, '/dashboard', async (p) => {
    await expect(p.getByRole('region', { name: /This week/ })).toBeVisible();
  });
});
