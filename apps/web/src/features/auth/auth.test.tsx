import type { Signup } from '@spotlist/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { authStore } from '../../lib/auth-store';
import { local, STORAGE_KEYS } from '../../lib/storage';
import { makeUser, setXsrfCookie } from '../../test/fixtures';
import { currentLocation, renderApp } from '../../test/render-app';
import { server } from '../../test/server';

const toastMessage = () => document.querySelector('ion-toast')?.message;

async function fillLogin(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('E-mail'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login page', () => {
  it.each([
    [true, '/dashboard'],
    [false, '/onboarding'],
  ])('logs in and goes on by profileFilled=%s to %s', async (profileFilled, target) => {
    setXsrfCookie();
    let body: unknown;
    server.use(
      http.post('/api/login', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(makeUser({ authtoken: 'fresh', profileFilled }));
      }),
    );
    renderApp('/login');
    await fillLogin(' Anna@Example.com ', 'secret-password');
    await waitFor(() => expect(currentLocation()).toBe(target));
    expect(body).toEqual({ email: 'anna@example.com', password: 'secret-password', tokenTransport: 'cookie' });
    expect(authStore.getState().stored).toEqual({
      id: 7,
      authtoken: 'fresh',
      permissionsInclude: [],
      language: { id: 1, key: 'en' },
    });
  });

  it('makes the language picked before logging in the account language, and stays in it', async () => {
    setXsrfCookie();
    let languageBody: unknown;
    server.use(
      http.post('/api/login', () => HttpResponse.json(makeUser({ authtoken: 'fresh', profileFilled: true }))),
      http.post('/api/myprofile/language', async ({ request }) => {
        languageBody = await request.json();
        return HttpResponse.json(makeUser({ authtoken: 'fresh', profileFilled: true, language: { id: 2, key: 'de' } }));
      }),
    );
    renderApp('/login');
    await userEvent.setup().selectOptions(await screen.findByLabelText('Language'), '2');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-Mail'), 'anna@example.com');
    await user.type(screen.getByLabelText('Passwort'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
    await waitFor(() => expect(languageBody).toEqual({ id: 7, language: { id: 2 } }));
    expect(authStore.getState().stored?.language).toEqual({ id: 2, key: 'de' });
    expect(document.documentElement.lang).toBe('de');
  });

  it('keeps the account language when none was picked before logging in', async () => {
    setXsrfCookie();
    let changed = false;
    server.use(
      http.post('/api/login', () =>
        HttpResponse.json(makeUser({ authtoken: 'fresh', profileFilled: true, language: { id: 2, key: 'de' } })),
      ),
      http.post('/api/myprofile/language', () => {
        changed = true;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    renderApp('/login');
    await fillLogin('anna@example.com', 'secret-password');
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
    await waitFor(() => expect(document.documentElement.lang).toBe('de'));
    expect(changed).toBe(false);
  });

  it('shows translated validation errors and sends nothing', async () => {
    let called = false;
    server.use(
      http.post('/api/login', () => {
        called = true;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    renderApp('/login');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getAllByText('This field is required.')).toHaveLength(2));
    expect(called).toBe(false);
  });

  it('shows the translated error of a failed login in a toast', async () => {
    setXsrfCookie();
    server.use(http.post('/api/login', () => HttpResponse.json({ key: 'error.login.failed' }, { status: 401 })));
    renderApp('/login');
    await fillLogin('anna@example.com', 'wrong-password');
    await waitFor(() => expect(toastMessage()).toBe('E-mail or password is wrong.'));
    expect(currentLocation()).toBe('/login');
    expect(authStore.getState().stored).toBeNull();
  });

  it('shows its own message for an unverified user', async () => {
    setXsrfCookie();
    server.use(http.post('/api/login', () => HttpResponse.json({ key: 'USER_UNVERIFIED' }, { status: 403 })));
    renderApp('/login');
    await fillLogin('anna@example.com', 'secret-password');
    await waitFor(() => expect(toastMessage()).toMatch(/not confirmed yet/));
  });

  it('links to signup and to the password reset', async () => {
    renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Create an account' }));
    await waitFor(() => expect(currentLocation()).toBe('/signup'));
    await user.click(await screen.findByRole('link', { name: 'Log in' }));
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    await user.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    await waitFor(() => expect(currentLocation()).toBe('/password-reset'));
  });
});

describe('signup page', () => {
  it('asks for matching passwords and accepted terms', async () => {
    const user = userEvent.setup();
    renderApp('/signup');
    await user.type(await screen.findByLabelText('E-mail'), 'ben@example.com');
    await user.type(screen.getByLabelText('Password'), 'long-enough-1');
    await user.type(screen.getByLabelText('Confirm password'), 'long-enough-2');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('The entries do not match.')).toBeInTheDocument();
    expect(screen.getByText('Please accept the terms of use.')).toBeInTheDocument();
    // the nickname is asked here (onboarding does not ask again): an empty one is an error
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('Nickname')).toHaveAttribute('aria-invalid', 'true');
    // the password rule is told under the password, not under its confirmation
    const hint = screen.getByText('At least 8 characters.');
    expect(hint.closest('ion-input')).toBe(screen.getByLabelText('Password').closest('ion-input'));

    // fixing the first password clears the confirmation error too (validateEqual)
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'long-enough-2');
    await waitFor(() => expect(screen.queryByText('The entries do not match.')).not.toBeInTheDocument());
  });

  it('creates a business account and goes to onboarding', async () => {
    setXsrfCookie();
    local.set(STORAGE_KEYS.userLanguage, '2');
    let body: Signup | undefined;
    server.use(
      http.post('/api/signup', async ({ request }) => {
        body = (await request.json()) as Signup;
        return HttpResponse.json(
          makeUser({ authtoken: 'new', accountType: { id: 2 }, profileFilled: false, language: { id: 2, key: 'de' } }),
        );
      }),
    );
    const user = userEvent.setup();
    renderApp('/signup');
    // the stored German choice also switches the page to German
    await user.click(await screen.findByRole('radio', { name: 'Unternehmen' }));
    await user.type(screen.getByLabelText('E-Mail'), 'shop@example.com');
    await user.type(screen.getByLabelText('Spitzname'), 'Shop');
    await user.type(screen.getByLabelText('Passwort'), 'long-enough-1');
    await user.type(screen.getByLabelText('Passwort bestätigen'), 'long-enough-1');
    await user.click(screen.getByRole('checkbox', { name: /Nutzungsbedingungen/ }));
    await user.click(screen.getByRole('button', { name: 'Registrieren' }));
    await waitFor(() => expect(currentLocation()).toBe('/onboarding'));
    expect(body).toEqual({
      email: 'shop@example.com',
      password: 'long-enough-1',
      accountType: { id: 2 },
      termsaccepted: true,
      nickname: { value: 'Shop' },
      language: { id: 2 },
      tokenTransport: 'cookie',
    });
  });
});

describe('password reset page', () => {
  it('requests the mail and confirms', async () => {
    setXsrfCookie();
    let body: unknown;
    server.use(
      http.post('/api/password/reset', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ok: true });
      }),
    );
    const user = userEvent.setup();
    renderApp('/password-reset');
    await user.type(await screen.findByLabelText('E-mail'), 'anna@example.com');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText(/we have sent an e-mail with a link/)).toBeInTheDocument();
    expect(body).toEqual({ email: 'anna@example.com' });
  });

  it('sets a new password with the token from the mail', async () => {
    setXsrfCookie();
    let body: unknown;
    server.use(
      http.post('/api/password/update/token', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ok: true });
      }),
    );
    const user = userEvent.setup();
    renderApp('/password-reset?token=abc123');
    const form = await screen.findByRole('heading', { name: 'Choose a new password' });
    expect(form).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'brand-new-pass');
    await user.type(screen.getByLabelText('Confirm password'), 'brand-new-pas');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('The entries do not match.')).toBeInTheDocument();
    expect(body).toBeUndefined();

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'brand-new-pass');
    await waitFor(() => expect(screen.queryByText('The entries do not match.')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText(/Your password has been changed/)).toBeInTheDocument();
    expect(body).toEqual({ token: 'abc123', newPassword: 'brand-new-pass' });
    expect(within(document.body).getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });

  it('shows the translated error for an expired link', async () => {
    setXsrfCookie();
    server.use(
      http.post('/api/password/update/token', () => HttpResponse.json({ key: 'error.password.reset.token.invalid' }, { status: 400 })),
    );
    const user = userEvent.setup();
    renderApp('/password-reset?token=old');
    await user.type(await screen.findByLabelText('New password'), 'brand-new-pass');
    await user.type(screen.getByLabelText('Confirm password'), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    await waitFor(() => expect(toastMessage()).toBe('This link is invalid or has expired. Please request a new one.'));
  });
});
