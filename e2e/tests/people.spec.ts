import { expect, test, type Browser, type Page } from '@playwright/test';
import { go, overlayShown, shot, SHOWN_PAGE, signupAndOnboard, uniqueEmail } from './support';

/** Places no other journey likes: the two users' three shared places. */
const SHARED = ['Lenbachhaus', 'Isartor', 'Maximilianeum'];

async function newUser(browser: Browser, nickname: string, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 } });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('spotlist.cookieNoticeDismissed', '1'));
  await signupAndOnboard(page, { type: 'Private', email: uniqueEmail(nickname.toLowerCase()), nickname });
  return page;
}

async function likeShared(page: Page) {
  await go(page, 'My places');
  for (const name of SHARED) {
    await page.getByLabel('Search places').fill(name);
    await page
      .getByRole('list', { name: 'Search results' })
      .getByRole('button', { name: `Like ${name}` })
      .click();
    await expect(page.getByRole('list', { name: 'Liked places' }).getByText(name, { exact: true })).toBeVisible();
  }
}

/** The suggestion card of `name` on the People page. */
const card = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

test('two people who like the same places match, become friends, and read each other’s friends-only list until a block', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const ana = await newUser(browser, 'Ana', 390);
  const ben = await newUser(browser, 'Ben');
  await likeShared(ana);
  await likeShared(ben);

  // Ben sees Ana suggested, with the reason and the three shared places; says yes: no match yet
  await go(ben, 'People');
  await expect(ben).toHaveURL(/\/people$/);
  const anaCard = card(ben, 'Ana');
  await expect(anaCard.getByRole('list', { name: 'Why Ana is suggested' })).toContainText(/3 places you both liked/);
  for (const name of SHARED) await expect(anaCard.getByRole('list', { name: 'Places you share with Ana' })).toContainText(name);
  await shot(ben, 'people-desktop', { fullContent: true });
  await anaCard.getByRole('button', { name: 'Match with Ana', exact: true }).click();
  await expect(card(ben, 'Ana')).toHaveCount(0);
  await expect(ben.getByRole('dialog', { name: "It's a match!" })).toHaveCount(0);

  // Ana (on a phone) sees Ben with the same reason; her yes completes the match
  await go(ana, 'People');
  const benCard = card(ana, 'Ben');
  await expect(benCard.getByRole('list', { name: 'Why Ben is suggested' })).toContainText(/3 places you both liked/);
  await shot(ana, 'people-phone');
  await benCard.getByRole('button', { name: 'Match with Ben', exact: true }).click();
  const celebration = ana.getByRole('dialog', { name: "It's a match!" });
  await expect(celebration).toBeVisible();
  await expect(celebration).toContainText('Ana and Ben said yes to each other');
  await celebration.evaluate((e) => Promise.all(e.getAnimations({ subtree: true }).map((a) => a.finished)));
  await shot(ana, 'people-match-phone');
  // "Say hello" opens their conversation (messages.spec.ts writes in one)
  await expect(celebration.getByRole('button', { name: 'Say hello' })).toBeVisible();
  await celebration.getByRole('link', { name: "View Ben's profile" }).click();
  await expect(ana).toHaveURL(/\/u\/\d+$/);
  await expect(ana.getByText('Friends', { exact: true }).first()).toBeVisible();
  const benProfile = ana.url();
  // the page transition over (a picture mid-way shows both pages)
  await expect(ana.locator(SHOWN_PAGE)).toHaveCount(1);
  await shot(ana, 'people-profile-phone', { fullContent: true });

  // Ana makes a list for her friends only
  await go(ana, 'My lists');
  await ana.getByLabel('List name').fill('Friends only');
  await ana.getByRole('button', { name: 'Create list' }).click();
  await ana.getByRole('link', { name: 'Friends only' }).click();
  await expect(ana).toHaveURL(/\/lists\/\d+$/);
  const listUrl = ana.url();
  const picker = ana.getByRole('combobox', { name: 'Visible to' });
  await expect(picker).toHaveValue('1');
  await picker.selectOption({ label: 'Friends' });
  await expect(ana.getByText('Your friends (1).')).toBeVisible();
  await shot(ana, 'people-list-visibility-phone');
  // stored: the page read anew shows it
  await ana.reload();
  await expect(ana.getByRole('combobox', { name: 'Visible to' })).toHaveValue('4');

  // Ben finds it under Shared with me and reads it
  await go(ben, 'My lists');
  const sharedWithMe = ben.getByRole('region', { name: 'Shared with me' });
  const anaProfile = new URL((await sharedWithMe.getByRole('link', { name: 'Ana' }).getAttribute('href'))!, ben.url()).toString();
  await sharedWithMe.getByRole('link', { name: 'Friends only' }).click();
  await expect(ben.getByRole('heading', { level: 1, name: 'Friends only' })).toBeVisible();
  // his connections: Ana a friend
  await ben.goto('/people/connections');
  await expect(ben.getByRole('tabpanel')).toContainText('Ana');
  await shot(ben, 'people-connections-desktop', { fullContent: true });

  // a third user and a visitor without an account do not see it
  const cleo = await newUser(browser, 'Cleo');
  await cleo.goto(listUrl);
  await expect(cleo.getByText('This list does not exist, or it is not shared with you.')).toBeVisible();
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(listUrl);
  await expect(visitor).toHaveURL(/\/login/);

  // Ana blocks Ben: the list is gone for him, and so is her profile
  await ana.goto(benProfile);
  await ana.getByRole('button', { name: 'Block' }).click();
  await overlayShown(ana);
  await ana.locator('ion-alert').getByRole('button', { name: 'Block' }).click();
  await expect(ana.getByText('You blocked Ben.')).toBeVisible();
  await ben.goto(listUrl);
  await expect(ben.getByText('This list does not exist, or it is not shared with you.')).toBeVisible();
  await ben.goto(anaProfile);
  await expect(ben.getByText('This person does not exist or is not available.')).toBeVisible();
});
