import { expect, test, type Page } from '@playwright/test';
import { go, login, pageSettled, PASSWORD, shot, signup, skipIntro, uniqueEmail } from './support';

/**
 * Issue 22: logging in and connecting with external accounts. The providers are local fakes
 * (apps/server/test/fakes: a real OpenID Provider as Apple and LinkedIn) that log in by themselves
 * as the account the test names (e2e/provider-control.ts), so the browser goes the whole way:
 * Spotlist → the provider → back to /auth/callback → Spotlist.
 */
async function nextAccount(provider: 'apple' | 'linkedin', account: Record<string, unknown> | null) {
  const res = await fetch(`${process.env.E2E_PROVIDER_CONTROL}/account`, { method: 'POST', body: JSON.stringify({ provider, account }) });
  expect(res.status).toBe(204);
}
const sub = (tag: string) => `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
const prompt = (page: Page) => page.locator('ion-alert.social-connect-prompt');

/** A password account made through the signup form, logged out again; LinkedIn's next login has its e-mail. */
async function passwordAccountAtLinkedIn(page: Page, tag: string, nickname: string): Promise<string> {
  const email = uniqueEmail(tag);
  await signup(page, { type: 'Private', email, nickname });
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
  await nextAccount('linkedin', { sub: sub('li'), email, email_verified: 'true', given_name: nickname });
  return email;
}

test('signing up with Apple makes a new account that starts onboarding, with the connected toast', async ({ page }) => {
  const email = uniqueEmail('apple');
  await nextAccount('apple', { sub: sub('apple'), email, email_verified: 'true' });
  await page.goto('/signup');
  const apple = page.getByRole('button', { name: 'Continue with Apple' });
  await expect(apple).toBeVisible();
  await shot(page, 'signup-providers');
  // the terms come first, as for the form
  await apple.click();
  await expect(page.getByText('Please accept the terms of use.').first()).toBeVisible();
  await page.getByRole('radio', { name: 'Business' }).check();
  await page.getByRole('checkbox', { name: /I accept the terms/ }).check();
  await apple.click();
  await expect(page).toHaveURL(/\/onboarding$/, { timeout: 20_000 });
  await expect(page.locator('ion-toast')).toContainText('Apple is connected.');
  // the code left the address and the history
  expect(page.url()).not.toContain('code=');
  // newmodel: a business account, its e-mail confirmed by Apple, onboarding to fill the profile
  const user = await page.evaluate(async () =>
    (
      await fetch('/api/session/user', { headers: { 'x-auth-token': JSON.parse(localStorage.getItem('spotlist.user')!).authtoken } })
    ).json(),
  );
  expect(user).toMatchObject({ email, emailVerified: true, accountType: { id: 2 }, profileFilled: false });
});

test('a LinkedIn login with the e-mail of a password account asks for that password: empty, wrong, then right', async ({ page }) => {
  const email = await passwordAccountAtLinkedIn(page, 'linked', 'Lin');
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Continue with LinkedIn' })).toBeVisible();
  await shot(page, 'login-providers');
  await page.getByRole('button', { name: 'Continue with LinkedIn' }).click();

  // SPEC §2 social-connect prompt
  await expect(prompt(page)).toBeVisible({ timeout: 20_000 });
  await expect(prompt(page)).toContainText('You already have a Spotlist account with this e-mail address.');
  await shot(page, 'social-connect-prompt');
  // no password: it says so and stays open
  await prompt(page).getByRole('button', { name: 'Login' }).click();
  await expect(prompt(page)).toContainText('Please enter a password.');
  // a wrong one: the prompt again, saying so
  await prompt(page).locator('input[type=password]').fill('not my password');
  await prompt(page).getByRole('button', { name: 'Login' }).click();
  await expect(prompt(page)).toContainText('That password is not right.', { timeout: 10_000 });
  await shot(page, 'social-connect-prompt-wrong');
  // the right one: connected, logged in
  await prompt(page).locator('input[type=password]').fill(PASSWORD);
  await prompt(page).getByRole('button', { name: 'Login' }).click();
  await expect(page.locator('ion-toast')).toContainText('LinkedIn is connected.');
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await skipIntro(page);

  // Profile → Connected accounts: the LinkedIn card, then disconnect
  await go(page, 'Profile');
  await page.getByRole('link', { name: 'Connected accounts' }).click();
  await expect(page).toHaveURL(/\/profile\/connections$/);
  const card = page.getByRole('article', { name: 'LinkedIn' });
  await expect(card).toContainText('Connected');
  await expect(card).toContainText(email);
  await expect(page.getByRole('article', { name: 'Apple' })).toContainText('Not connected');
  await pageSettled(page);
  await expect(page.locator('ion-toast')).toHaveCount(0, { timeout: 10_000 });
  await shot(page, 'connections');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'connections-phone', { fullContent: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await card.getByRole('button', { name: 'Disconnect' }).click();
  await page.locator('ion-alert').getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.locator('ion-toast')).toContainText('LinkedIn is disconnected.');
  await expect(card).toContainText('Not connected');
  await expect(card.getByRole('button', { name: 'Connect' })).toBeVisible();
});

test('dismissing the password prompt does nothing further: no session, back at the login page', async ({ page }) => {
  const email = await passwordAccountAtLinkedIn(page, 'dismiss', 'Dee');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with LinkedIn' }).click();
  await expect(prompt(page)).toBeVisible({ timeout: 20_000 });
  await prompt(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('spotlist.user'))).toBeNull();
  // the password still logs in as before
  await login(page, email);
  await expect(page).toHaveURL(/\/(onboarding|dashboard)$/);
});

test('the login page at phone width with the providers', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Continue with Apple' })).toBeVisible();
  await shot(page, 'login-providers-phone', { fullContent: true });
});
