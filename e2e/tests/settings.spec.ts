import { expect, test } from '@playwright/test';
import { menu, overlayShown, shot, signupAndOnboard, uniqueEmail } from './support';

test('the settings switch the interface to German and back, export the data and delete the account', async ({ page }) => {
  const email = uniqueEmail('settings');
  await signupAndOnboard(page, { type: 'Private', email, nickname: 'Sam' });
  await menu(page, 'Settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await shot(page, 'settings', { fullContent: true });

  await page.getByLabel('Your language').selectOption({ label: 'Deutsch' });
  await expect(page.getByRole('heading', { name: 'Einstellungen', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('button', { name: 'Profil' })).toBeVisible();
  await shot(page, 'settings-de', { fullContent: true });
  // the choice is the account's: a reload keeps it
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Einstellungen', level: 1 })).toBeVisible();
  await page.getByLabel('Deine Sprache').selectOption({ label: 'English' });
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

  // push is this device's choice, off until turned on, and nothing asks for it on load (push.spec.ts turns it on)
  await expect(page.getByRole('switch', { name: 'Push notifications on this device' })).not.toBeChecked();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  expect((await download).suggestedFilename()).toMatch(/^spotlist-export-\d+-\d{4}-\d{2}-\d{2}\.json$/);

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete account' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog.getByText('Please enter your password.')).toBeVisible();
  await dialog.getByLabel('Password').fill('e2e journey secret');
  await overlayShown(page);
  await shot(page, 'settings-delete-account');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
