import { expect, test } from '@playwright/test';
import { login, menu, shot, signup, skipIntro, uniqueEmail } from './support';

test('the login, signup and password reset forms run without breaking the content security policy', async ({ page }) => {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportViolation: (v: string) => void }).reportViolation(
        `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}`,
      ),
    ),
  );
  await page.goto('/login');
  // the form's zod schema runs on submit
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('This field is required.').first()).toBeVisible();
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.goto('/password-reset');
  await expect(page.getByRole('button', { name: 'Send link' })).toBeVisible();
  expect(violations).toEqual([]);
});

test('a private user signs up, completes onboarding, logs out and back in', async ({ page }) => {
  const email = uniqueEmail('private');
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Spotlist' })).toBeVisible();
  await shot(page, 'login');

  await signup(page, { type: 'Private', email, nickname: 'Robin' });
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Robin' })).toBeVisible();
  // the e-mail and nickname typed at signup are not asked again
  await expect(page.getByLabel('Nickname')).toHaveCount(0);
  await expect(page.getByLabel('E-mail')).toHaveCount(0);
  // onboarding hides the page list: no menu toggle
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
  await shot(page, 'onboarding');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  // the intro once after onboarding (its own test below)
  await skipIntro(page);

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Hello, Robin!' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible(); // side menu, permanent at >= 1250 px
  await shot(page, 'dashboard');

  await menu(page, 'Log out');
  await expect(page).toHaveURL(/\/login$/);
  await login(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Hello, Robin!' })).toBeVisible();
  // the session survives a reload (refresh token cookie + stored user)
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Hello, Robin!' })).toBeVisible();
});

test('a business must pick an industry during onboarding', async ({ page }) => {
  await signup(page, { type: 'Business', email: uniqueEmail('biz'), nickname: 'Hotel Am See' });
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('Please choose an entry from the list.')).toBeVisible();
  await expect(page).toHaveURL(/\/onboarding$/);
  await shot(page, 'onboarding-business-industry-required');
  await page.getByLabel('Industry').selectOption({ label: 'Hospitality' });
  await page.getByRole('button', { name: 'Save and continue' }).click();
  // the intro of a business account
  await expect(page).toHaveURL(/\/intro$/);
  await expect(page.getByRole('group', { name: 'Your business profile' })).toBeVisible();
  await skipIntro(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Hello, Hotel Am See!' })).toBeVisible();
});

// SPEC §2 intro: right after onboarding, once; then from the menu. Screenshots at phone and desktop width.
for (const size of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const) {
  test.describe(`at ${size.name} width (${size.width} px)`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('the intro shows once after onboarding with its slides, and Get started leads on', async ({ page }) => {
      await signup(page, { type: 'Blogger', email: uniqueEmail(`intro-${size.name}`), nickname: 'Lena' });
      await expect(page).toHaveURL(/\/onboarding$/);
      await page.getByRole('button', { name: 'Save and continue' }).click();
      await expect(page).toHaveURL(/\/intro$/);

      const track = page.getByRole('region', { name: 'What you can do with Spotlist' });
      // only the current slide is exposed (the others are aria-hidden)
      const slide = (name: string) => track.getByRole('group', { name });
      const dot = (n: number) => page.getByRole('button', { name: `Slide ${n} of 4`, exact: true });
      await expect(slide('Collect your finds')).toBeInViewport({ ratio: 0.9 });
      await expect(page.getByRole('button', { name: /^Slide \d of 4$/ })).toHaveCount(4);
      await expect(dot(1)).toHaveAttribute('aria-current', 'true');
      await shot(page, `intro-first-${size.name}`);

      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await expect(slide('Your blogger profile')).toBeInViewport({ ratio: 0.9 });
      await expect(dot(2)).toHaveAttribute('aria-current', 'true');
      await track.focus();
      await page.keyboard.press('ArrowRight');
      await expect(slide('Public lists for your readers')).toBeInViewport({ ratio: 0.9 });
      // where a swipe ends: the track scrolled (snapped) to the last slide makes it the current one
      await track.evaluate((el) => el.scrollTo({ left: el.clientWidth * 3, behavior: 'instant' }));
      await expect(dot(4)).toHaveAttribute('aria-current', 'true');
      await expect(slide('Bring your places along')).toBeInViewport({ ratio: 0.9 });
      await expect(page.getByRole('button', { name: 'Skip', exact: true })).toHaveCount(0);
      await shot(page, `intro-last-${size.name}`);

      await page.getByRole('button', { name: 'Get started', exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard$/);

      // once: later it is a menu entry, and from there it goes back to the dashboard
      await menu(page, 'Introduction');
      await expect(page).toHaveURL(/\/intro$/);
      await expect(slide('Collect your finds')).toBeInViewport({ ratio: 0.9 });
      await page.getByRole('button', { name: 'Skip', exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
    });
  });
}

test('a guarded page opened while logged out is shown after login', async ({ page }) => {
  const email = uniqueEmail('guard');
  await signup(page, { type: 'Private', email, nickname: 'Kim' });
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await skipIntro(page);
  await menu(page, 'Log out');
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/dashboard?tab=recent');
  await expect(page).toHaveURL(/\/login$/);
  await login(page, email);
  await expect(page).toHaveURL(/\/dashboard\?tab=recent$/);
});

test('wrong password shows the translated error toast', async ({ page }) => {
  await page.goto('/login');
  await login(page, 'nobody@e2e.spotlist', 'not the password');
  await expect(page.getByText('E-mail or password is wrong.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('the language menu switches the logged-out pages to German, and it is remembered', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Language').selectOption({ label: 'Deutsch' });
  await expect(page.getByRole('heading', { name: 'Willkommen bei Spotlist' })).toBeVisible();
  await shot(page, 'login-de');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Willkommen bei Spotlist' })).toBeVisible();
  await page.getByLabel('Sprache').selectOption({ label: 'English' });
  await expect(page.getByRole('heading', { name: 'Welcome to Spotlist' })).toBeVisible();
});

test('the cookie notice stays dismissed after a reload', async ({ page }) => {
  await page.goto('/login');
  const notice = page.getByRole('region', { name: 'Cookie notice' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Got it' }).click();
  await expect(notice).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome to Spotlist' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cookie notice' })).toHaveCount(0);
});

test('the demo business logs in and the menu shows its pages', async ({ page }) => {
  await page.goto('/login');
  await login(page, 'business@demo.spotlist.app', 'demo-business-2026');
  await expect(page).toHaveURL(/\/dashboard$/);
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await expect(nav.getByRole('button', { name: 'Dashboard' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Log out' })).toBeVisible();
  // the demo business has the widget, guest app, overlay, AI assistant and GPS tracking flags (seeded)
  for (const entry of ['Classic widget', 'My widgets', 'Guest app', 'Overlay manager', 'AI content assistant', 'GPS tracking'])
    await expect(nav.getByRole('button', { name: entry, exact: true })).toBeVisible();
});
