import { FALLBACK_INDUSTRIES, type Onboarding } from '@spotlist/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { authStore } from '../../lib/auth-store';
import { makeUser, setXsrfCookie, storeLoggedInUser } from '../../test/fixtures';
import { currentLocation, renderApp } from '../../test/render-app';
import { server } from '../../test/server';

function loggedInAs(overrides: Parameters<typeof makeUser>[0]) {
  storeLoggedInUser();
  setXsrfCookie();
  server.use(http.get('/api/session/user', () => HttpResponse.json(makeUser(overrides))));
}

const industryList = [
  { id: 1, key: 'hospitality', hasrooms: true },
  { id: 3, key: 'tour', hasrooms: false },
];

describe('onboarding page', () => {
  it('makes a business pick an industry (hasId), then saves and goes to the dashboard', async () => {
    loggedInAs({ accountType: { id: 2 }, profileFilled: false, nickname: { value: 'Shop' } });
    let body: Onboarding | undefined;
    server.use(
      http.get('/api/industry/list', () => HttpResponse.json({ list: industryList, total: 2, pageIndex: 0, pageSize: 100 })),
      http.post('/api/myprofile/update', async ({ request }) => {
        body = (await request.json()) as Onboarding;
        return HttpResponse.json(makeUser({ ...body, accountType: { id: 2 }, industry2: { id: 3, key: 'tour' }, profileFilled: true }));
      }),
    );
    const user = userEvent.setup();
    renderApp('/onboarding');
    const select = await screen.findByRole('combobox', { name: 'Industry' });
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Please choose an entry from the list.')).toBeInTheDocument();
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(body).toBeUndefined();

    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Please choose', 'Hospitality', 'Tours']);
    await user.selectOptions(select, 'Tours');
    await waitFor(() => expect(screen.queryByText('Please choose an entry from the list.')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
    expect(body).toEqual({ email: 'anna@example.com', nickname: { value: 'Shop' }, accountType: { id: 2 }, industry2: { id: 3 } });
    expect(authStore.getState().user?.profileFilled).toBe(true);
  });

  it('offers the fallback industries when the list fails, without an error toast', async () => {
    loggedInAs({ accountType: { id: 2 }, profileFilled: false });
    server.use(http.get('/api/industry/list', () => HttpResponse.json({ key: 'error.unavailable' }, { status: 503 })));
    renderApp('/onboarding');
    const select = await screen.findByRole('combobox', { name: 'Industry' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(FALLBACK_INDUSTRIES.length + 1));
    expect(document.querySelector('ion-toast')).toBeNull();
  });

  it('offers the fallback industries when the list is empty', async () => {
    loggedInAs({ accountType: { id: 2 }, profileFilled: false });
    server.use(http.get('/api/industry/list', () => HttpResponse.json({ list: [], total: 0, pageIndex: 0, pageSize: 100 })));
    renderApp('/onboarding');
    const select = await screen.findByRole('combobox', { name: 'Industry' });
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Non-profit' })).toBeInTheDocument());
  });

  it('asks a private user only for e-mail and nickname', async () => {
    loggedInAs({ accountType: { id: 1 }, profileFilled: false, nickname: { value: '' } });
    let body: Onboarding | undefined;
    server.use(
      http.post('/api/myprofile/update', async ({ request }) => {
        body = (await request.json()) as Onboarding;
        return HttpResponse.json(makeUser({ nickname: body.nickname, profileFilled: true }));
      }),
    );
    const user = userEvent.setup();
    renderApp('/onboarding');
    await user.click(await screen.findByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Industry' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Nickname'), 'Anna');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
    expect(body).toEqual({ email: 'anna@example.com', nickname: { value: 'Anna' }, accountType: { id: 1 }, industry2: null });
  });
});
