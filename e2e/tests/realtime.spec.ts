import { expect, test } from '@playwright/test';
import { menu, signupAndOnboard, uniqueEmail } from './support';

test.use({ permissions: ['geolocation'], geolocation: { latitude: 48.1374, longitude: 11.5755 } });

test("a like in one tab shows in the user's other tab at once, without a reload", async ({ context }) => {
  const first = await context.newPage();
  await signupAndOnboard(first, { type: 'Private', email: uniqueEmail('realtime'), nickname: 'Rita' });
  // the second tab of the same browser: logged in through the shared storage, its own WebSocket
  const second = await context.newPage();
  const urls: string[] = [];
  const sent: string[] = [];
  const received: string[] = [];
  second.on('websocket', (ws) => {
    urls.push(ws.url());
    ws.on('framesent', (f) => sent.push(String(f.payload)));
    ws.on('framereceived', (f) => received.push(String(f.payload)));
  });
  await second.goto('/widget-marked-mylike');
  await expect(second.getByText('You have not liked any places yet.')).toBeVisible();
  await expect.poll(() => received.some((f) => f.includes('"ready"'))).toBe(true);
  // one socket; the token travels in the first message, never in the URL
  expect(urls).toHaveLength(1);
  expect(urls[0]).toMatch(/^ws:\/\/[^?]+\/api\/ws$/);
  expect(JSON.parse(sent[0])).toMatchObject({ type: 'auth', token: expect.any(String) });

  await menu(first, 'My places');
  await first.getByLabel('Search places').fill('Viktualien');
  // in the search results (the dashboard, kept under this page, offers the same place in Discover)
  await first.getByRole('list', { name: 'Search results' }).getByRole('button', { name: 'Like Viktualienmarkt' }).click();
  await expect(first.getByRole('list', { name: 'Liked places' }).getByText('Viktualienmarkt', { exact: true })).toBeVisible();

  await expect(second.getByRole('list', { name: 'Liked places' }).getByText('Viktualienmarkt', { exact: true })).toBeVisible();
});
