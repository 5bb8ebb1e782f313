import { expect, test, type Page } from '@playwright/test';
import { fill, go, login, seriousViolations, shot } from './support';

/**
 * The form pages at phone and desktop width: no form field is followed by more than 48 px of empty
 * space (a flex basis once made every plain input ~200 px tall), no serious or critical axe-core
 * violation, and a screenshot of each page at both widths for people to look at
 * (e2e/artifacts/screenshots/layout-*).
 */
const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;
const MAX_GAP = 48;

interface Gap {
  field: string;
  gap: number;
}

/** Each visible form field of the shown page and the empty space below it before the next visible thing. */
function gapsAfterFields(page: Page, heading: string): Promise<Gap[]> {
  return page.evaluate((heading) => {
    const h1 = [...document.querySelectorAll('ion-router-outlet > .ion-page:not(.ion-page-hidden) h1')].find(
      (h) => h.textContent?.trim() === heading,
    );
    const shown = h1?.closest('ion-content');
    if (!shown) throw new Error(`no shown page with the heading ${heading}`);
    const seen = (r: DOMRect) => r.width > 0 && r.height > 0;
    // what a person sees: text, controls, pictures, maps (not the boxes around them)
    const leaves: { el: Node; rect: DOMRect }[] = [];
    const walker = document.createTreeWalker(shown, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.nodeType === Node.TEXT_NODE) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const rect = range.getBoundingClientRect();
        if (seen(rect)) leaves.push({ el: node, rect });
      } else {
        const el = node as Element;
        const style = getComputedStyle(el);
        // controls and pictures, and any box whose top border is drawn (a section's dividing line)
        const drawn = style.borderTopStyle !== 'none' && parseFloat(style.borderTopWidth) > 0;
        if (!drawn && !el.matches('input, textarea, select, button, img, svg, canvas, iframe, ion-toggle, .leaflet-container')) continue;
        if (style.visibility === 'hidden') continue;
        const rect = el.getBoundingClientRect();
        if (seen(rect)) leaves.push({ el, rect });
      }
    }
    const fields = [...shown.querySelectorAll('ion-input, ion-textarea, input, textarea, select')].filter(
      (f) =>
        !(f.matches('input, textarea') && f.closest('ion-input, ion-textarea')) &&
        !f.matches('[type=hidden], [type=checkbox], [type=radio]'),
    );
    const out: { field: string; gap: number }[] = [];
    for (const field of fields) {
      const box = field.getBoundingClientRect();
      if (!seen(box)) continue;
      const wrapper = field.closest('.plain-input, .form-field') ?? field;
      const inside = leaves.filter((l) => wrapper.contains(l.el));
      const bottom = Math.max(box.bottom, ...inside.map((l) => l.rect.bottom));
      // the next thing below, anywhere across the page (a field beside another one ends its row)
      const below = leaves.filter((l) => !wrapper.contains(l.el) && l.rect.top >= bottom - 2).map((l) => l.rect.top);
      if (below.length === 0) continue;
      const label =
        field.getAttribute('label') ??
        field.getAttribute('aria-label') ??
        (field as HTMLInputElement).labels?.[0]?.textContent ??
        field.tagName;
      out.push({ field: label.trim(), gap: Math.round(Math.min(...below) - bottom) });
    }
    return out;
  }, heading);
}

/** Waits for the page (its heading shown, the transition over, its data in), then checks the gaps, axe and takes the screenshot. */
async function check(page: Page, name: string, width: string, heading: string) {
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
  await expect(page.locator('ion-router-outlet > .ion-page:not(.ion-page-hidden)')).toHaveCount(1);
  // the page's data is in (no spinner, no skeleton, no chart's or map's box still loading) and its fonts are laid out
  await expect(
    page.locator('.ion-page:not(.ion-page-hidden) :is(.app-spinner, .page-loading, .dashboard-skeleton, .loading-box)'),
  ).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const gaps = await gapsAfterFields(page, heading);
  expect(
    gaps.filter((g) => g.gap > MAX_GAP),
    `${name} at ${width}: fields followed by more than ${MAX_GAP} px of empty space`,
  ).toEqual([]);
  expect(await seriousViolations(page), `${name} at ${width}: serious or critical accessibility violations`).toEqual([]);
  await shot(page, `layout-${name}-${width}`, { fullContent: true });
}

for (const size of WIDTHS) {
  test(`form pages keep their fields together at ${size.name} width (${size.width} px)`, async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, locale: 'en-US' });
    const page = await context.newPage();
    for (const [path, heading] of [
      ['/login', 'Welcome to Spotlist'],
      ['/signup', 'Create your account'],
    ] as const) {
      await page.goto(path);
      await check(page, path.slice(1), size.name, heading);
    }
    await page.goto('/login');
    await login(page, 'business@demo.spotlist.app', 'demo-business-2026');
    await page.waitForURL(/\/dashboard$/);

    // in the app, as people move (a reload per page would refresh the session each time)
    for (const [entry, name, heading] of [
      ['Classic widget', 'widget', 'Hotel Isarblick'],
      ['My places', 'my-places', 'My places'],
      ['Profile', 'profile', 'Your profile'],
      ['Settings', 'settings', 'Settings'],
    ] as const) {
      await go(page, entry);
      await check(page, name, size.name, heading);
    }
    await go(page, 'My places');
    await page.getByRole('link', { name: 'Add a place' }).click();
    await check(page, 'place-new', size.name, 'Add a place');

    await go(page, 'My widgets');
    await page.getByRole('link', { name: 'Rainy day' }).click();
    await check(page, 'widget-detail', size.name, 'Rainy day');

    await go(page, 'My lists');
    await check(page, 'lists', size.name, 'My lists');
    const name = `Layout ${size.name}`;
    await fill(page, 'List name', name);
    await page.getByRole('button', { name: 'Create list' }).click();
    await page.getByRole('link', { name }).click();
    await page.getByRole('button', { name: 'Edit list' }).click();
    await check(page, 'list-edit', size.name, name);
    await context.close();
  });
}
