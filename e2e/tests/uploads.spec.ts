import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { menu, shot, signupAndOnboard, uniqueEmail } from './support';

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
