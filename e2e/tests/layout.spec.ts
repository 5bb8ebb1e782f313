import { expect, test, type Page } from '@playwright/test';
import { fill, login, shot } from './support';

/**
 * The form pages at phone and desktop width: no form field is followed by more than 48 px of empty
 * space (a flex basis once made every plain input ~200 px tall), and a screenshot of each page at
 * both widths for people to look at (e2e/artifacts/screenshots/layout-*).
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
function gapsAfterFields(page: Page): Promise<Gap[]> {
  return page.evaluate(() => {
    const shown = document.querySelector('ion-router-outlet > .ion-page:not(.ion-page-hidden) ion-content');
    if (!shown) return [];
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
      } else if ((node as Element).matches('input, textarea, select, button, img, svg, canvas, iframe, ion-toggle, .leaflet-container')) {
        const el = node as Element;
        if (getComputedStyle(el).visibility === 'hidden') continue;
        const rect = el.getBoundingClientRect();
        if (seen(rect)) leaves.push({ el, rect });
      }
    }
    const fields = [...shown.querySelectorAll('ion-input, ion-textarea, input, textarea, select')].filter(
      (f) => !(f.matches('input, textarea') && f.closest('ion-input, ion-textarea')) && !f.matches('[type=hidden], [type=checkbox], [type=radio]'),
    );
    const out: { field: string; gap: number }[] = [];
    for (const field of fields) {
      const box = field.getBoundingClientRect();
      if (!seen(box)) continue;
      const wrapper = field.closest('.plain-input, .form-field') ?? field;
      const area = wrapper.getBoundingClientRect();
      const inside = leaves.filter((l) => wrapper.contains(l.el));
      const bottom = Math.max(box.bottom, ...inside.map((l) => l.rect.bottom));
      const below = leaves
        .filter((l) => !wrapper.contains(l.el) && l.rect.top >= bottom - 2)
        .filter((l) => l.rect.left < area.right && l.rect.right > area.left)
        .map((l) => l.rect.top);
      if (below.length === 0) continue;
      const label = field.getAttribute('label') ?? field.getAttribute('aria-label') ?? (field as HTMLInputElement).labels?.[0]?.textContent ?? field.tagName;
      out.push({ field: label.trim(), gap: Math.round(Math.min(...below) - bottom) });
    }
    return out;
  });
}

/** Waits for the page's transition and its data, then checks the gaps and takes the screenshot. */
async function check(page: Page, name: string, width: string) {
  await expect(page.locator('ion-router-outlet > .ion-page:not(.ion-page-hidden)')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  const gaps = await gapsAfterFields(page);
  expect(gaps.length, `${name}: form fields found`).toBeGreaterThan(0);
  expect(
    gaps.filter((g) => g.gap > MAX_GAP),
    `${name} at ${width}: fields followed by more than ${MAX_GAP} px of empty space`,
  ).toEqual([]);
  await shot(page, `layout-${name}-${width}`, { fullContent: true });
}

for (const size of WIDTHS) {
  test(`form pages keep their fields together at ${size.name} width (${size.width} px)`, async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, locale: 'en-US' });
    const page = await context.newPage();
    for (const path of ['/login', '/signup']) {
      await page.goto(path);
      await check(page, path.slice(1), size.name);
    }
    await page.goto('/login');
    await login(page, 'business@demo.spotlist.app', 'demo-business-2026');
    await page.waitForURL(/\/dashboard$/);

    for (const path of ['/widget', '/widget-marked-mylike', '/place-edit/new', '/profile', '/settings']) {
      await page.goto(path);
      await check(page, path.slice(1).replace(/\//g, '-'), size.name);
    }

    await page.goto('/widget-list');
    await page.locator('a[href^="/widget-detail/"]').first().click();
    await page.waitForURL(/\/widget-detail\/\d+$/);
    await check(page, 'widget-detail', size.name);

    await page.goto('/lists');
    await check(page, 'lists', size.name);
    const name = `Layout ${size.name}`;
    await fill(page, 'List name', name);
    await page.getByRole('button', { name: 'Create list' }).click();
    await page.getByRole('link', { name }).click();
    await page.waitForURL(/\/lists\/\d+$/);
    await page.getByRole('button', { name: 'Edit list' }).click();
    await check(page, 'list-edit', size.name);
    await context.close();
  });
}
