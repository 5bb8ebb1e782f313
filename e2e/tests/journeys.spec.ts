import { expect, test, type Browser, type BrowserContext, type Locator, type Page, type Response } from '@playwright/test';
import { fill, go, login, MENU_DE, PASSWORD, shot, SHOWN_PAGE, uniqueEmail } from './support';

/**
 * Two journeys from the product issue, each at phone and desktop width:
 * a) a new private user signs up in German and stays German, onboarding asks nothing twice, the
 *    intro shows once, a place added by its address alone gets its city's centre, is liked, shown
 *    on the map and put in a list that is then read;
 * b) the demo business's dashboard counts a like a visitor gives on its embedded widget.
 */
const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;
const MARIENPLATZ = { latitude: 48.1374, longitude: 11.5755 };

/** The shown Ionic page (Ionic keeps the pages under it mounted, hidden). */
const shown = (page: Page) => page.locator(SHOWN_PAGE);

/** Waits until the address is `url` and Ionic's page transition is over (one page shown). */
async function arrived(page: Page, url: RegExp) {
  await expect(page).toHaveURL(url);
  await expect(shown(page)).toHaveCount(1);
}

/** `inner` lies wholly inside `outer` (both on screen). */
async function expectInside(inner: Locator, outer: Locator) {
  const a = (await outer.boundingBox())!;
  const b = (await inner.boundingBox())!;
  expect(b.x).toBeGreaterThanOrEqual(a.x);
  expect(b.y).toBeGreaterThanOrEqual(a.y);
  expect(b.x + b.width).toBeLessThanOrEqual(a.x + a.width);
  expect(b.y + b.height).toBeLessThanOrEqual(a.y + a.height);
}

for (const size of WIDTHS) {
  test.describe(`at ${size.name} width (${size.width} px)`, () => {
    // an English browser: German is the user's choice on the signup page, not the browser's
    test.use({
      viewport: { width: size.width, height: size.height },
      locale: 'en-US',
      permissions: ['geolocation'],
      geolocation: MARIENPLATZ,
    });

    test('a new private user signs up in German, adds a place by its address, likes it, maps it and lists it', async ({ page }) => {
      test.setTimeout(90_000);
      const email = uniqueEmail(`journey-de-${size.name}`);
      const nickname = `Greta ${size.name}`;
      const placeName = `Café am Rindermarkt ${size.name}`;
      const listName = `Sonntag ${size.name}`;

      // --- signup in German
      await page.goto('/signup');
      await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
      await page.getByLabel('Language').selectOption({ label: 'Deutsch' });
      await expect(page.getByRole('heading', { level: 1, name: 'Erstelle dein Konto' })).toBeVisible();
      await page.getByRole('radio', { name: 'Privat' }).check();
      await fill(page, 'E-Mail', email);
      await fill(page, 'Spitzname', nickname);
      await fill(page, 'Passwort', PASSWORD);
      await fill(page, 'Passwort bestätigen', PASSWORD);
      await page.getByRole('checkbox', { name: /Ich akzeptiere die Nutzungsbedingungen/ }).check();
      await page.getByRole('button', { name: 'Registrieren' }).click();

      // --- onboarding: e-mail and nickname were typed at signup, so nothing is left to ask
      await arrived(page, /\/onboarding$/);
      const onboarding = shown(page);
      await expect(onboarding.getByRole('heading', { level: 1, name: `Willkommen, ${nickname}` })).toBeVisible();
      await expect(onboarding.getByText('Alles Nötige ist da.', { exact: false })).toBeVisible();
      await expect(onboarding.getByRole('textbox')).toHaveCount(0);
      await onboarding.getByRole('button', { name: 'Speichern und weiter' }).click();

      // --- the intro, once
      await arrived(page, /\/intro$/);
      await expect(shown(page).getByRole('heading', { level: 1, name: 'Was du mit Spotlist machen kannst' })).toBeVisible();
      await shown(page).getByRole('button', { name: 'Überspringen', exact: true }).click();
      await arrived(page, /\/dashboard$/);
      await expect(shown(page).getByRole('heading', { level: 1, name: `Hallo, ${nickname}!` })).toBeVisible();

      // German is the account's language (the server's, not only this tab's), and after a reload
      // the app opens in German on the dashboard, not the intro again
      const session = page.waitForResponse((r) => r.url().endsWith('/api/session/user') && r.ok());
      await page.reload();
      expect(((await (await session).json()) as { language: { key: string } }).language.key).toBe('de');
      await arrived(page, /\/dashboard$/);
      await expect(shown(page).getByRole('heading', { level: 1, name: `Hallo, ${nickname}!` })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');

      // --- a place by its address alone: street, city, country; no coordinates typed
      await go(page, 'Meine Orte', MENU_DE);
      await arrived(page, /\/widget-marked-mylike$/);
      await shown(page).getByRole('link', { name: 'Ort hinzufügen' }).click();
      await arrived(page, /\/place-edit\/new$/);
      const form = shown(page);
      await expect(form.getByRole('heading', { level: 1, name: 'Ort hinzufügen' })).toBeVisible();
      // the form asks the server where the address leads while it is typed (GET /api/place/position)
      const lookups: Response[] = [];
      page.on('response', (r) => {
        if (new URL(r.url()).pathname === '/api/place/position') lookups.push(r);
      });
      await fill(page, 'Name', placeName);
      await fill(page, 'Straße und Hausnummer', 'Rindermarkt 5');
      await fill(page, 'Ort', 'München');
      await form.getByLabel('Land', { exact: true }).selectOption({ label: 'Deutschland' });
      await expect(form.getByTestId('place-position')).toHaveText('Position: aus der Stadt München');
      await expect(form.getByLabel('Breitengrad')).toHaveValue('');
      await expect(form.getByLabel('Längengrad')).toHaveValue('');
      const added = page.waitForResponse((r) => r.url().endsWith('/api/place/add') && r.request().method() === 'POST');
      await form.getByRole('button', { name: 'Ort anlegen' }).click();
      const addResponse = await added;
      expect(addResponse.status()).toBe(200);
      expect(addResponse.request().postDataJSON()).not.toHaveProperty('latitude', expect.any(Number));
      const place = (await addResponse.json()) as { id: number; latitude: number | null; longitude: number | null };
      // the server answers with the centre of München, as its lookup for this address said
      const lookup = lookups.findLast((r) => {
        const q = new URL(r.url()).searchParams;
        return q.get('city') === 'München' && q.get('country') === 'DE' && r.ok();
      });
      expect(lookup, 'the position lookup of the complete address').toBeDefined();
      const position = (await lookup!.json()) as { latitude: number; longitude: number; source: string };
      expect(position.source).toBe('city');
      expect(position.latitude).toBeCloseTo(48.14, 1);
      expect(position.longitude).toBeCloseTo(11.57, 1);
      expect(place.latitude).toBeCloseTo(position.latitude, 6);
      expect(place.longitude).toBeCloseTo(position.longitude, 6);

      // --- its page: like it
      await arrived(page, new RegExp(`/place/${place.id}$`));
      const detail = shown(page);
      await expect(detail.getByRole('heading', { level: 1, name: placeName })).toBeVisible();
      await detail.getByRole('button', { name: 'Merken', exact: true }).click();
      await expect(detail.getByRole('button', { name: 'Nicht mehr merken', exact: true })).toHaveAttribute('aria-pressed', 'true');

      // --- the map of my places is fitted to its one marker
      await go(page, 'Karte', MENU_DE);
      await arrived(page, /\/widget-marked-mylike-map$/);
      // the map of my places by its name (a place page's map of one place is named by the place)
      const map = shown(page).getByRole('group', { name: 'Karte meiner Orte' }).locator('.places-map-map');
      const marker = map.locator(`.leaflet-marker-icon[title="${placeName}"]`);
      await expect(marker).toBeVisible();
      await expect(map.locator('.leaflet-marker-icon')).toHaveCount(1);
      await expectInside(marker, map);
      await shot(page, `journey-de-map-${size.name}`);

      // --- a list with it, read afterwards
      await go(page, 'Meine Listen', MENU_DE);
      await arrived(page, /\/lists$/);
      await fill(page, 'Name der Liste', listName);
      await shown(page).getByRole('button', { name: 'Liste anlegen' }).click();
      await expect(shown(page).getByRole('link', { name: listName })).toBeVisible();
      await page.goto(`/place/${place.id}`);
      await arrived(page, new RegExp(`/place/${place.id}$`));
      const again = shown(page);
      await again.getByLabel('Liste wählen').selectOption({ label: listName });
      await again.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
      await expect(again.getByRole('status').filter({ hasText: `Zu ${listName} hinzugefügt.` })).toBeVisible();

      await go(page, 'Meine Listen', MENU_DE);
      await shown(page).getByRole('link', { name: listName }).click();
      await arrived(page, /\/lists\/\d+$/);
      const list = shown(page);
      await expect(list.getByRole('heading', { level: 1, name: listName })).toBeVisible();
      const items = list.getByRole('list', { name: 'Orte der Liste' }).getByRole('listitem');
      await expect(items).toHaveCount(1);
      await expect(items.first().getByRole('link', { name: placeName })).toBeVisible();
      // read, not edit: the way into editing is offered, its controls are not shown
      await expect(list.getByRole('button', { name: 'Liste bearbeiten' })).toBeVisible();
      await expect(list.getByRole('button', { name: `${placeName} entfernen` })).toHaveCount(0);
      await expect(list.getByRole('group', { name: `Karte der Orte in ${listName}` })).toBeVisible();
      await shot(page, `journey-de-list-${size.name}`, { fullContent: true });
    });

    test("a visitor's like on the business's widget moves the business's dashboard", async ({ page, browser }) => {
      await page.goto('/login');
      await login(page, 'business@demo.spotlist.app', 'demo-business-2026');
      await arrived(page, /\/dashboard$/);
      const likes = shown(page).getByRole('listitem', { name: 'Likes', exact: true }).locator('.dashboard-stat-value');
      await expect(likes).toHaveText(/^\d+$/);
      const before = Number(await likes.textContent());

      // the classic widget's public page, as the preview offers it in a new tab
      await go(page, 'Classic widget');
      await shown(page).getByRole('link', { name: 'Preview' }).click();
      await arrived(page, /\/widget-preview/);
      const href = await shown(page).getByRole('link', { name: 'Open the widget in a new tab' }).getAttribute('href');
      const embed = new URL(href!, page.url());
      expect(embed.pathname).toMatch(/^\/w\/[\w-]+$/);
      embed.searchParams.set('lang', 'en');

      // the visitor stays on the page until the count is seen (its like goes out as a beacon)
      const visitor = await likeAsVisitor(browser, embed.toString(), size);

      // the business's dashboard counts it (read again: visitors' events reach no one's socket)
      await go(page, 'Dashboard');
      await arrived(page, /\/dashboard$/);
      await expect(async () => {
        await page.reload();
        await expect(likes).toHaveText(String(before + 1), { timeout: 2_000 });
      }).toPass({ timeout: 20_000 });
      await shot(page, `journey-business-dashboard-${size.name}`, { fullContent: true });
      await visitor.close();
    });
  });
}

/** An anonymous visitor (a fresh browser) opens the widget's page and likes its first place; answers the visitor's browser. */
async function likeAsVisitor(browser: Browser, url: string, viewport: { width: number; height: number }): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height }, locale: 'en-US' });
  const visitor = await context.newPage();
  await visitor.goto(url);
  await visitor.getByRole('button', { name: 'Like: Viktualienmarkt' }).click();
  await expect(visitor.getByRole('button', { name: 'Remove like: Viktualienmarkt' })).toHaveAttribute('aria-pressed', 'true');
  await shot(visitor, `journey-visitor-widget-${viewport.width}`);
  return context;
}
