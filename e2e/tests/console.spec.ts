import { expect, test, type Browser, type Page } from '@playwright/test';
import { go, login, menu, seriousViolations, shot, SHOWN_PAGE, signupAndOnboard, uniqueEmail } from './support';

/**
 * The console and moderation (issue 15): an administrator lands in the console, switches a feature
 * on for a business (its menu shows it at the next request), a user reports a list, the
 * administrator hides it, the owner reads the notice and appeals, the appeal is back in the queue.
 * Every console page at phone and desktop width, with axe.
 */
const ADMIN = { email: 'admin@spotlist.local', password: 'e2e-admin-password-1' };
const base = () => process.env.E2E_BASE_URL!;

async function api<T>(path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(new URL(path, base()), {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-auth-token': token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function newPage(browser: Browser, width: number, height: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height }, locale: 'en-US' });
  await context.addInitScript(() => localStorage.setItem('spotlist.cookieNoticeDismissed', '1'));
  return context.newPage();
}

const shown = (page: Page) => page.locator(SHOWN_PAGE);

async function heading(page: Page, name: string) {
  await expect(shown(page).getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
  await expect(page.locator(SHOWN_PAGE)).toHaveCount(1);
}

test('an administrator runs the console: a feature switched on, a reported list hidden, the appeal back in the queue', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // the list's owner, made through the API: a public list with one place
  const ownerEmail = uniqueEmail('list-owner');
  const owner = await api<{ authtoken: string; id: number }>('/api/signup', {
    email: ownerEmail,
    password: 'e2e journey secret',
    accountType: { id: 1 },
    nickname: { value: 'Olga' },
    termsaccepted: true,
    tokenTransport: 'body',
  });
  await api('/api/myprofile/update', { email: ownerEmail, nickname: { value: 'Olga' }, accountType: { id: 1 } }, owner.authtoken);
  const listName = `Night spots ${Date.now().toString(36)}`;
  const list = await api<{ id: number }>(
    '/api/list/add',
    { name: listName, visibility: { id: 255 }, description: 'Loud and rude.' },
    owner.authtoken,
  );

  // a user reports the list from its page
  const reporter = await newPage(browser, 390, 844);
  await signupAndOnboard(reporter, { type: 'Private', email: uniqueEmail('reporter'), nickname: 'Rita' });
  await reporter.goto(`/lists/${list.id}`);
  await heading(reporter, listName);
  await shown(reporter).getByRole('button', { name: 'Report this list' }).click();
  await reporter.getByRole('textbox', { name: 'Reason (optional)' }).fill('Insults in the description');
  await reporter.getByRole('button', { name: 'Send report' }).click();
  await expect(shown(reporter).getByText('Thank you. Your report has been sent.')).toBeVisible();

  // the administrator logs in and lands in the console, the queue counting the report
  const admin = await newPage(browser, 1440, 900);
  await admin.goto('/login');
  await login(admin, ADMIN.email, ADMIN.password);
  await admin.waitForURL(/\/console$/);
  await heading(admin, 'Console');
  await expect(shown(admin).getByText(/\d+ waiting/)).toBeVisible();
  expect(await seriousViolations(admin)).toEqual([]);
  await shot(admin, 'console-overview-desktop');

  // a feature for a business: the demo business sees "Guest app" in its menu at its next request
  const business = await newPage(browser, 390, 844);
  await business.goto('/login');
  await login(business, 'business@demo.spotlist.app', 'demo-business-2026');
  await business.waitForURL(/\/dashboard$/);
  await go(admin, 'Console');
  await shown(admin).getByRole('link', { name: 'Accounts', exact: true }).first().click();
  await heading(admin, 'Accounts');
  await shown(admin).getByRole('searchbox', { name: 'Search by e-mail, nickname or name' }).fill('business@demo');
  await shown(admin)
    .getByRole('link', { name: /Hotel Isarblick|business@demo/ })
    .first()
    .click();
  await heading(admin, 'Hotel Isarblick');
  const guestApp = shown(admin).getByRole('checkbox', { name: 'Guest app' });
  if (await guestApp.isChecked()) {
    await guestApp.uncheck();
    await expect(guestApp).not.toBeChecked();
  }
  await business.reload();
  await business.waitForURL(/\/dashboard$/);
  await menu(business, 'Dashboard');
  await expect(business.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Guest app' })).toHaveCount(0);
  await guestApp.check();
  await expect(guestApp).toBeChecked();
  expect(await seriousViolations(admin)).toEqual([]);
  await shot(admin, 'console-user-desktop', { fullContent: true });
  await business.reload();
  await menu(business, 'Guest app');
  await business.waitForURL(/\/guest-mode-app$/);

  // the report in the queue: the content as reported; hidden with a reason
  await shown(admin).getByRole('link', { name: 'Reports', exact: true }).first().click();
  await heading(admin, 'Reports');
  const card = shown(admin).getByRole('article', { name: `Report about ${listName}` });
  await expect(card.getByText('Insults in the description')).toBeVisible();
  await expect(card.getByText('Loud and rude.')).toBeVisible();
  expect(await seriousViolations(admin)).toEqual([]);
  await shot(admin, 'console-reports-desktop', { fullContent: true });
  await card.getByRole('radio', { name: 'Hide the content' }).check();
  await card.getByRole('textbox', { name: 'Reason the owner reads' }).fill('Insulting language is not allowed.');
  await card.getByRole('button', { name: 'Apply decision' }).click();
  await expect(card).toHaveCount(0);

  // the reporter no longer reads it
  await reporter.reload();
  await expect(shown(reporter).getByText(listName)).toHaveCount(0);

  // the owner: a notice in the menu, the reason, an appeal
  const ownerPage = await newPage(browser, 390, 844);
  await ownerPage.goto('/login');
  await login(ownerPage, ownerEmail, 'e2e journey secret');
  await ownerPage.waitForURL(/\/dashboard$/);
  // the entry counts the unread notice (its name says so to a screen reader too)
  await menu(ownerPage, 'Notices 1 unread');
  await heading(ownerPage, 'Notices from the moderators');
  const notice = shown(ownerPage)
    .getByRole('listitem')
    .filter({ hasText: `“${listName}” was hidden` });
  await expect(notice.getByText('Insulting language is not allowed.')).toBeVisible();
  await notice.getByRole('button', { name: 'Appeal this decision' }).click();
  await notice.getByRole('textbox', { name: 'Why the decision is wrong' }).fill('It quotes a song.');
  await notice.getByRole('button', { name: 'Send appeal' }).click();
  await expect(notice.getByText('Waiting for an answer')).toBeVisible();
  expect(await seriousViolations(ownerPage)).toEqual([]);
  await shot(ownerPage, 'notices-phone', { fullContent: true });

  // the appeal is back in the queue
  await admin.reload();
  await heading(admin, 'Reports');
  const appealed = shown(admin).getByRole('article', { name: `Report about ${listName}` });
  await expect(appealed.getByText('It quotes a song.')).toBeVisible();
  await expect(appealed.getByText('Appealed', { exact: true })).toBeVisible();

  // the audit log has the decision and the switch
  await shown(admin).getByRole('link', { name: 'Audit log', exact: true }).first().click();
  await heading(admin, 'Audit log');
  await expect(shown(admin).getByRole('cell', { name: 'report.decide' }).first()).toBeVisible();
  await expect(shown(admin).getByRole('cell', { name: 'user.flags' }).first()).toBeVisible();
  expect(await seriousViolations(admin)).toEqual([]);
  await shot(admin, 'console-audit-desktop');

  // a saved filter: the refusals under a name, chosen again after the filters changed
  await shown(admin).getByLabel('Outcome', { exact: true }).selectOption('refused');
  await shown(admin).getByRole('button', { name: 'Save these filters' }).click();
  await admin.getByRole('alertdialog').getByRole('textbox', { name: 'Name' }).fill('Refusals');
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Save' }).click();
  await expect(shown(admin).getByText('Saved as “Refusals”.')).toBeVisible();
  await shown(admin).getByLabel('Outcome', { exact: true }).selectOption('');
  await shown(admin).getByLabel('Saved filters', { exact: true }).selectOption({ label: 'Refusals' });
  await expect(shown(admin).getByLabel('Outcome', { exact: true })).toHaveValue('refused');
});

test('the console pages at phone width', async ({ browser }) => {
  const page = await newPage(browser, 390, 844);
  await page.goto('/login');
  await login(page, ADMIN.email, ADMIN.password);
  await page.waitForURL(/\/console$/);
  for (const [section, name] of [
    ['Accounts', 'console-users-phone'],
    ['Reports', 'console-reports-phone'],
    ['Audit log', 'console-audit-phone'],
    ['Jobs and integrations', 'console-jobs-phone'],
    ['Translations', 'console-translations-phone'],
    ['Reference data', 'console-reference-phone'],
  ] as const) {
    await shown(page).getByRole('link', { name: section, exact: true }).first().click();
    await heading(page, section);
    expect(await seriousViolations(page), section).toEqual([]);
    await shot(page, name);
  }
  // a plain user has no console: no menu entry, and the address leads to the dashboard
  const user = await newPage(browser, 390, 844);
  await signupAndOnboard(user, { type: 'Private', email: uniqueEmail('no-console'), nickname: 'Pia' });
  await user.goto('/console');
  await user.waitForURL(/\/dashboard$/);
});

test('a translator publishes a text, every user reads it, and it goes back to the shipped one; reference data is kept in one table', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await newPage(browser, 1440, 900);
  await page.goto('/login');
  await login(page, ADMIN.email, ADMIN.password);
  await page.waitForURL(/\/console$/);
  await shown(page).getByRole('link', { name: 'Translations', exact: true }).first().click();
  await heading(page, 'Translations');
  await shown(page).getByLabel('Language', { exact: true }).selectOption('en');
  await shown(page).getByRole('searchbox', { name: 'Search by key or text' }).fill('CONSOLE.TRANSLATIONS_HINT');
  const row = shown(page).getByRole('row').filter({ hasText: 'CONSOLE.TRANSLATIONS_HINT' });
  await row.getByRole('button', { name: 'Edit' }).click();
  await row.getByRole('textbox', { name: 'Text of CONSOLE.TRANSLATIONS_HINT' }).fill('Published texts reach everyone within a minute.');
  await row.getByRole('button', { name: 'Publish' }).click();
  await expect(row.getByText('Changed on this server')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'console-translations-desktop');
  // another visitor (a browser without this one's cached copy, which may be a minute old) reads the server's text
  const other = await newPage(browser, 390, 844);
  await other.goto('/login');
  await login(other, ADMIN.email, ADMIN.password);
  await other.waitForURL(/\/console$/);
  await other.goto('/console/translations');
  await heading(other, 'Translations');
  await expect(shown(other).getByText('Published texts reach everyone within a minute.')).toBeVisible();
  await shown(page).getByLabel('Language', { exact: true }).selectOption('en');
  await shown(page).getByLabel('Show', { exact: true }).selectOption('changed');
  const changed = shown(page).getByRole('row').filter({ hasText: 'CONSOLE.TRANSLATIONS_HINT' });
  await changed.getByRole('button', { name: 'Back to the shipped text' }).click();
  await expect(shown(page).getByText('No text matches this search.')).toBeVisible();

  // reference data: a salutation added, renamed and deleted
  await shown(page).getByRole('link', { name: 'Reference data', exact: true }).first().click();
  await heading(page, 'Reference data');
  await shown(page).getByLabel('List', { exact: true }).selectOption({ label: 'Salutations' });
  await shown(page).getByRole('button', { name: 'Add an entry' }).click();
  const form = shown(page).getByRole('form', { name: 'Add an entry' });
  await form.getByRole('textbox', { name: 'Key' }).fill('comrade');
  await form.getByRole('textbox', { name: 'Name (English)' }).fill('Comrade');
  await form.getByRole('button', { name: 'Save' }).click();
  const entry = shown(page).getByRole('row').filter({ hasText: 'Comrade' });
  await expect(entry).toHaveCount(1);
  await entry.getByRole('button', { name: 'Edit' }).click();
  const change = shown(page).getByRole('form', { name: 'Change Comrade' });
  await change.getByRole('textbox', { name: 'Name (English)' }).fill('Comrades');
  await change.getByRole('button', { name: 'Save' }).click();
  await expect(shown(page).getByRole('cell', { name: 'Comrades', exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'console-reference-desktop');
  await shown(page).getByRole('button', { name: 'Delete Comrades' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(shown(page).getByRole('cell', { name: 'Comrades', exact: true })).toHaveCount(0);

  // jobs and integrations
  await shown(page).getByRole('link', { name: 'Jobs and integrations', exact: true }).first().click();
  await heading(page, 'Jobs and integrations');
  await expect(shown(page).getByRole('cell', { name: 'mail.send' })).toBeVisible();
  await expect(shown(page).getByRole('row').filter({ hasText: 'E-mail' }).getByText('Not configured')).toBeVisible();
  // push: browsers always; the apps only with FCM (Android) and APNs (iOS), neither set here
  await expect(shown(page).getByRole('row').filter({ hasText: 'Push notifications: browsers' }).getByText('Web Push (VAPID)')).toBeVisible();
  const ios = shown(page).getByRole('row').filter({ hasText: 'Push notifications: iOS app' });
  await expect(ios.getByText('Not configured')).toBeVisible();
  await expect(ios.getByText('Devices are kept, nothing is sent to them')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'console-jobs-desktop', { fullContent: true });
});
