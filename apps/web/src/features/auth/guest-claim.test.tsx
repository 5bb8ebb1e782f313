import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser, setXsrfCookie, storeLoggedInUser } from '../../test/fixtures';
import { currentLocation, renderApp } from '../../test/render-app';
import { server } from '../../test/server';

const SLOW = { timeout: 8000 };
/** A key per test: a key is claimed once per page load. */
let n = 0;
const newKey = () => `guestkey${String(++n).padStart(16, '0')}`;

/** POST /api/guest/claim answers how many likes moved; every body is kept. */
function claims(status = 200) {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/guest/claim', async ({ request }) => {
      bodies.push(await request.json());
      return status === 200 ? HttpResponse.json({ moved: 2 }) : HttpResponse.json({ key: 'error.guest.claimed' }, { status });
    }),
  );
  return bodies;
}

async function logIn() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('E-mail', {}, SLOW), 'anna@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret-password');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('portable guest likes', () => {
  it.each(['/login?guest=', '/login#guest='])(
    'claims the guest key of %s once after the login, then drops it from the address',
    async (prefix) => {
      setXsrfCookie();
      server.use(http.post('/api/login', () => HttpResponse.json(makeUser({ authtoken: 'fresh' }))));
      const bodies = claims();
      const key = newKey();
      renderApp(`${prefix}${key}`);
      await logIn();
      await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
      expect(bodies).toEqual([{ guestKey: key }]);
      expect(currentLocation()).not.toContain(key);
    },
  );

  it('claims nothing without a key', async () => {
    setXsrfCookie();
    server.use(http.post('/api/login', () => HttpResponse.json(makeUser({ authtoken: 'fresh' }))));
    const bodies = claims();
    renderApp('/login');
    await logIn();
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
    expect(bodies).toEqual([]);
  });

  it('claims after a signup too; a refused claim is a toast, the account stands', async () => {
    setXsrfCookie();
    server.use(http.post('/api/signup', () => HttpResponse.json(makeUser({ authtoken: 'fresh', profileFilled: false }))));
    const bodies = claims(409);
    const user = userEvent.setup();
    const key = newKey();
    renderApp(`/signup#guest=${key}`);
    await user.type(await screen.findByLabelText('E-mail', {}, SLOW), 'new@example.com');
    await user.type(screen.getByLabelText('Nickname'), 'Newbie');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.type(screen.getByLabelText('Confirm password'), 'secret-password');
    await user.click(screen.getByRole('checkbox', { name: 'I accept the terms of use and the privacy policy.' }));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(currentLocation()).toBe('/onboarding'));
    expect(bodies).toEqual([{ guestKey: key }]);
    await waitFor(() => expect(document.querySelector('ion-toast')?.message).toBe('These guest likes already belong to another account.'));
  });

  it('keeps the key when the visitor switches from login to signup', async () => {
    const key = newKey();
    renderApp(`/login?guest=${key}`);
    const link = await screen.findByRole('link', { name: 'Create an account' }, SLOW);
    expect(link).toHaveAttribute('href', `/signup#guest=${key}`);
  });
});

describe('portable guest likes of a visitor who is already logged in', () => {
  it.each(['/signup#guest=', '/login#guest=', '/login?guest='])(
    '%s claims the key once and leaves it out of the address on the way to the dashboard',
    async (prefix) => {
      storeLoggedInUser();
      server.use(http.get('/api/session/user', () => HttpResponse.json(makeUser())));
      const bodies = claims();
      const key = newKey();
      renderApp(`${prefix}${key}`);
      await waitFor(() => expect(currentLocation()).toBe('/dashboard'), SLOW);
      await waitFor(() => expect(bodies).toEqual([{ guestKey: key }]));
      expect(currentLocation()).not.toContain(key);
    },
  );

  it('the guard does not leave before the claim is done (a slow claim or page chunk loses nothing)', async () => {
    storeLoggedInUser();
    server.use(http.get('/api/session/user', () => HttpResponse.json(makeUser())));
    let answer!: () => void;
    const answered = new Promise<void>((r) => (answer = r));
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/guest/claim', async ({ request }) => {
        bodies.push(await request.json());
        await answered;
        return HttpResponse.json({ moved: 1 });
      }),
    );
    const key = newKey();
    renderApp(`/signup#guest=${key}`);
    await waitFor(() => expect(bodies).toEqual([{ guestKey: key }]), SLOW);
    // well past the guard's 500 ms
    await new Promise((r) => setTimeout(r, 900));
    expect(currentLocation()).toBe('/signup');
    answer();
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
  });

  it('an empty key is no key: the guard sends the user on as usual', async () => {
    storeLoggedInUser();
    server.use(http.get('/api/session/user', () => HttpResponse.json(makeUser())));
    const bodies = claims();
    renderApp('/login#guest=');
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'), SLOW);
    expect(bodies).toEqual([]);
  });

  it('claims nothing without a key', async () => {
    storeLoggedInUser();
    server.use(http.get('/api/session/user', () => HttpResponse.json(makeUser())));
    const bodies = claims();
    renderApp('/signup');
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'), SLOW);
    await new Promise((r) => setTimeout(r, 50));
    expect(bodies).toEqual([]);
  });
});
