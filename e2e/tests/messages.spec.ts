import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { go, login, PASSWORD, shot, SHOWN_PAGE, signupAndOnboard, uniqueEmail } from './support';

/**
 * Issue 17, messaging: two friends chat live in two browsers (text with a link, a picture with
 * its progress, a place card, read receipts), a hotel guest writes from the guest app and the
 * business answers from its inbox, and a video call opens the Jitsi IFrame API of the configured
 * host (meet.jit.si, served here by a stand-in: there is no network to it).
 */
const base = () => process.env.E2E_BASE_URL!;

/** A JSON call without cookies (no XSRF involved), as a native client makes it. */
async function api<T>(path: string, opts: { body?: unknown; token?: string } = {}): Promise<T> {
  const res = await fetch(new URL(path, base()), {
    method: opts.body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(opts.token ? { 'x-auth-token': opts.token } : {}) },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
const tokenOf = async (email: string, password = PASSWORD) =>
  (await api<{ authtoken: string; id: number }>('/api/login', { body: { email, password, tokenTransport: 'body' } })) as {
    authtoken: string;
    id: number;
  };

interface Person {
  page: Page;
  email: string;
  id: number;
  token: string;
}

async function newPerson(browser: Browser, nickname: string, width: number): Promise<Person> {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 } });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('spotlist.cookieNoticeDismissed', '1'));
  const email = uniqueEmail(nickname.toLowerCase());
  await signupAndOnboard(page, { type: 'Private', email, nickname });
  const { authtoken, id } = await tokenOf(email);
  return { page, email, id, token: authtoken };
}

const picture = () =>
  sharp({ create: { width: 640, height: 420, channels: 3, background: '#2f6f8f' } })
    .composite([
      { input: Buffer.from('<svg width="200" height="200"><circle cx="100" cy="100" r="90" fill="#f4c542"/></svg>'), top: 110, left: 220 },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();

/** The demo hotel's owner, logged in at desktop width, on the dashboard. */
async function businessAtDesk(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('spotlist.cookieNoticeDismissed', '1'));
  await page.goto('/login');
  await login(page, 'business@demo.spotlist.app', 'demo-business-2026');
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

/** The messages of the open conversation. */
const timeline = (page: Page) => page.locator(SHOWN_PAGE).getByRole('list', { name: 'Messages of this conversation' });

test('two friends chat live: a link, a picture with progress, a place card, and read receipts', async ({ browser }) => {
  test.setTimeout(180_000);
  const ana = await newPerson(browser, 'Ana', 390);
  const ben = await newPerson(browser, 'Ben', 1440);
  // friends: both said yes (the people journey does this through the People page)
  await api(`/api/userrelation/match/private/${ben.id}`, { body: {}, token: ana.token });
  await api(`/api/userrelation/match/private/${ana.id}`, { body: {}, token: ben.token });
  // a place Ana likes, to share
  const place = await api<{ list: { id: number; name: string }[] }>('/api/place/list?f.q=Viktualienmarkt&p.s=1', { token: ana.token });
  const market = place.list[0]!;
  await api('/api/like/create', { body: { placeId: market.id }, token: ana.token });

  // Ben writes to Ana from her profile
  await ben.page.goto(`/u/${ana.id}`);
  await ben.page.locator(SHOWN_PAGE).getByRole('button', { name: 'Message', exact: true }).click();
  await expect(ben.page).toHaveURL(/\/messages\/\d+$/);
  const composerOf = (p: Page) => p.locator(SHOWN_PAGE).getByRole('textbox', { name: 'Write a message' });
  await composerOf(ben.page).fill('Hallo Ana! Coffee tomorrow? https://example.com/cafe');
  await composerOf(ben.page).press('Enter');
  await expect(timeline(ben.page).getByText('Hallo Ana! Coffee tomorrow?')).toBeVisible();

  // Ana's phone says one message waits (on the menu toggle, then in the menu); she opens the conversation, the link is a link
  await expect(ana.page.locator(SHOWN_PAGE).getByRole('button', { name: 'Menu (Unread messages: 1)' })).toBeVisible({ timeout: 15_000 });
  await shot(ana.page, 'messages-unread-toggle-phone');
  await go(ana.page, /^Messages/);
  await expect(ana.page).toHaveURL(/\/messages$/);
  const inboxRow = ana.page.locator(SHOWN_PAGE).getByRole('link', { name: /Ben/ }).first();
  await expect(inboxRow).toContainText('Hallo Ana!');
  // the page transition over (a picture mid-way shows both pages)
  await expect(ana.page.locator(SHOWN_PAGE)).toHaveCount(1);
  await shot(ana.page, 'messages-inbox-phone');
  await inboxRow.click();
  await expect(ana.page).toHaveURL(/\/messages\/\d+$/);
  const link = timeline(ana.page).getByRole('link', { name: 'https://example.com/cafe' });
  await expect(link).toHaveAttribute('href', 'https://example.com/cafe');
  await expect(link).toHaveAttribute('rel', /noopener/);

  // Ben sees "Seen" without reloading once Ana has read it; Ana's answer arrives live
  await expect(timeline(ben.page).getByText('Seen', { exact: true })).toBeVisible({ timeout: 15_000 });
  await composerOf(ana.page).fill('Yes! See you at Viktualienmarkt.');
  await composerOf(ana.page).press('Enter');
  await expect(timeline(ben.page).getByText('Yes! See you at Viktualienmarkt.')).toBeVisible({ timeout: 15_000 });

  // Ana sends a picture: a progress bar, then the picture in both timelines
  const chooser = ana.page.waitForEvent('filechooser');
  await ana.page.locator(SHOWN_PAGE).getByRole('button', { name: 'Attach a file' }).click();
  await (await chooser).setFiles({ name: 'market.jpg', mimeType: 'image/jpeg', buffer: await picture() });
  const benPicture = timeline(ben.page).getByRole('img', { name: /market\.jpg/ });
  await expect(benPicture).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => benPicture.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 10_000 }).toBeGreaterThan(0);

  // and shares the place she likes: a card with its name in both timelines
  await ana.page.locator(SHOWN_PAGE).getByRole('button', { name: 'Share a place' }).click();
  await ana.page.getByRole('button', { name: `Share ${market.name}` }).click();
  const card = timeline(ben.page).getByRole('link', { name: market.name });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(ana.page.locator(SHOWN_PAGE)).toHaveCount(1);
  await shot(ana.page, 'messages-conversation-phone', { fullContent: true });
  await expect(ben.page.locator(SHOWN_PAGE)).toHaveCount(1);
  await shot(ben.page, 'messages-conversation-desktop');
  await card.scrollIntoViewIfNeeded();
  await shot(ben.page, 'messages-place-card', { scrollTo: card });
  await ana.page.context().close();
  await ben.page.context().close();
});

test('a hotel guest writes from the guest app; the business answers from its inbox, live both ways', async ({ browser }) => {
  test.setTimeout(150_000);
  const owner = await tokenOf('business@demo.spotlist.app', 'demo-business-2026');
  const app = await api<{ publicId: string; enabled: boolean }>('/api/guestapp', { token: owner.authtoken });
  expect(app.enabled).toBe(true);

  const guestContext = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  const guest = await guestContext.newPage();
  await guest.goto(`/g/${app.publicId}`);
  await guest.getByRole('button', { name: /^Message / }).click();
  const box = guest.getByRole('textbox', { name: 'Your message' });
  await box.fill('Hello! Could we check in late, around 11 pm?');
  await guest.getByRole('button', { name: 'Send' }).click();
  await expect(guest.getByRole('log').getByText('Hello! Could we check in late, around 11 pm?')).toBeVisible();

  const biz = await businessAtDesk(browser);
  const bizContext = biz.context();
  await go(biz, /^Messages/);
  const row = biz.locator(SHOWN_PAGE).getByRole('link', { name: /Guest/ }).first();
  await expect(row).toContainText('check in late');
  await row.click();
  await expect(biz).toHaveURL(/\/messages\/\d+$/);
  await expect(timeline(biz).getByText('Hello! Could we check in late, around 11 pm?')).toBeVisible();
  const composer = biz.locator(SHOWN_PAGE).getByRole('textbox', { name: 'Write a message' });
  await composer.fill('Of course — the night desk is open until 2 am. Welcome!');
  await composer.press('Enter');
  // the guest sees the answer without reloading
  await expect(guest.getByRole('log').getByText('Of course — the night desk is open until 2 am. Welcome!')).toBeVisible({
    timeout: 15_000,
  });
  await shot(guest, 'messages-guest-chat');
  // a second message from the guest appears in the open conversation live
  await box.fill('Wonderful, thank you!');
  await guest.getByRole('button', { name: 'Send' }).click();
  await expect(timeline(biz).getByText('Wonderful, thank you!')).toBeVisible({ timeout: 15_000 });
  await expect(biz.locator(SHOWN_PAGE)).toHaveCount(1);
  await shot(biz, 'messages-business-inbox-desktop');
  await guestContext.close();
  await bizContext.close();
});

test('a user writes to the business that added a place, from the place’s page: a business enquiry in its inbox', async ({ browser }) => {
  test.setTimeout(120_000);
  const owner = await tokenOf('business@demo.spotlist.app', 'demo-business-2026');
  const place = await api<{ id: number }>('/api/place/add', {
    token: owner.authtoken,
    body: { name: 'Isarblick Rooftop Bar', category: 'bar', latitude: 48.1351, longitude: 11.582, city: 'München', country: 'DE' },
  });
  const mia = await newPerson(browser, 'Mia', 390);
  await mia.page.goto(`/place/${place.id}`);
  const shown = mia.page.locator(SHOWN_PAGE);
  await expect(shown.getByRole('heading', { level: 1, name: 'Isarblick Rooftop Bar' })).toBeVisible();
  const business = shown.getByRole('region', { name: 'Hotel Isarblick' });
  await expect(business).toContainText('Added by the business');
  await expect(business.getByRole('link', { name: 'Hotel Isarblick' })).toHaveAttribute('href', `/u/${owner.id}`);
  await expect(shown).toHaveCount(1);
  await shot(mia.page, 'place-business-phone', { scrollTo: business });
  await business.getByRole('button', { name: 'Message Hotel Isarblick' }).click();
  await expect(mia.page).toHaveURL(/\/messages\/\d+$/);
  const conversationId = Number(new URL(mia.page.url()).pathname.split('/').pop());
  const composer = mia.page.locator(SHOWN_PAGE).getByRole('textbox', { name: 'Write a message' });
  await composer.fill('Is the rooftop open tonight?');
  await composer.press('Enter');
  await expect(timeline(mia.page).getByText('Is the rooftop open tonight?')).toBeVisible();
  // the business's inbox has it, as an enquiry, unread
  const inbox = await api<{ list: { id: number; category: { key: string }; unread: number; lastMessage: { text: string } | null }[] }>(
    `/api/messageoverview/list?f.kind=direct`,
    { token: owner.authtoken },
  );
  expect(inbox.list.find((c) => c.id === conversationId)).toMatchObject({
    category: { key: 'enquiry' },
    unread: 1,
    lastMessage: { text: 'Is the rooftop open tonight?' },
  });
  // the business itself sees no "Message" on its own place
  const biz = await businessAtDesk(browser);
  const bizContext = biz.context();
  await biz.goto(`/place/${place.id}`);
  await expect(biz.locator(SHOWN_PAGE).getByRole('heading', { level: 1, name: 'Isarblick Rooftop Bar' })).toBeVisible();
  await expect(
    biz
      .locator(SHOWN_PAGE)
      .getByRole('button', { name: 'Edit' })
      .or(biz.locator(SHOWN_PAGE).getByRole('link', { name: 'Edit' })),
  ).toBeVisible();
  await expect(biz.locator(SHOWN_PAGE).getByRole('button', { name: /^Message / })).toHaveCount(0);
  // at desktop width, as another user sees it
  await mia.page.setViewportSize({ width: 1440, height: 900 });
  await mia.page.goto(`/place/${place.id}`);
  await expect(mia.page.locator(SHOWN_PAGE).getByRole('region', { name: 'Hotel Isarblick' })).toBeVisible();
  await expect(mia.page.locator(SHOWN_PAGE)).toHaveCount(1);
  await shot(mia.page, 'place-business-desktop');
  await bizContext.close();
  await mia.page.context().close();
});

test('a video call opens the Jitsi IFrame API of the configured host with the room', async ({ browser }) => {
  test.setTimeout(120_000);
  const ana = await newPerson(browser, 'Ada', 1280);
  const owner = await tokenOf('business@demo.spotlist.app', 'demo-business-2026');
  // the stand-in for https://meet.jit.si: its external_api.js builds the call's iframe, as the real one does
  await ana.page.context().route('https://meet.jit.si/external_api.js', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `window.JitsiMeetExternalAPI = function (domain, o) {
        window.__jitsi = { domain: domain, roomName: o.roomName, jwt: o.jwt || null, displayName: o.userInfo.displayName };
        var f = document.createElement('iframe');
        f.src = 'https://' + domain + '/' + o.roomName;
        f.title = 'Jitsi Meet';
        o.parentNode.appendChild(f);
        this.addListener = function () {};
        this.dispose = function () { f.remove(); };
      };`,
    }),
  );
  await ana.page.context().route('https://meet.jit.si/spotlist-*', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Jitsi Meet</title><body style="background:#1d2530;color:#fff;font:20px sans-serif;display:grid;place-items:center">Jitsi Meet (stand-in)</body>',
    }),
  );
  const conv = await api<{ id: number }>('/api/conversation/add', { body: { memberIds: [owner.id] }, token: ana.token });
  await ana.page.goto(`/messages/${conv.id}`);
  await ana.page.locator(SHOWN_PAGE).getByRole('button', { name: 'Start a video call' }).click();
  await expect(ana.page).toHaveURL(/\/meeting\/\d+$/);
  const frame = ana.page.locator('.meeting-frame iframe');
  await expect(frame).toHaveAttribute('src', /^https:\/\/meet\.jit\.si\/spotlist-[0-9a-f]{32}$/);
  const made = await ana.page.evaluate(() => (window as unknown as { __jitsi: Record<string, unknown> }).__jitsi);
  expect(made).toMatchObject({ domain: 'meet.jit.si', jwt: null, displayName: 'Ada' });
  expect(String(made.roomName)).toMatch(/^spotlist-[0-9a-f]{32}$/);
  // the public host's limits are said
  await expect(ana.page.getByRole('note')).toContainText('5 minutes');
  await shot(ana.page, 'meeting-desktop');
  await ana.page.setViewportSize({ width: 390, height: 844 });
  await shot(ana.page, 'meeting-phone');
  // the card in the conversation: Join and Add to calendar
  await ana.page.getByRole('link', { name: 'Back to the conversation' }).click();
  await expect(ana.page).toHaveURL(/\/messages\/\d+$/);
  await expect(timeline(ana.page).getByRole('link', { name: 'Join' })).toBeVisible();
  await ana.page.context().close();
});
