import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts/screenshots');

let n = 0;
export const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${n++}@e2e.spotlist`;
export const PASSWORD = 'e2e journey secret';

/**
 * A full-page screenshot kept as a test artifact (e2e/artifacts/screenshots). Ionic pages scroll
 * inside ion-content, which `fullPage` cannot see: `scrollTo` brings an element into view first,
 * `fullContent` makes the window as tall as the shown page's content for the shot.
 */
export async function shot(page: Page, name: string, opts: { scrollTo?: Locator; fullContent?: boolean } = {}) {
  if (opts.scrollTo) await opts.scrollTo.scrollIntoViewIfNeeded();
  const viewport = page.viewportSize();
  if (opts.fullContent && viewport) {
    const extra = await page.evaluate(() => {
      const content = document.querySelector('ion-router-outlet > .ion-page:not(.ion-page-hidden) ion-content');
      const scroller = content?.shadowRoot?.querySelector('.inner-scroll');
      return scroller ? scroller.scrollHeight - scroller.clientHeight : 0;
    });
    if (extra > 0) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height + extra });
      // let Ionic lay the taller window out before the picture
      await page.waitForTimeout(300);
    }
  }
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  if (opts.fullContent && viewport) await page.setViewportSize(viewport);
}

/** Fills an Ionic or native input found by its label. */
export async function fill(page: Page, label: string | RegExp, value: string) {
  const input = page.getByLabel(label, { exact: typeof label === 'string' }).first();
  await input.click();
  await input.fill(value);
}

export async function signup(page: Page, opts: { type: 'Private' | 'Business' | 'Blogger'; email: string; nickname: string }) {
  await page.goto('/signup');
  await page.getByRole('radio', { name: opts.type }).check();
  await fill(page, 'E-mail', opts.email);
  await fill(page, 'Nickname', opts.nickname);
  await fill(page, 'Password', PASSWORD);
  await fill(page, 'Confirm password', PASSWORD);
  await page.getByRole('checkbox', { name: /I accept the terms/ }).check();
  await page.getByRole('button', { name: 'Sign up' }).click();
}

export async function login(page: Page, email: string, password = PASSWORD) {
  await fill(page, 'E-mail', email);
  await fill(page, 'Password', password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** The names of the menu and its toggle in an app language (English by default). */
export interface MenuNames {
  nav: string;
  toggle: RegExp;
}
export const MENU_EN: MenuNames = { nav: 'Main menu', toggle: /menu/i };
export const MENU_DE: MenuNames = { nav: 'Hauptmenü', toggle: /^Menü$/ };

/** Opens the side menu when it is not shown permanently and picks an entry (a pattern for one with a badge in its name). */
export async function menu(page: Page, entry: string | RegExp, names: MenuNames = MENU_EN) {
  const item = page.getByRole('navigation', { name: names.nav }).getByRole('button', { name: entry, exact: typeof entry === 'string' });
  // the toggle a person sees: the pages kept in the outlet's stack have their own headers, and a
  // page left mid-transition by a tap during the menu's animation can stay unhidden but unseen
  const toggle = page.locator(SHOWN_PAGE).getByRole('button', { name: names.toggle }).filter({ visible: true }).first();
  // right after a page change the menu may not be shown yet: wait for it or its toggle
  await expect(item.or(toggle).first()).toBeVisible();
  // a click waits for the element it first resolved to: one on a page that a transition then hid
  // would be waited for until the test's end, so each try resolves the toggle anew
  await expect(async () => {
    if (!(await item.isVisible())) await toggle.click({ timeout: 2_000 });
    await expect(item).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await item.click();
}

/** Opens a menu entry and waits until an overlay menu (phones) has closed (a menu still closing covers the next page's toggle). */
export async function go(page: Page, entry: string | RegExp, names: MenuNames = MENU_EN) {
  await menu(page, entry, names);
  await expect(page.locator('ion-menu.show-menu:not(.menu-pane-visible)')).toHaveCount(0);
}

/** The page Ionic shows (it keeps earlier pages in the DOM, hidden). */
export const SHOWN_PAGE = 'ion-router-outlet > .ion-page:not(.ion-page-hidden)';

/**
 * Waits until the shown page's enter transition is over: Ionic fades a page in (Web Animations on
 * the .ion-page), and axe measuring text contrast through a half-transparent page reports every line.
 */
export async function pageSettled(page: Page) {
  await page.waitForFunction((selector) => {
    const shown = document.querySelectorAll(selector);
    if (shown.length !== 1 || getComputedStyle(shown[0]).opacity !== '1') return false;
    return document.getAnimations().every((a) => {
      const target = (a.effect as KeyframeEffect | null)?.target;
      const finite = a.effect?.getComputedTiming().iterations !== Infinity;
      return !(finite && a.playState === 'running' && target instanceof Element && target.closest('.ion-page'));
    });
  }, SHOWN_PAGE);
}

/** The serious and critical axe-core violations of the shown page, one line each (rule: elements). */
export async function seriousViolations(page: Page): Promise<string[]> {
  await pageSettled(page);
  const axe = await new AxeBuilder({ page }).include(SHOWN_PAGE).analyze();
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** After onboarding a new user sees the intro once (SPEC §2 intro): skip it; ends on `next` (the dashboard). */
export async function skipIntro(page: Page, next: RegExp = /\/dashboard$/) {
  await page.waitForURL(/\/intro$/);
  await page.getByRole('button', { name: 'Skip', exact: true }).click();
  await page.waitForURL(next);
}

/** Signs up and completes onboarding (a business picks `industry`) and skips the intro; ends on the dashboard. */
export async function signupAndOnboard(
  page: Page,
  opts: { type: 'Private' | 'Business' | 'Blogger'; email: string; nickname: string; industry?: string },
) {
  await signup(page, opts);
  await page.waitForURL(/\/onboarding$/);
  if (opts.industry) await page.getByLabel('Industry').selectOption({ label: opts.industry });
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await skipIntro(page);
}

/** A date `years` years before today as yyyy-MM-dd (UTC, as the server's birthday rule). */
export function yearsAgo(years: number, extraDays = 0): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + extraDays);
  return d.toISOString().slice(0, 10);
}

/** Waits until the Ionic overlay (alert, popover) is shown and its opening animation is over. */
export async function overlayShown(page: Page) {
  await page.waitForFunction(() => {
    const wrapper = document.querySelector('ion-alert .alert-wrapper, ion-popover');
    const target = wrapper?.tagName === 'ION-POPOVER' ? wrapper.shadowRoot?.querySelector('.popover-wrapper') : wrapper;
    return !!target && getComputedStyle(target).opacity === '1';
  });
}
