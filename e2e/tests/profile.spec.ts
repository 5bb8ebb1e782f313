import crypto from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { fill, menu, overlayShown, shot, signupAndOnboard, uniqueEmail, yearsAgo } from './support';

test('a business fills its profile: rooms, tax id, city and a location, and is asked before leaving unsaved changes', async ({ page }) => {
  await signupAndOnboard(page, { type: 'Business', email: uniqueEmail('biz-profile'), nickname: 'Hotel Seeblick', industry: 'Tours' });
  await menu(page, 'Profile');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();

  // SPEC §5: rooms only (and then required) for hospitality
  await expect(page.getByLabel('Number of rooms')).toHaveCount(0);
  await page.getByLabel('Industry').selectOption({ label: 'Hospitality' });
  const rooms = page.getByLabel('Number of rooms');
  await expect(rooms).toBeVisible();
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('This field is required.')).toBeVisible();
  await shot(page, 'profile-business-rooms-required', { scrollTo: rooms });
  await fill(page, 'Number of rooms', '24');
  await expect(page.getByText('This field is required.')).toHaveCount(0);

  // a country other than Germany needs a tax id
  const country = page.getByLabel('Country', { exact: true });
  const taxId = page.getByLabel('Tax ID');
  await expect(taxId).toBeDisabled();
  await country.selectOption({ label: 'Austria' });
  await expect(taxId).toBeEnabled();
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('This field is required.')).toBeVisible();
  await shot(page, 'profile-business-taxid-required', { scrollTo: taxId });
  await fill(page, 'Tax ID', 'ATU12345678');
  // switching to Germany clears it
  await country.selectOption({ label: 'Germany' });
  await expect(taxId).toHaveValue('');
  await expect(taxId).toBeDisabled();

  // the city is searched in the chosen country
  await page.getByRole('combobox', { name: 'City', exact: true }).fill('Münc');
  await page.getByRole('option', { name: 'München', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'City', exact: true })).toHaveValue('München');
  await fill(page, 'Street', 'Seestraße');
  await fill(page, 'House number', '12');
  await fill(page, 'Postcode', '80331');

  // a location through the city search, placed exactly on the map
  const add = page.getByRole('group', { name: 'Add a location' });
  await add.getByRole('combobox', { name: 'City of the location' }).fill('Starnb');
  await page.getByRole('option', { name: 'Starnberg', exact: true }).click();
  await add.getByLabel('Name (optional)').fill('Seeufer');
  await expect(add.getByRole('status')).toContainText('Position: 48.0');
  await add.getByRole('button', { name: 'Pick on the map' }).click();
  // the map itself (its loading box has the same class until Leaflet arrives)
  const map = page.locator('.map-picker-map.leaflet-container');
  await expect(map).toBeVisible();
  await map.click({ position: { x: 120, y: 90 } });
  await expect(page.locator('.map-picker-map .leaflet-interactive')).toHaveCount(1);
  await shot(page, 'profile-business-map-picker', { scrollTo: map });
  await add.getByRole('button', { name: 'Add location' }).click();
  const locations = page.getByRole('list', { name: 'Locations' });
  await expect(locations.getByText('Seeufer (Starnberg)')).toBeVisible();

  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();
  await shot(page, 'profile-business-saved', { fullContent: true });

  // saved on the server: a reload shows it again
  await page.reload();
  await expect(page.getByLabel('Number of rooms')).toHaveValue('24');
  await expect(page.getByLabel('Country', { exact: true })).toHaveValue('276');
  await expect(page.getByRole('combobox', { name: 'City', exact: true })).toHaveValue('München');
  await expect(page.getByRole('list', { name: 'Locations' }).getByText('Seeufer (Starnberg)')).toBeVisible();

  // SPEC §4 unsaved changes: Yes stays, No leaves
  await page.getByLabel('Description').fill('Rooms with a view of the lake.');
  await menu(page, 'Dashboard');
  const alert = page.getByRole('alertdialog', { name: 'Unsaved Changes' });
  await expect(alert).toBeVisible();
  await overlayShown(page);
  await shot(page, 'profile-unsaved-changes');
  await alert.getByRole('button', { name: 'Yes' }).click();
  await expect(alert).toHaveCount(0);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByLabel('Description')).toHaveValue('Rooms with a view of the lake.');
  await menu(page, 'Dashboard');
  await page.getByRole('alertdialog', { name: 'Unsaved Changes' }).getByRole('button', { name: 'No' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a blogger younger than 16 is refused', async ({ page }) => {
  await signupAndOnboard(page, { type: 'Blogger', email: uniqueEmail('blogger'), nickname: 'Wanderlust' });
  await menu(page, 'Profile');
  const birthday = page.getByLabel('Date of birth');
  await expect(birthday).toBeVisible();
  await birthday.fill(yearsAgo(16, 1));
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('You must be at least 16 years old.')).toBeVisible();
  await shot(page, 'profile-blogger-too-young', { fullContent: true });

  await birthday.fill('1990-05-17');
  await fill(page, 'Type of blog', 'Travel');
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Date of birth')).toHaveValue('1990-05-17');
  await expect(page.getByRole('radio', { name: 'Female' })).toBeChecked();
});

/** A real JPEG (with an EXIF orientation the app turns upright before sending). */
const photo = () =>
  sharp({ create: { width: 480, height: 320, channels: 3, background: '#1b6e5a' } })
    .composite([
      { input: Buffer.from('<svg width="160" height="160"><circle cx="80" cy="80" r="70" fill="#f4c542"/></svg>'), top: 80, left: 160 },
    ])
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 90 })
    .toBuffer();

/** Change picture → action sheet → Photo library → the browser's file chooser gets `file`. */
async function pickPicture(page: Page, group: Locator, button: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  await group.getByRole('button', { name: button }).click();
  const sheet = page.locator('ion-action-sheet');
  await expect(sheet.getByRole('button', { name: 'Camera' })).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Cancel' })).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await sheet.getByRole('button', { name: 'Photo library' }).click();
  await (await chooser).setFiles(file);
}

/** The side menu's picture has loaded (a real image, not a broken one). */
async function loadedWidth(img: Locator) {
  return img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0));
}

test('a user picks a profile picture: progress to Done, then the side menu shows the new thumbnail', async ({ page }) => {
  await signupAndOnboard(page, { type: 'Private', email: uniqueEmail('picture'), nickname: 'Pia' });
  const sideMenuPicture = page.locator('.side-menu-picture');
  await expect(sideMenuPicture).toHaveAttribute('src', '/assets/dummy-user.svg');
  await menu(page, 'Profile');
  const group = page.getByRole('group', { name: 'Profile picture' });
  await expect(group.getByText('No picture yet.')).toBeVisible();
  // private accounts have no logo
  await expect(page.getByRole('group', { name: 'Logo' })).toHaveCount(0);

  const upload = page.waitForResponse((r) => r.url().endsWith('/api/myprofile/image/update') && r.request().method() === 'POST');
  await pickPicture(page, group, 'Change picture', { name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: await photo() });
  const bar = group.getByRole('progressbar', { name: 'Upload of holiday.jpg' });
  await expect(bar).toBeVisible();
  expect((await upload).status()).toBe(200);
  await expect(group.getByText('Uploaded · 100 %')).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuenow', '1');

  // the session's user has the picture: the side menu shows its thumbnail, really loaded
  await expect(sideMenuPicture).toHaveAttribute('src', /^\/api\/document\/\d+\/thumb(\?v=\w+)?$/);
  await expect.poll(() => loadedWidth(sideMenuPicture)).toBeGreaterThan(0);
  const preview = group.getByRole('img', { name: 'Profile picture' });
  await expect(preview).toHaveAttribute('src', /^\/api\/document\/\d+\/thumb(\?v=\w+)?$/);
  // re-encoded upright in the browser: the 480×320 picture with orientation 6 is now portrait
  const size = await preview.evaluate(async (el: HTMLImageElement) => {
    await el.decode();
    return { w: el.naturalWidth, h: el.naturalHeight };
  });
  expect(size.h).toBeGreaterThan(size.w);
  await shot(page, 'uploads-profile-picture-done', { scrollTo: group });

  // kept on the server: after a reload the side menu shows it again
  await page.reload();
  await expect(sideMenuPicture).toHaveAttribute('src', /^\/api\/document\/\d+\/thumb(\?v=\w+)?$/);
  await expect.poll(() => loadedWidth(sideMenuPicture)).toBeGreaterThan(0);
});

test('a business uploads a logo; a refused file says "Something bad happened; please try again later."', async ({ page }) => {
  await signupAndOnboard(page, { type: 'Business', email: uniqueEmail('logo'), nickname: 'Café Blau', industry: 'Tours' });
  await menu(page, 'Profile');
  const logo = page.getByRole('group', { name: 'Logo' });
  await expect(logo.getByText('No logo yet.')).toBeVisible();

  // text named like a PNG: the browser cannot decode it and sends it as it is; the server refuses it
  // (the type comes from the bytes: 415 error.upload.type)
  await pickPicture(page, logo, 'Change logo', {
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('this is not a picture, only text with a .png name\n'),
  });
  await expect(logo.getByRole('alert')).toHaveText('Something bad happened; please try again later.');
  await expect(logo.getByText(/^Failed · /)).toBeVisible();
  await expect(logo.getByRole('button', { name: 'Try again' })).toBeVisible();
  await shot(page, 'uploads-logo-refused', { scrollTo: logo });

  const png = await sharp({ create: { width: 300, height: 120, channels: 4, background: { r: 20, g: 60, b: 200, alpha: 0.5 } } })
    .png()
    .toBuffer();
  await pickPicture(page, logo, 'Change logo', { name: 'logo.png', mimeType: 'image/png', buffer: png });
  await expect(logo.getByText('Uploaded · 100 %')).toBeVisible();
  await expect(logo.getByRole('alert')).toHaveCount(0);
  // no profile picture: the side menu shows the logo (SPEC §2)
  const sideMenuPicture = page.locator('.side-menu-picture');
  await expect(sideMenuPicture).toHaveAttribute('src', /^\/api\/document\/\d+\/thumb(\?v=\w+)?$/);
  await expect.poll(() => loadedWidth(sideMenuPicture)).toBeGreaterThan(0);
  await shot(page, 'uploads-logo-done', { scrollTo: logo });
});

/**
 * A photo of random pixels: JPEG cannot compress noise, so the browser's 0.92 re-encode of these
 * 10 megapixels stays far above RESUMABLE_THRESHOLD_BYTES (5 MiB; about 8 MiB).
 */
const noisyPhoto = () => {
  const width = 4000;
  const height = 2500;
  return sharp(crypto.randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
    .toBuffer();
};

test('a big profile picture goes resumably (tus PATCHes), then becomes the picture: progress to Done, thumbnail in the side menu', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signupAndOnboard(page, { type: 'Private', email: uniqueEmail('bigpicture'), nickname: 'Bea' });
  const sideMenuPicture = page.locator('.side-menu-picture');
  await expect(sideMenuPicture).toHaveAttribute('src', '/assets/dummy-user.svg');
  await menu(page, 'Profile');
  const group = page.getByRole('group', { name: 'Profile picture' });
  await expect(group.getByText('No picture yet.')).toBeVisible();

  const patches: { offset: number; length: number }[] = [];
  const multipart: string[] = [];
  page.on('response', (r) => {
    const req = r.request();
    if (req.method() === 'PATCH' && new URL(r.url()).pathname.startsWith('/api/document/resumable/')) {
      const from = Number(req.headers()['upload-offset']);
      patches.push({ offset: from, length: Number(r.headers()['upload-offset']) - from });
    }
  });
  page.on('request', (r) => {
    if (r.url().endsWith('/api/myprofile/image/update') && /multipart/.test(r.headers()['content-type'] ?? '')) multipart.push(r.url());
  });
  const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/document/resumable' && r.request().method() === 'POST');
  const lastPatch = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && r.headers()['upload-document-id'] !== undefined && r.status() === 204,
    { timeout: 90_000 },
  );
  const adopt = page.waitForRequest((r) => r.url().endsWith('/api/myprofile/image/update') && r.method() === 'POST', { timeout: 90_000 });
  const adopted = page.waitForResponse((r) => r.url().endsWith('/api/myprofile/image/update') && r.request().method() === 'POST', {
    timeout: 90_000,
  });

  await pickPicture(page, group, 'Change picture', { name: 'panorama.jpg', mimeType: 'image/jpeg', buffer: await noisyPhoto() });
  const bar = group.getByRole('progressbar', { name: 'Upload of panorama.jpg' });
  await expect(bar).toBeVisible();

  // the re-encoded file (≥ 5 MiB) is announced to the tus endpoint, then sent in 1 MiB PATCHes
  const creation = await created;
  expect(creation.status()).toBe(201);
  const total = Number(creation.request().headers()['upload-length']);
  expect(total).toBeGreaterThanOrEqual(5 * 1024 * 1024);
  const documentId = Number((await lastPatch).headers()['upload-document-id']);
  expect(documentId).toBeGreaterThan(0);
  expect(patches.length).toBeGreaterThanOrEqual(5);
  expect(patches.every((p) => p.length <= 1024 * 1024)).toBe(true);
  expect(patches.reduce((n, p) => n + p.length, 0)).toBe(total);

  // then the short JSON call makes that document the picture
  const request = await adopt;
  expect(request.headers()['content-type']).toMatch(/^application\/json/);
  const me = request.postDataJSON() as { id: number; documentId: number };
  expect(me.documentId).toBe(documentId);
  const answer = await adopted;
  expect(answer.status()).toBe(200);
  expect(((await answer.json()) as { picturedocument: { id: number } }).picturedocument.id).toBe(documentId);
  expect(multipart).toEqual([]);

  await expect(group.getByText('Uploaded · 100 %')).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuenow', '1');
  await expect(sideMenuPicture).toHaveAttribute('src', new RegExp(`^/api/document/${documentId}/thumb(\\?v=\\w+)?$`));
  await expect.poll(() => loadedWidth(sideMenuPicture)).toBeGreaterThan(0);
  await expect(group.getByRole('img', { name: 'Profile picture' })).toHaveAttribute(
    'src',
    new RegExp(`^/api/document/${documentId}/thumb`),
  );
  await shot(page, 'uploads-profile-picture-resumable-done', { scrollTo: group });
});
