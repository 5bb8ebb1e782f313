import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store';
import { session, STORAGE_KEYS } from '../../lib/storage';
import { makeUser, setXsrfCookie } from '../../test/fixtures';
import { currentLocation, renderApp } from '../../test/render-app';
import { server } from '../../test/server';

const PROVIDERS = {
  list: [
    { provider: 'apple', externalaccountcategoryId: 81, login: true, businessOnly: false },
    { provider: 'linkedin', externalaccountcategoryId: 50, login: true, businessOnly: false },
    { provider: 'instagram', externalaccountcategoryId: 10, login: false, businessOnly: false },
    { provider: 'apaleo', externalaccountcategoryId: 80, login: true, businessOnly: true },
  ],
};
const prompts = vi.hoisted(() => ({ askExistingPassword: vi.fn(), askTerms: vi.fn() }));
// the prompts are ion-alerts (their own tests are the journeys'); here: what the page does with their answers
vi.mock('./social-connect-prompt', () => prompts);

describe('provider logins', () => {
  it('the login page offers the configured providers that log in, the business ones under their heading; none, nothing', async () => {
    renderApp('/login');
    await screen.findByRole('button', { name: 'Log in' });
    expect(screen.queryByText('or continue with')).toBeNull();

    server.use(http.get('/api/externalaccount/providers', () => HttpResponse.json(PROVIDERS)));
    renderApp('/login');
    const section = await screen.findByRole('region', { name: 'or continue with' });
    const names = within(section)
      .getAllByRole('button')
      .map((b) => b.textContent);
    // Instagram connects only: not a login
    expect(names).toEqual(['Continue with Apple', 'Continue with LinkedIn', 'Continue with apaleo']);
    expect(within(section).getByText('For hotels and businesses')).toBeTruthy();
  });

  it('the signup page asks for the terms first, then starts the sign-in with the chosen account type', async () => {
    setXsrfCookie();
    let body: unknown;
    server.use(
      http.get('/api/externalaccount/providers', () => HttpResponse.json(PROVIDERS)),
      http.post('/api/externalaccount/authorize', async ({ request }) => {
        body = await request.json();
        // a provider address the test can stop at: jsdom does not navigate
        return HttpResponse.json({ url: '/provider-stand-in', state: 's', nonce: 'n', expiresAt: '2026-11-28T12:00:00Z' });
      }),
    );
    renderApp('/signup');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Continue with Apple' }));
    expect(await screen.findByText('Please accept the terms of use.')).toBeTruthy();
    expect(body).toBeUndefined();
    await user.click(screen.getByRole('radio', { name: 'Blogger' }));
    await user.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
    await user.click(screen.getByRole('button', { name: 'Continue with Apple' }));
    await waitFor(() => expect(body).toEqual({ provider: 'apple', intent: 'login', accountType: { id: 4 }, termsaccepted: true }));
    expect(JSON.parse(session.get(STORAGE_KEYS.externalSignIn)!)).toEqual({ provider: 'apple', intent: 'login' });
  });

  it('the callback posts the code and state, prompts for the existing password until it is right, then the connected toast', async () => {
    setXsrfCookie();
    session.set(STORAGE_KEYS.externalSignIn, JSON.stringify({ provider: 'linkedin', intent: 'login' }));
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post('/api/linkedinlogin', async ({ request }) => {
        const b = (await request.json()) as Record<string, unknown>;
        bodies.push(b);
        if (!b.password) return HttpResponse.json({ key: 'error.existing.password.required' }, { status: 409 });
        if (b.password !== 'right password') return HttpResponse.json({ key: 'error.existing.password.wrong' }, { status: 401 });
        return HttpResponse.json({ ...makeUser({ authtoken: 'fresh', profileFilled: true }), connectedProvider: 'linkedin' });
      }),
    );
    prompts.askExistingPassword.mockResolvedValueOnce('wrong password').mockResolvedValueOnce('right password');
    renderApp('/auth/callback?code=c0de&state=st4te');
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
    expect(bodies.map((b) => b.password)).toEqual([undefined, 'wrong password', 'right password']);
    expect(bodies[0]).toEqual({ state: 'st4te', code: 'c0de', tokenTransport: 'cookie' });
    // the prompt says the second time that the password was wrong
    expect(prompts.askExistingPassword.mock.calls.map((c) => c[1])).toEqual([false, true]);
    await waitFor(() => expect(document.querySelector('ion-toast')?.message).toBe('LinkedIn is connected.'));
    expect(session.get(STORAGE_KEYS.externalSignIn)).toBeNull();
  });

  it('a dismissed prompt does nothing further: back at the login page, no session', async () => {
    setXsrfCookie();
    session.set(STORAGE_KEYS.externalSignIn, JSON.stringify({ provider: 'linkedin', intent: 'login' }));
    let calls = 0;
    server.use(
      http.post('/api/linkedinlogin', () => {
        calls++;
        return HttpResponse.json({ key: 'error.existing.password.required' }, { status: 409 });
      }),
    );
    prompts.askExistingPassword.mockResolvedValueOnce(null);
    renderApp('/auth/callback?code=c0de&state=st4te');
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(calls).toBe(1);
    expect(authStore.getState().stored).toBeNull();
  });

  it('a callback without a sign-in says there is nothing to finish', async () => {
    renderApp('/auth/callback?code=c0de');
    expect(await screen.findByText(/There is no sign-in to finish here/)).toBeTruthy();
  });
});
