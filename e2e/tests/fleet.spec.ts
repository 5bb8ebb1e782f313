import { expect, test, type Page } from '@playwright/test';
import { api, loginToken } from './support-api';
import { login, menu, shot } from './support';

/**
 * Issue 21 end to end: the demo business (seeded with the simulator's three shuttles, shown in its
 * guest app) opens GPS tracking and sees its shuttles move; it hides one for its guest app; a guest
 * opens "Where is my shuttle?" and sees only the others, moving live, with an arrival estimate;
 * a link shared from there opens for someone without the app.
 */
const DEMO = { email: 'business@demo.spotlist.app', password: 'demo-business-2026' };

/** Where Leaflet put each named marker (its transform), by name. */
const markerSpots = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll((els) => Object.fromEntries(els.map((el) => [el.textContent ?? '', (el as HTMLElement).style.transform])));

async function setShown(name: string, shown: boolean) {
  const token = await loginToken(DEMO.email, DEMO.password);
  const { list } = await api<{ list: { id: number; name: string }[] }>('/api/webfleetvehicle/tracking/all-list', { token });
  const id = list.find((v) => v.name === name)!.id;
  await api('/api/webfleetvehicle/tracking/show-hide-vehicles?appClientIds=guestapp', { body: { vehicles: [{ id, shown }] }, token });
}

test.afterAll(async () => {
  // other journeys see the demo guest app as seeded
  await setShown('Shuttle 2', true);
});

test('the demo business sees its shuttles move, hides one for the guest app, and guests see the others live', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.goto('/login');
  await login(page, DEMO.email, DEMO.password);
  await menu(page, 'GPS tracking');
  await expect(page.getByRole('heading', { name: 'GPS tracking', level: 1 })).toBeVisible();
  const list = page.getByRole('region', { name: /Vehicles \(3\)/ });
  for (const name of ['Shuttle 1', 'Shuttle 2', 'Shuttle 3']) await expect(list.getByText(name, { exact: true })).toBeVisible();
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  await expect(page.locator('.fleet-marker')).toHaveCount(3);

  // live: two looks a few seconds apart find the shuttles elsewhere (the simulator reports every 5 s)
  const before = await markerSpots(page, '.fleet-marker');
  await shot(page, 'fleet-tracking-desktop');
  await expect
    .poll(async () => Object.entries(await markerSpots(page, '.fleet-marker')).filter(([n, t]) => before[n] !== t).length, {
      timeout: 20_000,
    })
    .toBeGreaterThan(0);
  await shot(page, 'fleet-tracking-desktop-later');

  // Shuttle 2 is hidden in the guest app: its eye says so
  const row = page.locator('.fleet-row', { hasText: 'Shuttle 2' });
  const eye = row.getByRole('button', { name: 'Guest app' });
  await expect(eye).toHaveAttribute('aria-pressed', 'true');
  await eye.click();
  await expect(eye).toHaveAttribute('aria-pressed', 'false');

  // the settings keep the credentials' fields empty and say which provider runs
  await page.getByRole('button', { name: 'Tracking settings' }).click();
  await expect(page.getByLabel('Tracking provider')).toHaveValue('simulator');
  await page.getByLabel('Tracking provider').selectOption('webfleet');
  await expect(page.getByLabel('API key')).toHaveValue('');
  // WEBFLEET.connect allows 6 object reports a minute: the interval is raised to its 10 s
  await expect(page.getByLabel('Update every (seconds)')).toHaveValue('10');
  await shot(page, 'fleet-settings-webfleet-desktop');
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('.fleet-marker')).toHaveCount(3);
  await shot(page, 'fleet-tracking-phone', { fullContent: true });

  // a guest on a phone: only Shuttle 1 and Shuttle 3, moving live, with an estimate
  const token = await loginToken(DEMO.email, DEMO.password);
  const app = await api<{ publicId: string }>('/api/guestapp', { token });
  const guest = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await guest.goto(`/g/${app.publicId}?lang=en`);
  await guest.getByRole('button', { name: /Where is my shuttle\?/ }).click();
  await expect(guest.getByRole('heading', { name: 'Where is my shuttle?', level: 1 })).toBeVisible();
  const shuttles = guest.locator('.sl-shuttle-row');
  await expect(shuttles).toHaveCount(2);
  await expect(guest.locator('.sl-shuttle-list')).toContainText('Shuttle 1');
  await expect(guest.locator('.sl-shuttle-list')).toContainText('Shuttle 3');
  await expect(guest.locator('.sl-shuttle-list')).not.toContainText('Shuttle 2');
  await expect(guest.locator('.sl-bus')).toHaveCount(2);
  await expect(guest.locator('.sl-shuttle-list')).toContainText(/away/);
  const seen = await markerSpots(guest, '.sl-bus');
  await expect
    .poll(async () => Object.entries(await markerSpots(guest, '.sl-bus')).filter(([n, t]) => seen[n] !== t).length, {
      timeout: 20_000,
    })
    .toBeGreaterThan(0);
  await shot(guest, 'guest-shuttle-phone');

  // the business shows Shuttle 2 again: the guest's view has it at once, without a reload
  await page.setViewportSize({ width: 1366, height: 900 });
  await eye.click();
  await expect(eye).toHaveAttribute('aria-pressed', 'true');
  await expect(shuttles).toHaveCount(3);

  // a link for someone without the app
  await guest.getByRole('button', { name: 'Create link' }).click();
  const link = await guest.locator('.sl-shuttle-link input').inputValue();
  expect(link).toMatch(/\/shuttle\/v1\./);
  const other = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await other.goto(link);
  await expect(other.getByRole('heading', { name: 'Where is my shuttle?', level: 1 })).toBeVisible();
  await expect(other.locator('.sl-shuttle-row')).toHaveCount(3);
  await expect(other.getByText(/Valid until/)).toBeVisible();
  await shot(other, 'shared-shuttle-link-phone');
  await other.close();
  await guest.close();
});
