import { expect, test, type Page } from '@playwright/test';
import { menu, shot, signupAndOnboard, uniqueEmail } from './support';

const MARIENPLATZ = { latitude: 48.1374, longitude: 11.5755 };

test.use({ permissions: ['geolocation'], geolocation: MARIENPLATZ });

/** "420 m" / "2 km" / "world" → metres (world last). */
const metres = (text: string): number => {
  const m = /^([\d.,]+)\s*(k?m)$/.exec(text.trim());
  if (!m) return Number.POSITIVE_INFINITY;
  const n = Number(m[1].replace(/,/g, ''));
  return m[2] === 'km' ? n * 1000 : n;
};

async function like(page: Page, query: string, name: string) {
  const search = page.getByLabel('Search places');
  await search.fill(query);
  await page
    .getByRole('list', { name: 'Search results' })
    .getByRole('button', { name: `Like ${name}` })
    .click();
  await expect(page.getByRole('list', { name: 'Liked places' }).getByText(name, { exact: true })).toBeVisible();
}

test('a private user likes places, sees them by distance and on the map', async ({ page }) => {
  await signupAndOnboard(page, { type: 'Private', email: uniqueEmail('places'), nickname: 'Pia' });
  await expect(page.getByRole('button', { name: 'My lists' })).toBeVisible();
  await menu(page, 'My places');
  await expect(page).toHaveURL(/\/widget-marked-mylike$/);
  await expect(page.getByText('You have not liked any places yet.')).toBeVisible();

  // liked far to near: the page shows them near to far (English names: the app language is en)
  await like(page, 'Eisbach', 'Eisbach surf wave');
  await like(page, 'Hofgarten', 'Hofgarten');
  await like(page, 'Viktualien', 'Viktualienmarkt');
  const rows = page.getByRole('list', { name: 'Liked places' }).getByRole('listitem');
  await expect(rows).toHaveCount(3);
  const texts = await rows.allTextContents();
  expect(texts.map((t) => ['Viktualienmarkt', 'Hofgarten', 'Eisbach surf wave'].find((n) => t.startsWith(n)))).toEqual([
    'Viktualienmarkt',
    'Hofgarten',
    'Eisbach surf wave',
  ]);
  const distances = (await rows.locator('.place-distance').allTextContents()).map(metres);
  expect(distances.every((d) => Number.isFinite(d))).toBe(true);
  expect([...distances].sort((a, b) => a - b)).toEqual(distances);
  expect(texts[0]).toMatch(/\d+ m/);
  expect(distances[0]).toBeLessThan(1000);
  await shot(page, 'places-marked', { fullContent: true });

  // unlike and like again
  await page.getByRole('button', { name: 'Unlike Hofgarten' }).click();
  await expect(rows).toHaveCount(2);
  await like(page, 'Hofgarten', 'Hofgarten');
  await expect(rows).toHaveCount(3);

  // the map: one 29x35 marker per liked place, a tap opens the place
  await page.getByRole('link', { name: 'Show on the map' }).click();
  await expect(page).toHaveURL(/\/widget-marked-mylike-map$/);
  // Ionic's page transition is over when only one page is shown
  await expect(page.locator('ion-router-outlet > .ion-page:not(.ion-page-hidden)')).toHaveCount(1);
  const markers = page.locator('.leaflet-marker-icon.place-marker');
  await expect(markers).toHaveCount(3);
  const box = await markers.first().boundingBox();
  expect([Math.round(box!.width), Math.round(box!.height)]).toEqual([29, 35]);
  // the view is fitted to the markers: all inside the map, none on another (a tap opens the right place)
  // the map page's own map (the list page, kept by Ionic, may hold its pane map from 1250 px)
  const area = (await page.getByRole('group', { name: 'Map of my places' }).locator('.places-map-map').boundingBox())!;
  const boxes = await Promise.all((await markers.all()).map(async (m) => (await m.boundingBox())!));
  for (const b of boxes) {
    expect(b.x).toBeGreaterThanOrEqual(area.x);
    expect(b.y).toBeGreaterThanOrEqual(area.y);
    expect(b.x + b.width).toBeLessThanOrEqual(area.x + area.width);
    expect(b.y + b.height).toBeLessThanOrEqual(area.y + area.height);
  }
  for (const [i, a] of boxes.entries())
    for (const b of boxes.slice(i + 1)) {
      const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
      expect(apart, 'markers overlap').toBe(true);
    }
  await page.locator('.leaflet-marker-icon[title="Viktualienmarkt"]').click();
  const popup = page.locator('.leaflet-popup-content');
  await expect(popup).toContainText('Viktualienmarkt');
  await expect(popup).toContainText(/\d+ m/);
  await shot(page, 'places-map');

  // back to the list, and on to the lists
  await page.getByRole('link', { name: 'Show as a list' }).click();
  await page.getByRole('link', { name: 'My lists' }).click();
  await expect(page).toHaveURL(/\/lists$/);
});
