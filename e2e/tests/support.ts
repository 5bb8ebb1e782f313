import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts/screenshots');

let n = 0;
export const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${n++}@e2e.spotlist`;
export const PASSWORD = 'e2e journey secret';

/** A full-page screenshot kept as a test artifact (e2e/artifacts/screenshots). */
export async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
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

/** Opens the side menu when it is not shown permanently and picks an entry. */
export async function menu(page: Page, entry: string) {
  const item = page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: entry });
  if (!(await item.isVisible())) await page.getByRole('button', { name: /menu/i }).first().click();
  await item.click();
}
