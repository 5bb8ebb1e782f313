import { expect, test } from '@playwright/test';
import { menu, overlayShown, shot, signupAndOnboard, uniqueEmail } from './support';

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
