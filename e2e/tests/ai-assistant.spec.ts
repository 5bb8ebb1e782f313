import { expect, test } from '@playwright/test';
import { grantFlags } from './support-api';
import { menu, shot, signupAndOnboard, uniqueEmail } from './support';

/**
 * Issue 20 (first part) end to end: a business with the assistant flag writes an overlay text from
 * its notes and watches it being written (the server streams what the local OpenAI-compatible
 * server of global-setup.ts sends in pieces), then rewrites a text and sees the protected-terms check.
 */
test('a business writes an overlay text with the assistant and watches it stream', async ({ page }) => {
  const email = uniqueEmail('ai-business');
  await signupAndOnboard(page, { type: 'Business', email, nickname: 'Hotel Lakeside', industry: 'Tours' });
  await grantFlags(email, { aiassistantactivated: true });
  await page.reload();
  await menu(page, 'AI content assistant');
  await expect(page.getByRole('heading', { name: 'AI content assistant', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Your notes' }).fill('breakfast on the terrace from 7 to 11');
  await page.getByRole('button', { name: 'Start' }).click();

  const result = page.getByTestId('ai-result');
  // while it is written: Stop is offered and the text grows
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  await expect(result).toContainText('Good news');
  const partial = (await result.textContent()) ?? '';
  expect(partial).not.toContain('book your table at the reception.');
  await shot(page, 'ai-assistant-streaming-desktop');
  await expect(result).toContainText(
    'Good news for our guests: breakfast on the terrace from 7 to 11. We look forward to seeing you on the terrace — book your table at the reception.',
  );
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);
  await expect(page.getByText('A draft only: read it before you publish it anywhere.')).toBeVisible();
  await expect(page.getByTestId('ai-quota')).toHaveText('Requests today: 1 of 200');

  // a rewrite that lost the price and the link of the text is flagged
  await page.getByRole('combobox', { name: 'Task' }).selectOption({ label: 'Rewrite' });
  await page
    .getByRole('textbox', { name: 'Your text' })
    .fill('Breakfast for €14 on the terrace, book at https://lakeside.example/breakfast');
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByTestId('ai-protected')).toContainText('https://lakeside.example/breakfast');
  await expect(page.getByTestId('ai-protected')).toContainText('€14');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'ai-assistant-phone', { fullContent: true });
});
