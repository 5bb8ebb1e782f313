import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { fill, menu, overlayShown, shot, signupAndOnboard, uniqueEmail } from './support';

const MARIENPLATZ = { latitude: 48.1374, longitude: 11.5755 };

test.use({ permissions: ['geolocation'], geolocation: MARIENPLATZ });

/** A real JPEG: a green square with a yellow sun. */
const photo = () =>
  sharp({ create: { width: 480, height: 320, channels: 3, background: '#1b6e5a' } })
    .composite([
      { input: Buffer.from('<svg width="160" height="160"><circle cx="80" cy="80" r="70" fill="#f4c542"/></svg>'), top: 80, left: 160 },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();

/** "Add a picture" → action sheet → Photo library → the browser's file chooser gets the photo. */
async function pickPicture(page: Page, region: Locator, name: string) {
  await region.getByRole('button', { name: 'Add a picture' }).click();
  const sheet = page.locator('ion-action-sheet');
  const chooser = page.waitForEvent('filechooser');
  await sheet.getByRole('button', { name: 'Photo library' }).click();
  await (await chooser).setFiles({ name, mimeType: 'image/jpeg', buffer: await photo() });
}

/** The shown Ionic page (Ionic keeps the pages under it mounted, hidden). */
const shown = (page: Page) => page.locator('ion-router-outlet > .ion-page:not(.ion-page-hidden)');

/** Waits until the address is `url` and Ionic's page transition is over (one page shown). */
async function arrived(page: Page, url: RegExp) {
  await expect(page).toHaveURL(url);
  await expect(shown(page)).toHaveCount(1);
}

const loadedWidth = (img: Locator) => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0));

test('a user adds a place with a picture and a map position, edits, likes and reopens it; another user can only report it', async ({
  page,
  browser,
}) => {
  await signupAndOnboard(page, { type: 'Private', email: uniqueEmail('place-owner'), nickname: 'Ada' });
  await menu(page, 'My places');
  await page.getByRole('link', { name: 'Add a place' }).click();
  await arrived(page, /\/place-edit\/new$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add a place' })).toBeVisible();

  // the form: every field, the position picked on the map, a picture waiting for the save
  await fill(page, 'Name', 'Rooftop Café Blau');
  await page.getByLabel('Description').fill('Coffee above the old town.\nOpen from 8 am.');
  await page.getByLabel('Category').selectOption({ label: 'Café' });
  await page.getByRole('checkbox', { name: 'Step-free access' }).check();
  await page.getByRole('checkbox', { name: 'Elevator' }).check();
  await fill(page, 'Street and number', 'Rindermarkt 5');
  await fill(page, 'City', 'München');
  await page.getByLabel('Country').selectOption({ label: 'Germany' });
  await fill(page, 'Website', 'cafe-blau.example');
  await fill(page, 'Phone', '+49 89 1234567');
  // "Refine" once the city has given a position, "Pick" while it has not: either opens the picker
  await page.getByRole('button', { name: /^(Pick|Refine) on the map$/ }).click();
  // the map itself (its loading box has the same class until Leaflet arrives)
  const map = page.locator('.map-picker-map.leaflet-container');
  await expect(map).toBeVisible();
  await map.click({ position: { x: 180, y: 120 } });
  await expect(page.getByLabel('Latitude')).toHaveValue(/^4[78]\.\d{6}$/);
  await expect(page.getByLabel('Longitude')).toHaveValue(/^1[12]\.\d{6}$/);
  const pictures = page.getByRole('region', { name: 'Pictures' });
  await pickPicture(page, pictures, 'terrace.jpg');
  await expect(pictures.getByText('terrace.jpg – uploaded when the place is saved')).toBeVisible();

  const upload = page.waitForResponse((r) => /\/api\/place\/\d+\/picture$/.test(r.url()) && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Add place' }).click();
  expect((await upload).status()).toBe(200);
  await arrived(page, /\/place\/\d+$/);
  const placeUrl = new URL(page.url()).pathname;
  const id = placeUrl.split('/').pop()!;

  // its page: name, description, category, tags, address, links, the picture (really loaded), distance
  const detail = shown(page);
  await expect(detail.getByRole('heading', { level: 1, name: 'Rooftop Café Blau' })).toBeVisible();
  await expect(detail.getByText('Coffee above the old town.')).toBeVisible();
  await expect(detail.locator('.place-category')).toHaveText('Café');
  await expect(detail.getByRole('region', { name: 'Accessibility' }).getByRole('listitem')).toHaveText(['Step-free access', 'Elevator']);
  await expect(detail.locator('.place-facts')).toContainText('Rindermarkt 5, München, Germany');
  await expect(detail.getByRole('link', { name: 'cafe-blau.example' })).toHaveAttribute('rel', /noopener/);
  await expect(detail.getByRole('link', { name: '+49 89 1234567' })).toHaveAttribute('href', 'tel:+49891234567');
  await expect(detail.locator('.place-facts .place-distance')).toHaveText(/^\d+(\.\d+)? k?m$/);
  const picture = detail.getByRole('img', { name: 'Picture 1 of Rooftop Café Blau' });
  await expect(picture).toHaveAttribute('src', /^\/api\/document\/\d+\/thumb(\?v=\w+)?$/);
  await expect.poll(() => loadedWidth(picture)).toBeGreaterThan(0);
  await shot(page, 'place-detail', { fullContent: true });

  // edit: a new name, back on its page
  await detail.getByRole('link', { name: 'Edit' }).click();
  await arrived(page, new RegExp(`/place-edit/${id}$`));
  const form = shown(page);
  await expect(form.getByRole('heading', { level: 1, name: 'Edit place' })).toBeVisible();
  await expect(form.getByRole('img', { name: 'Picture 1 of Rooftop Café Blau' })).toBeVisible();
  const name = form.getByLabel('Name', { exact: true });
  await name.click();
  await name.fill('Rooftop Café Blau & Garden');
  await shot(page, 'place-edit', { fullContent: true });
  await form.getByRole('button', { name: 'Save changes' }).click();
  await arrived(page, new RegExp(`${placeUrl}$`));
  await expect(shown(page).getByRole('heading', { level: 1, name: 'Rooftop Café Blau & Garden' })).toBeVisible();

  // like it, find it in My places, open it from there
  await shown(page).getByRole('button', { name: 'Like', exact: true }).click();
  await expect(shown(page).getByRole('button', { name: 'Unlike', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await shown(page).getByRole('link', { name: 'Back to my places' }).click();
  await arrived(page, /\/widget-marked-mylike$/);
  // on the map: the marker's popup links to the place
  await shown(page).getByRole('link', { name: 'Show on the map' }).click();
  await arrived(page, /\/widget-marked-mylike-map$/);
  // the map page's chunk may still be loading while My places (with its own side map at this width) is shown
  await expect(shown(page).getByRole('heading', { level: 1, name: 'My places on the map' })).toBeVisible();
  // right after the page shows, the map may still fit itself to its final box (ResizeObserver);
  // Leaflet does not take a tap during that move as a click: tap again, as a person would
  const popupLink = shown(page).locator('.leaflet-popup-content').getByRole('link', { name: 'Rooftop Café Blau & Garden' });
  await expect(async () => {
    await shown(page).locator('.leaflet-marker-icon[title="Rooftop Café Blau & Garden"]').click();
    await expect(popupLink).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await popupLink.click();
  await arrived(page, new RegExp(`${placeUrl}$`));
  // in the list of My places: its name links to it
  await shown(page).getByRole('link', { name: 'Back to my places' }).click();
  await arrived(page, /\/widget-marked-mylike$/);
  const liked = page.getByRole('list', { name: 'Liked places' });
  await liked.getByRole('link', { name: 'Rooftop Café Blau & Garden' }).click();
  await arrived(page, new RegExp(`${placeUrl}$`));
  await expect(shown(page).getByRole('button', { name: 'Unlike', exact: true })).toBeVisible();

  // a phone-sized window: the same page, one column
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(shown(page).getByRole('heading', { level: 1, name: 'Rooftop Café Blau & Garden' })).toBeVisible();
  await shot(page, 'place-detail-mobile', { fullContent: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // another user: may read, like and report it, not change it
  const other = await browser.newContext({ permissions: ['geolocation'], geolocation: MARIENPLATZ });
  const visitor = await other.newPage();
  await signupAndOnboard(visitor, { type: 'Private', email: uniqueEmail('place-visitor'), nickname: 'Bo' });
  await visitor.goto(placeUrl);
  await arrived(visitor, new RegExp(`${placeUrl}$`));
  const seen = shown(visitor);
  await expect(seen.getByRole('heading', { level: 1, name: 'Rooftop Café Blau & Garden' })).toBeVisible();
  await expect.poll(() => loadedWidth(seen.getByRole('img', { name: 'Picture 1 of Rooftop Café Blau & Garden' }))).toBeGreaterThan(0);
  await expect(seen.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(seen.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  const report = visitor.waitForRequest((r) => r.url().endsWith(`/api/place/objectionable/${id}`) && r.method() === 'POST');
  await seen.getByRole('button', { name: 'Report as objectionable' }).click();
  await overlayShown(visitor);
  const dialog = visitor.getByRole('alertdialog', { name: 'Report this place' });
  await dialog.getByLabel('Reason (optional)').fill('The phone number is wrong.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  expect((await report).postDataJSON()).toEqual({ reason: 'The phone number is wrong.' });
  await expect(seen.getByRole('status').filter({ hasText: 'Thank you. Your report has been sent.' })).toBeVisible();
  await shot(visitor, 'place-detail-reported', { fullContent: true });

  // the edit address says no without offering a form
  await visitor.goto(`/place-edit/${id}`);
  await arrived(visitor, new RegExp(`/place-edit/${id}$`));
  await expect(shown(visitor).getByRole('alert')).toHaveText('Only the creator of this place can change it.');
  await expect(shown(visitor).getByLabel('Name', { exact: true })).toHaveCount(0);
  await other.close();
});
