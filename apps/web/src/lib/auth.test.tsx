import { act, render } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, setXsrfCookie, storeLoggedInUser } from '../test/fixtures';
import { server } from '../test/server';
import { AuthProvider, checkSession, postLoginPath, rememberGuardedPage } from './auth';
import { authStore } from './auth-store';
import { appEvents } from './events';
import { i18next } from './i18n';
import { local, STORAGE_KEYS } from './storage';
import { chooseUserLanguage } from './user-language';

describe('session check (SPEC §4)', () => {
  it('keeps the stored user and loads the full user', async () => {
    storeLoggedInUser({ authtoken: 'kept' });
    server.use(http.get('/api/session/user', () => HttpResponse.json(makeUser({ email: 'x@example.com' }))));
    await checkSession();
    expect(authStore.getState()).toMatchObject({
      status: 'authenticated',
      stored: { authtoken: 'kept' },
      user: { email: 'x@example.com' },
    });
  });

  it.each([
    ['no user', () => HttpResponse.json(null)],
    ['an error', () => HttpResponse.json({ key: 'error.unavailable' }, { status: 503 })],
    ['a 403', () => HttpResponse.json({ key: 'error.auth.forbidden' }, { status: 403 })],
    ['a broken user', () => HttpResponse.json({ id: 1 })],
  ])('clears the user on %s', async (_, answer) => {
    storeLoggedInUser();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.get('/api/session/user', answer));
    await checkSession();
    expect(authStore.getState()).toMatchObject({ status: 'anonymous', stored: null });
    expect(local.get(STORAGE_KEYS.user)).toBeNull();
  });

  it('keeps a logged-in tab logged in when a re-check gets no answer (offline, or cut off by leaving the page)', async () => {
    storeLoggedInUser({ authtoken: 'kept' });
    server.use(http.get('/api/session/user', () => HttpResponse.json(makeUser({ email: 'x@example.com' }))));
    await checkSession();
    expect(authStore.getState().status).toBe('authenticated');
    server.use(http.get('/api/session/user', () => HttpResponse.error()));
    await expect(checkSession()).resolves.toMatchObject({ email: 'x@example.com' });
    expect(authStore.getState()).toMatchObject({
      status: 'authenticated',
      stored: { authtoken: 'kept' },
      user: { email: 'x@example.com' },
    });
    expect(local.get(STORAGE_KEYS.user)).not.toBeNull();
  });

  it('keeps a logged-in tab logged in when the re-check is aborted (a reload cuts it off)', async () => {
    storeLoggedInUser({ authtoken: 'kept' });
    server.use(http.get('/api/session/user', () => HttpResponse.json(makeUser({ email: 'x@example.com' }))));
    await checkSession();
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) =>
      String(input instanceof Request ? input.url : input).includes('/api/session/user')
        ? Promise.reject(new DOMException('The user aborted a request.', 'AbortError'))
        : realFetch(input, init),
    );
    await expect(checkSession()).resolves.toMatchObject({ email: 'x@example.com' });
    expect(authStore.getState()).toMatchObject({ status: 'authenticated', stored: { authtoken: 'kept' } });
    expect(local.get(STORAGE_KEYS.user)).not.toBeNull();
  });

  it('clears a stored user whose first check gets no answer (nothing says the session is good)', async () => {
    storeLoggedInUser();
    server.use(http.get('/api/session/user', () => HttpResponse.error()));
    await checkSession();
    expect(authStore.getState()).toMatchObject({ status: 'anonymous', stored: null });
  });

  it('revalidates the session on an auth error and keeps a valid one (SPEC §8)', async () => {
    storeLoggedInUser();
    let checks = 0;
    server.use(
      http.get('/api/session/user', () => {
        checks += 1;
        return HttpResponse.json(makeUser());
      }),
    );
    render(<AuthProvider>app</AuthProvider>);
    await vi.waitFor(() => expect(authStore.getState().status).toBe('authenticated'));
    act(() => appEvents.emit('auth-error', { key: 'error.auth.forbidden', status: 403, path: '/x' }));
    await vi.waitFor(() => expect(checks).toBe(2));
    expect(authStore.getState().status).toBe('authenticated');
  });

  it('revalidates the session on an auth error and drops a revoked one', async () => {
    storeLoggedInUser();
    let valid = true;
    server.use(
      http.get('/api/session/user', () =>
        valid ? HttpResponse.json(makeUser()) : HttpResponse.json({ key: 'error.auth.forbidden' }, { status: 403 }),
      ),
    );
    render(<AuthProvider>app</AuthProvider>);
    await vi.waitFor(() => expect(authStore.getState().status).toBe('authenticated'));
    valid = false;
    act(() => appEvents.emit('auth-error', { key: 'error.auth.forbidden', status: 403, path: '/x' }));
    await vi.waitFor(() => expect(authStore.getState().status).toBe('anonymous'));
  });
});

describe('after login (SPEC §2)', () => {
  const none: string[] = [];
  it('goes to the remembered page once, else by profileFilled', () => {
    rememberGuardedPage({ pathname: '/dashboard', search: '?tab=2' });
    expect(postLoginPath({ profileFilled: false, permissionsInclude: none })).toBe('/dashboard?tab=2');
    expect(postLoginPath({ profileFilled: false, permissionsInclude: none })).toBe('/onboarding');
    expect(postLoginPath({ profileFilled: true, permissionsInclude: none })).toBe('/dashboard');
  });

  it('sends anyone with a console permission to the console, unless a page was asked for', () => {
    expect(postLoginPath({ profileFilled: true, permissionsInclude: ['moderation.reports'] })).toBe('/console');
    // a permission the app does not know opens nothing
    expect(postLoginPath({ profileFilled: true, permissionsInclude: ['lists.curate'] })).toBe('/dashboard');
    rememberGuardedPage({ pathname: '/lists', search: '' });
    expect(postLoginPath({ profileFilled: true, permissionsInclude: ['moderation.reports'] })).toBe('/lists');
  });

  it('ignores a remembered address that leaves the app', () => {
    rememberGuardedPage({ pathname: '//evil.example/x', search: '' });
    expect(postLoginPath({ profileFilled: true, permissionsInclude: none })).toBe('/dashboard');
  });
});

describe('user language (SPEC §8, §9)', () => {
  it('logged out: stores the id and switches the language', async () => {
    await chooseUserLanguage(2);
    expect(local.get(STORAGE_KEYS.userLanguage)).toBe('2');
    expect(i18next.language).toBe('de');
  });

  it('ignores an empty or unknown id', async () => {
    await chooseUserLanguage('');
    await chooseUserLanguage(9);
    expect(local.get(STORAGE_KEYS.userLanguage)).toBeNull();
    expect(i18next.language).toBe('en');
  });

  it('logged in: saves it on the server', async () => {
    storeLoggedInUser();
    setXsrfCookie();
    let body: unknown;
    server.use(
      http.post('/api/myprofile/language', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(makeUser({ authtoken: undefined, language: { id: 2, key: 'de' } }));
      }),
    );
    await chooseUserLanguage(2);
    expect(body).toEqual({ id: 7, language: { id: 2 } });
    expect(authStore.getState().stored?.language).toEqual({ id: 2, key: 'de' });
    expect(authStore.getState().stored?.authtoken).toBe('token-1');
  });

  it('logged in: keeps the language locally when the server call fails', async () => {
    storeLoggedInUser();
    setXsrfCookie();
    server.use(http.post('/api/myprofile/language', () => HttpResponse.json({ key: 'error.unavailable' }, { status: 503 })));
    await chooseUserLanguage(2);
    expect(authStore.getState().stored?.language).toEqual({ id: 2, key: 'de' });
    expect(JSON.parse(local.get(STORAGE_KEYS.user)!).language).toEqual({ id: 2, key: 'de' });
    expect(i18next.language).toBe('de');
  });
});
