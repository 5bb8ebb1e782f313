import { expect, test } from '@playwright/test';
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
  const map = page.locator('.map-picker-map');
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

test('a business manages its content languages with the language popover', async ({ page }) => {
  await signupAndOnboard(page, { type: 'Business', email: uniqueEmail('biz-lang'), nickname: 'Café Isar', industry: 'Other' });
  await menu(page, 'Settings');
  await page.getByRole('link', { name: 'More app languages' }).click();
  await expect(page).toHaveURL(/\/app-languages$/);
  const content = page.getByRole('region', { name: 'Content languages' });
  await expect(content.getByText('You do not offer any content language yet.')).toBeVisible();
  for (const language of ['Deutsch', 'English']) {
    await content.getByRole('button', { name: 'Add a language' }).click();
    const popup = page.getByRole('menu', { name: 'Content languages to add' });
    await expect(popup).toBeVisible();
    if (language === 'English') {
      await overlayShown(page);
      await shot(page, 'app-languages-popover');
    }
    await popup.getByRole('menuitemradio', { name: language }).click();
    await expect(content.getByRole('list', { name: 'Content languages' }).getByText(language)).toBeVisible();
  }
  await content.getByRole('button', { name: 'Make default: English' }).click();
  await expect(content.getByRole('button', { name: 'Make default: Deutsch' })).toBeVisible();
  await shot(page, 'app-languages', { fullContent: true });

  await content.getByRole('link', { name: 'Language of texts in lists' }).click();
  await expect(page).toHaveURL(/\/listi18n-popover$/);
  await page.getByRole('button', { name: 'Texts in: English' }).click();
  await page.getByRole('menu', { name: 'Languages' }).getByRole('menuitemradio', { name: 'Deutsch' }).click();
  await expect(page.getByRole('button', { name: 'Texts in: Deutsch' })).toBeVisible();
  await expect(page.locator('ion-popover')).toHaveCount(0);
  await shot(page, 'listi18n-popover');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Texts in: Deutsch' })).toBeVisible();
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

  await page.getByRole('checkbox', { name: 'Allow push notifications' }).check();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Allow push notifications' })).toBeChecked();

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
