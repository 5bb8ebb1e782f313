import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '../lib/auth-store';
import { session, STORAGE_KEYS } from '../lib/storage';
import { makeUser, setXsrfCookie, storeLoggedInUser } from '../test/fixtures';
import { currentLocation, renderApp } from '../test/render-app';
import { server } from '../test/server';

/** Lets pending promises (lazy pages, fetches) settle while fake timers hold the clock. */
const flush = () =>
  act(async () => {
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  });

describe('guards (SPEC §2)', () => {
  it('sends a visitor from a page needing login to the login page after 500 ms, remembering it', async () => {
    vi.useFakeTimers();
    renderApp('/dashboard?tab=2');
    await flush();
    expect(currentLocation()).toBe('/dashboard?tab=2');
    await act(async () => vi.advanceTimersByTime(499));
    expect(currentLocation()).toBe('/dashboard?tab=2');
    await act(async () => vi.advanceTimersByTime(1));
    expect(currentLocation()).toBe('/login');
    expect(session.getJson(STORAGE_KEYS.guardedPage)).toEqual({ pathname: '/dashboard', search: '?tab=2' });
  });

  it('restores the remembered page after login; an unfilled profile goes by onboarding (and the intro) and comes back to it', async () => {
    const user = userEvent.setup();
    setXsrfCookie();
    server.use(
      http.post('/api/login', () => HttpResponse.json(makeUser({ authtoken: 't', profileFilled: false, nickname: { value: 'Anna' } }))),
      http.post('/api/myprofile/update', () => HttpResponse.json(makeUser({ authtoken: 't', profileFilled: true }))),
    );
    renderApp('/dashboard?tab=2');
    await waitFor(() => expect(currentLocation()).toBe('/login'));

    await user.type(await screen.findByLabelText('E-mail'), 'anna@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    // the guarded page first (SPEC §2), then onboarding, which the profile needs before anything else
    await waitFor(() => expect(currentLocation()).toBe('/onboarding'));
    await user.click(await screen.findByRole('button', { name: 'Save and continue' }));
    // the intro once after onboarding; it goes on to the remembered page
    await waitFor(() => expect(currentLocation()).toBe('/intro'));
    await user.click(await screen.findByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard?tab=2'));
    expect(await screen.findByRole('heading', { name: 'Hello, Anna!' })).toBeInTheDocument();
    expect(session.get(STORAGE_KEYS.guardedPage)).toBeNull();
  });

  it('sends a filled profile away from onboarding, and an unfilled one to it', async () => {
    storeLoggedInUser();
    server.use(http.get('/api/session/user', () => HttpResponse.json(makeUser({ profileFilled: true }))));
    renderApp('/onboarding');
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Hello, Anna!' })).toBeInTheDocument();
  });

  it('the console is for accounts with a console permission: others go to the dashboard', async () => {
    storeLoggedInUser();
    server.use(http.get('/api/session/user', () => HttpResponse.json(makeUser({ permissionsInclude: [] }))));
    renderApp('/console/reports');
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
    expect(screen.queryByRole('heading', { name: 'Reports' })).toBeNull();
  });

  it('a moderator reaches the reports queue', async () => {
    storeLoggedInUser();
    server.use(
      http.get('/api/session/user', () => HttpResponse.json(makeUser({ permissionsInclude: ['moderation.reports'] }))),
      http.get('/api/admin/report/list', () => HttpResponse.json({ list: [], total: 0, pageIndex: 0, pageSize: 25 })),
      http.get('/api/savedfilter/', () => HttpResponse.json({ list: [], total: 0, pageIndex: 0, pageSize: 100 })),
    );
    renderApp('/console/reports');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    expect(await screen.findByText('Nothing waits. Reports appear here as soon as someone sends one.')).toBeInTheDocument();
    expect(currentLocation()).toBe('/console/reports');
  });

  it('a suspended account is sent to its notices from any other page', async () => {
    storeLoggedInUser();
    const until = new Date(Date.now() + 7 * 86_400_000).toISOString();
    server.use(
      http.get('/api/session/user', () => HttpResponse.json(makeUser({ suspendedUntil: until, notices: { total: 1, unread: 0 } }))),
      http.get('/api/notice/list', () => HttpResponse.json({ list: [], unread: 0 })),
    );
    renderApp('/lists');
    await waitFor(() => expect(currentLocation()).toBe('/notices'));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Your account is suspended until/);
    expect(screen.queryByRole('heading', { name: 'My lists' })).toBeNull();
  });

  it('an unfilled profile cannot use the app before onboarding', async () => {
    storeLoggedInUser();
    server.use(http.get('/api/session/user', () => HttpResponse.json(makeUser({ profileFilled: false }))));
    renderApp('/lists');
    await waitFor(() => expect(currentLocation()).toBe('/onboarding'));
    expect(screen.queryByRole('heading', { name: 'My lists' })).toBeNull();
  });

  it('sends a logged-in user from an anonymous page to the dashboard after 500 ms', async () => {
    storeLoggedInUser();
    server.use(http.get('/api/session/user', () => HttpResponse.json(makeUser())));
    vi.useFakeTimers();
    renderApp('/signup');
    await flush();
    await act(async () => vi.advanceTimersByTime(0));
    await flush();
    expect(authStore.getState().status).toBe('authenticated');
    expect(currentLocation()).toBe('/signup');
    await act(async () => vi.advanceTimersByTime(499));
    expect(currentLocation()).toBe('/signup');
    await act(async () => vi.advanceTimersByTime(1));
    expect(currentLocation()).toBe('/dashboard');
  });

  it('waits for the session check before deciding', async () => {
    storeLoggedInUser();
    let answer: (() => void) | undefined;
    server.use(
      http.get('/api/session/user', async () => {
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        return HttpResponse.json(makeUser({ nickname: { value: 'Ben' } }));
      }),
    );
    renderApp('/dashboard');
    await new Promise((r) => setTimeout(r, 700));
    expect(currentLocation()).toBe('/dashboard');
    answer?.();
    expect(await screen.findByRole('heading', { name: 'Hello, Ben!' })).toBeInTheDocument();
  });

  it('clears a stored user whose session check fails and then goes to login', async () => {
    storeLoggedInUser();
    setXsrfCookie();
    server.use(http.post('/api/login', () => HttpResponse.json({ key: 'error.refresh.invalid' }, { status: 401 })));
    renderApp('/dashboard');
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(authStore.getState().stored).toBeNull();
  });

  it('sends the root path to the login page', async () => {
    renderApp('/');
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Welcome to Spotlist' })).toBeInTheDocument();
  });
});
