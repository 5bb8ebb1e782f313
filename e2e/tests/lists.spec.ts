import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { fill, shot, signupAndOnboard, uniqueEmail } from './support';

const TAKEOUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/takeout-saved-places.json');

test('a private user makes, imports and shares lists; a public link works logged out until it is revoked', async ({ page, browser }) => {
  await signupAndOnboard(page, { type: 'Private', email: uniqueEmail('lists'), nickname: 'Pia' });
  // lists: create one, import a Takeout file, share the import by link
  await page.getByRole('link', { name: 'All my lists' }).click();
  await expect(page).toHaveURL(/\/lists$/);
  await fill(page, 'List name', 'Rainy day');
  await page.getByRole('button', { name: 'Create list' }).click();
  await expect(page.getByRole('link', { name: 'Rainy day' })).toBeVisible();

  await page.getByLabel('File to import').setInputFiles(TAKEOUT);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page).toHaveURL(/\/lists\/\d+$/);
  const items = page.getByRole('list', { name: 'Places in the list' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('Asamkirche Café');
  // the list opens to be read: the note as text, its places on a map, changes after "Edit list"
  await expect(items.first()).toContainText('Great coffee');
  await expect(page.getByRole('group', { name: /^Map of the places in/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Move Monopteros up' })).toHaveCount(0);
  await shot(page, 'list-read', { fullContent: true });
  await page.getByRole('button', { name: 'Edit list' }).click();
  await expect(page.getByRole('textbox', { name: 'Note for Asamkirche Café' })).toHaveValue('Great coffee');
  await page.getByRole('button', { name: 'Move Monopteros up' }).click();
  await expect(items.first()).toContainText('Monopteros');
  await shot(page, 'list-edit', { fullContent: true });
  await page.getByRole('button', { name: 'Done' }).click();

  await page.getByRole('button', { name: 'Create public link' }).click();
  const link = page.getByRole('link', { name: 'Public link' });
  await expect(link).toBeVisible();
  const url = (await link.getAttribute('href'))!;
  expect(url).toMatch(/\/s\/[\w-]+$/);
  await shot(page, 'lists-shared', { fullContent: true });

  // a fresh, logged-out browser opens the link
  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  await guestPage.goto(url);
  await expect(guestPage.getByRole('heading', { level: 1 })).toContainText(/Saved|takeout/i);
  await expect(guestPage.getByText('Shared by Pia')).toBeVisible();
  await expect(guestPage.getByText('Monopteros')).toBeVisible();
  await expect(guestPage.getByRole('button', { name: /Remove|Move/ })).toHaveCount(0);
  await shot(guestPage, 'lists-shared-public');

  // revoked: the same link says so
  await page.getByRole('button', { name: 'Revoke link' }).click();
  await expect(page.getByText('The link has been revoked.')).toBeVisible();
  await guestPage.reload();
  await expect(guestPage.getByRole('alert')).toHaveText("This link has been revoked by the list's owner.");
  await guest.close();
});
