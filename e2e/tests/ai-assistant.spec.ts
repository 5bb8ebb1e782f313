import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { APP_LANGUAGES } from '../../packages/contracts/src/constants';
import { startBuiltServer } from '../server-process';
import { api, grantFlags, loginToken } from './support-api';
import { login, menu, shot, SHOWN_PAGE, signupAndOnboard, uniqueEmail } from './support';

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

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Adds content languages (by key) to a business through the API, as the app-languages page does. */
async function offerLanguages(token: string, keys: readonly string[]) {
  const { list } = await api<{ list: { id: number; key: string }[] }>('/api/language/list');
  for (const key of keys) await api('/api/language/add', { body: { id: list.find((l) => l.key === key)!.id }, token });
}

/**
 * Issue 20 end to end: in the overlay editor the ✨ actions write the text from notes (streamed),
 * "Translate to all languages" makes a draft in the 12 other languages (one job each), the review
 * shows German beside the English source with its checks, and "Publish Deutsch" puts German live:
 * the others stay drafts.
 */
test('a business writes an overlay with the assistant, translates it to all languages, reviews German and publishes it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('ai-translate');
  await signupAndOnboard(page, { type: 'Business', email, nickname: 'Hotel Seeblick', industry: 'Tours' });
  const token = await loginToken(email);
  await offerLanguages(token, ['en', ...APP_LANGUAGES.filter((l) => l !== 'en')]);
  await grantFlags(email, { overlayactivated: true, aiassistantactivated: true });
  await page.reload();

  await menu(page, 'Overlay manager');
  await page.getByRole('textbox', { name: 'Name' }).fill('Terrace breakfast');
  await page.getByRole('combobox', { name: 'Format' }).selectOption({ label: 'Pop-up' });
  await page.getByRole('combobox', { name: 'First language' }).selectOption({ label: 'English' });
  await page.getByRole('button', { name: 'Create overlay' }).click();
  await expect(page).toHaveURL(/\/overlay-manager\/\d+\?lang=en$/);
  const overlayId = Number(/overlay-manager\/(\d+)/.exec(page.url())![1]);
  await page.getByRole('textbox', { name: 'Title (English)' }).fill('Breakfast on the terrace');

  // --- ✨ under the empty text: a draft from notes, streamed, then used as the text
  await page.getByRole('button', { name: 'Write with AI' }).click();
  await page.getByRole('textbox', { name: 'What should it say? A few notes are enough.' }).fill('breakfast on the terrace from 7 to 11');
  await page.getByRole('button', { name: 'Write a draft' }).click();
  const streamed = page.getByTestId('ai-inline-result');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  await expect(streamed).toContainText('Good news');
  expect((await streamed.textContent()) ?? '').not.toContain('book your table at the reception.');
  await expect(streamed).toContainText('book your table at the reception.');
  await page.getByRole('button', { name: 'Use this' }).click();
  await expect(page.getByRole('textbox', { name: 'Text (English)' })).toContainText(
    'Good news for our guests: breakfast on the terrace from 7 to 11.',
  );
  await shot(page, 'ai-inline-overlay-desktop', { fullContent: true });

  // --- Translate to all languages: the unsaved text is saved first, then 12 drafts in the review
  await page.getByRole('button', { name: 'Translate to all languages' }).click();
  await expect(page).toHaveURL(/\/ai-translations\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Translations of “Terrace breakfast”', level: 1 })).toBeVisible();
  await expect(page.getByTestId('review-progress')).toHaveText('12 of 12 languages ready', { timeout: 30_000 });
  const german = page.getByTestId('review-de');
  await expect(german.getByRole('status')).toHaveText('Ready to review');
  await expect(german.getByText('Frühstück auf der Terrasse')).toBeVisible();
  await expect(german.getByText('Breakfast on the terrace', { exact: true })).toBeVisible();
  await expect(german.getByRole('list', { name: 'Checks' })).toContainText('Reads as Deutsch');
  await expect(german.getByRole('list', { name: 'Checks' })).toContainText('Names, prices, phone numbers and links kept');
  await shot(page, 'ai-translation-review-desktop');

  await german.getByRole('button', { name: 'Publish Deutsch' }).click();
  await expect(german.getByRole('status')).toHaveText('Published');
  // German is live, every other language a draft, English too (it was never published)
  const { list } = await api<{ list: { id: number; languages: { language: string; state: string }[] }[] }>('/api/overlays', { token });
  const states = Object.fromEntries(list.find((o) => o.id === overlayId)!.languages.map((l) => [l.language, l.state]));
  expect(Object.keys(states)).toHaveLength(13);
  expect(Object.entries(states).filter(([, s]) => s !== 'draft')).toEqual([['de', 'published']]);

  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'ai-translation-review-phone');
  await german.scrollIntoViewIfNeeded();
  await shot(page, 'ai-translation-review-german-phone', { scrollTo: german });
});

/**
 * Without a provider: a server of its own with no AI_BASE_URL (the demo business has the flag) —
 * the assistant page explains the set-up and offers no form, and the overlay editor offers no ✨.
 */
test('without a provider the assistant page explains how to set it up', async ({ browser }) => {
  test.setTimeout(120_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotlist-e2e-noai-'));
  const server = await startBuiltServer(root, {
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    ADMIN_PASSWORD: 'e2e-admin-password-1',
    AI_BASE_URL: '',
  });
  try {
    const url = server.url;
    const context = await browser.newContext({ baseURL: url, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/login');
    await login(page, 'business@demo.spotlist.app', 'demo-business-2026');
    await expect(page).toHaveURL(/\/dashboard$/);
    await menu(page, 'AI content assistant');
    const shown = page.locator(SHOWN_PAGE);
    await expect(shown.getByTestId('ai-not-configured')).toContainText('The AI assistant is not set up on this server yet.');
    await expect(shown.getByTestId('ai-setup-snippet')).toHaveValue(/AI_BASE_URL=http:\/\/localhost:11434\/v1/);
    await expect(shown.getByRole('button', { name: 'Start' })).toHaveCount(0);
    // the page's transition over before the picture
    await page.waitForTimeout(500);
    await shot(page, 'ai-assistant-not-configured-desktop');
    // nothing elsewhere pretends: the overlay editor has no ✨ and no "Translate to all languages"
    await menu(page, 'Overlay manager');
    await shown
      .getByRole('link', { name: /Terrace breakfast|Deutsch/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/overlay-manager\/\d+/);
    await expect(page.locator(SHOWN_PAGE).getByRole('textbox', { name: /^Title/ })).toBeVisible();
    await expect(page.locator(SHOWN_PAGE).getByRole('button', { name: 'Write with AI' })).toHaveCount(0);
    await expect(page.locator(SHOWN_PAGE).getByRole('button', { name: 'Translate to all languages' })).toHaveCount(0);
    await context.close();
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
