import { birthdayBounds, FALLBACK_INDUSTRIES, type Country, type Onboarding, type Place, type User } from '@spotlist/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { authStore } from '../../lib/auth-store';
import { unsavedChanges } from '../../lib/unsaved-changes';
import { makeUser, setXsrfCookie, storeLoggedInUser } from '../../test/fixtures';
import { currentLocation, renderApp } from '../../test/render-app';
import { server } from '../../test/server';
import { geoPlaceId } from './components/locations-field';
import { toProfileBody, type ProfileFormValues } from './profile-form';

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
  it('makes a business pick an industry (hasId), then saves and goes to the intro (the first time)', async () => {
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
    await waitFor(() => expect(currentLocation()).toBe('/intro'));
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
    await waitFor(() => expect(currentLocation()).toBe('/intro'));
    expect(body).toEqual({ email: 'anna@example.com', nickname: { value: 'Anna' }, accountType: { id: 1 }, industry2: null });
  });
});

describe('onboarding asks nothing twice', () => {
  it('a private user with e-mail and nickname from the signup is asked for neither', async () => {
    loggedInAs({ accountType: { id: 1 }, profileFilled: false, nickname: { value: 'Pia' } });
    let body: Onboarding | undefined;
    server.use(
      http.post('/api/myprofile/update', async ({ request }) => {
        body = (await request.json()) as Onboarding;
        return HttpResponse.json(makeUser({ nickname: body.nickname, profileFilled: true }));
      }),
    );
    const user = userEvent.setup();
    renderApp('/onboarding');
    expect(await screen.findByRole('heading', { name: 'Welcome, Pia' })).toBeInTheDocument();
    expect(screen.getByText('Everything needed is there. You can add more to your profile at any time.')).toBeInTheDocument();
    expect(screen.queryByLabelText('E-mail')).toBeNull();
    expect(screen.queryByLabelText('Nickname')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(currentLocation()).toBe('/intro'));
    expect(body).toEqual({ email: 'anna@example.com', nickname: { value: 'Pia' }, accountType: { id: 1 }, industry2: null });
  });

  it('tells a business which feature pages are switched on and that an administrator switches the others on', async () => {
    loggedInAs({ accountType: { id: 2 }, profileFilled: false, nickname: { value: 'Shop' }, widgetv1activated: true });
    server.use(http.get('/api/industry/list', () => HttpResponse.json({ list: industryList, total: 2, pageIndex: 0, pageSize: 100 })));
    renderApp('/onboarding');
    const features = within(await screen.findByRole('region', { name: 'Features for your business' }));
    expect(features.getByText(/The Spotlist team switches these on/)).toBeInTheDocument();
    const rows = features.getAllByRole('listitem').map((li) => li.textContent);
    expect(rows).toContain('Classic widgetswitched on');
    expect(rows).toContain('Guest appnot switched on yet');
    expect(rows).toHaveLength(6);
    expect(screen.queryByLabelText('Nickname')).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// Profile page
// ---------------------------------------------------------------------------------------------

/** A user as GET /api/myprofile answers it: every profile field present (null when empty). */
function profileUser(overrides: Partial<User> = {}): User {
  return makeUser({
    description: null,
    homepageUrl: null,
    street: null,
    streetnumber: null,
    zip: null,
    city: null,
    cityPlace: null,
    country: null,
    taxid: null,
    numberofrooms: null,
    bloggertype: null,
    gender: null,
    birthday: null,
    ...overrides,
  });
}

const COUNTRIES: Country[] = [
  { id: 40, key: 'at', name: 'Austria', countrykey: 'AT' },
  { id: 276, key: 'de', name: 'Germany', countrykey: 'DE' },
  { id: 756, key: 'ch', name: 'Switzerland', countrykey: 'CH' },
];

const place = (city: string, country: string, latitude: number, longitude: number, id: number): Place => ({
  city,
  country,
  latitude,
  longitude,
  placeid: `geonames:${id}`,
  visibility: { id: 255 },
});
const CITIES: Record<string, Place[]> = {
  DE: [place('München', 'DE', 48.13743, 11.57549, 2867714), place('Münster', 'DE', 51.96236, 7.62571, 2867543)],
  AT: [place('Wien', 'AT', 48.20849, 16.37208, 2761369), place('Wiener Neustadt', 'AT', 47.80589, 16.23196, 2761353)],
};

/**
 * Logged in with `user`; the API answers the profile, the reference lists and the city search
 * (which records the country of every search) and echoes saved profiles.
 */
function profileApi(user: User) {
  storeLoggedInUser({ language: user.language });
  setXsrfCookie();
  const api = { searches: [] as { q: string; country: string }[], bodies: [] as Record<string, unknown>[] };
  server.use(
    http.get('/api/session/user', () => HttpResponse.json(user)),
    http.get('/api/myprofile', () => HttpResponse.json(user)),
    http.get('/api/industry/list', () => HttpResponse.json({ list: FALLBACK_INDUSTRIES, total: 10, pageIndex: 0, pageSize: 100 })),
    http.get('/api/country/list2', () => HttpResponse.json({ list: COUNTRIES, total: 3, pageIndex: 0, pageSize: 3 })),
    http.get('/api/setting/', () => HttpResponse.json({ list: [], total: 0, pageIndex: 0, pageSize: 100 })),
    http.get('/api/city/search', ({ request }) => {
      const url = new URL(request.url);
      const q = url.searchParams.get('q') ?? '';
      const country = url.searchParams.get('country') ?? '';
      api.searches.push({ q, country });
      const list = (CITIES[country.toUpperCase()] ?? []).filter((c) => c.city.toLowerCase().startsWith(q.toLowerCase()));
      return HttpResponse.json({ list, total: list.length, pageIndex: 0, pageSize: 10 });
    }),
    http.post('/api/myprofile/update', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      api.bodies.push(body);
      return HttpResponse.json({ ...user, profileFilled: true, nickname: body.nickname, email: body.email });
    }),
  );
  return api;
}

const business = () =>
  profileUser({
    accountType: { id: 2 },
    industry2: { id: 3, key: 'tour' },
    nickname: { value: 'Hotel am See' },
    locationList: { list: [] },
  });

/** The error an IonInput shows for its field (its errorText is the input's description). */
const errorOf = (label: string) => screen.getByLabelText(label).getAttribute('aria-invalid') === 'true';

describe('profile page: business (SPEC §5, §6)', () => {
  it('needs rooms for hospitality only, and clears them for another industry', async () => {
    const api = profileApi(business());
    const user = userEvent.setup();
    renderApp('/profile');
    const industry = await screen.findByRole('combobox', { name: 'Industry' });
    await waitFor(() => expect(within(industry).getByRole('option', { name: 'Hospitality' })).toBeInTheDocument());
    expect(screen.queryByLabelText('Number of rooms')).not.toBeInTheDocument();

    await user.selectOptions(industry, 'Hospitality');
    const rooms = await screen.findByLabelText('Number of rooms');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(rooms).toHaveAccessibleDescription('This field is required.'));
    expect(api.bodies).toHaveLength(0);

    await user.type(rooms, '0');
    await waitFor(() => expect(rooms).toHaveAccessibleDescription('This value is outside the allowed range.'));
    await user.clear(rooms);
    await user.type(rooms, '12');
    await waitFor(() => expect(errorOf('Number of rooms')).toBe(false));

    // another industry: the field goes and its value is cleared
    await user.selectOptions(industry, 'Tours');
    await waitFor(() => expect(screen.queryByLabelText('Number of rooms')).not.toBeInTheDocument());
    await user.selectOptions(industry, 'Hospitality');
    expect(await screen.findByLabelText('Number of rooms')).toHaveValue(null);
  });

  it('needs a tax id outside Germany and clears it when Germany is chosen', async () => {
    const api = profileApi(business());
    const user = userEvent.setup();
    renderApp('/profile');
    const country = await screen.findByRole('combobox', { name: 'Country' });
    await waitFor(() => expect(within(country).getByRole('option', { name: 'Austria' })).toBeInTheDocument());
    const taxId = screen.getByLabelText('Tax ID');
    // no country: not needed, not editable
    expect(taxId).toBeDisabled();

    await user.selectOptions(country, 'Austria');
    await waitFor(() => expect(taxId).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(taxId).toHaveAccessibleDescription('This field is required.'));
    expect(api.bodies).toHaveLength(0);

    await user.type(taxId, 'ATU12345678');
    await user.selectOptions(country, 'Germany');
    // the cleared value and the disabled state may land in different renders: wait for both
    await waitFor(() => {
      expect(taxId).toHaveValue('');
      expect(taxId).toBeDisabled();
    });
    expect(taxId).toHaveAccessibleDescription('Not needed for businesses in Germany.');

    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(api.bodies).toHaveLength(1));
    expect(api.bodies[0]).toMatchObject({ country: { id: 276, key: 'de', countrykey: 'DE' }, taxid: null, numberofrooms: null });
    expect(await screen.findByText('Your profile has been saved.')).toHaveAttribute('role', 'status');
  });

  it('searches cities only in the chosen country (debounced) and clears the city with the country', async () => {
    const api = profileApi(business());
    const user = userEvent.setup();
    renderApp('/profile');
    const city = await screen.findByRole('combobox', { name: 'City' });
    expect(city).toBeDisabled();
    expect(city).toHaveAccessibleDescription('Choose a country first.');

    const country = screen.getByRole('combobox', { name: 'Country' });
    await waitFor(() => expect(within(country).getByRole('option', { name: 'Austria' })).toBeInTheDocument());
    await user.selectOptions(country, 'Austria');
    await user.type(city, 'Wi');
    const options = await screen.findAllByRole('option', { name: /^Wien/ });
    expect(options.map((o) => o.textContent)).toEqual(['Wien', 'Wiener Neustadt']);
    // one search for the typed word, not one per keystroke, and always within Austria
    expect(api.searches.filter((s) => s.q !== '')).toEqual([{ q: 'Wi', country: 'at' }]);
    expect(city).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{ArrowDown}{Enter}');
    expect(city).toHaveValue('Wien');
    expect(city).toHaveAttribute('aria-expanded', 'false');

    await user.selectOptions(country, 'Germany');
    await waitFor(() => expect(city).toHaveValue(''));
    await user.type(city, 'Mün');
    await user.click(await screen.findByRole('option', { name: 'München' }));
    expect(api.searches.filter((s) => s.q !== '').map((s) => s.country)).toEqual(['at', 'de']);

    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(api.bodies).toHaveLength(1));
    expect(api.bodies[0]!.city).toEqual(CITIES.DE![0]);
  });

  it('adds locations through the city search and removes them', async () => {
    const api = profileApi(business());
    const user = userEvent.setup();
    renderApp('/profile');
    const locations = await screen.findByRole('group', { name: 'Add a location' });
    const add = within(locations).getByRole('button', { name: 'Add location' });
    expect(add).toBeDisabled();
    await user.type(within(locations).getByRole('combobox', { name: 'City of the location' }), 'Mün');
    await user.click(await screen.findByRole('option', { name: 'München' }));
    await user.type(within(locations).getByLabelText('Name (optional)'), 'Altstadt');
    expect(within(locations).getByRole('status')).toHaveTextContent('Position: 48.13743 / 11.57549');
    await user.click(add);

    const list = screen.getByRole('list', { name: 'Locations' });
    expect(within(list).getByText('Altstadt (München)')).toBeInTheDocument();
    // a city typed without picking it has no position: it cannot be added yet
    await user.type(within(locations).getByRole('combobox', { name: 'City of the location' }), 'Dorfen');
    expect(add).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(api.bodies).toHaveLength(1));
    expect(api.bodies[0]!.locationList).toEqual({ list: [{ ...CITIES.DE![0], name: 'Altstadt' }] });

    await user.click(within(list).getByRole('button', { name: 'Remove Altstadt (München)' }));
    expect(screen.getByText('No locations yet.')).toBeInTheDocument();
  });

  it('sends the fields SPEC §7 lists for a business', () => {
    const values: ProfileFormValues = {
      email: 'shop@example.com',
      nickname: { value: 'Shop' },
      accountType: { id: 2 },
      name: { firstname: 'Eva', lastname: 'Berg', visibility: 255 },
      description: 'Rooms by the lake',
      homepageUrl: 'shop.example',
      industry2: { id: 1 },
      street: 'Seestraße',
      streetnumber: '1',
      zip: '1010',
      country: { id: 40, key: 'at', countrykey: 'AT' },
      city: CITIES.AT![0]!,
      numberofrooms: '12',
      taxid: 'ATU12345678',
      locationList: { list: [] },
      bloggertype: 'travel',
      gender: 2,
      birthday: { value: '1990-01-01' },
    };
    const body = toProfileBody(values, { id: 7, accountType: { id: 2 } }, 'token-1');
    expect(Object.keys(body).sort()).toEqual(
      [
        'id',
        'authtoken',
        'email',
        'nickname',
        'accountType',
        'name',
        'firstname',
        'lastname',
        'description',
        'homepageUrl',
        'industry2',
        'street',
        'streetnumber',
        'zip',
        'city',
        'country',
        'numberofrooms',
        'taxid',
        'locationList',
      ].sort(),
    );
    expect(body).toMatchObject({ numberofrooms: 12, taxid: 'ATU12345678', name: { firstname: 'Eva', lastname: 'Berg', visibility: 255 } });
    // a point set on the map is named by a geo URI
    expect(geoPlaceId({ lat: 48.1, lng: 11.5 })).toBe('geo:48.10000,11.50000');
  });
});

describe('profile page: blogger and private (SPEC §5, §6)', () => {
  it('refuses a blogger younger than 16, then saves type, gender and birthday', async () => {
    const api = profileApi(profileUser({ accountType: { id: 4 }, nickname: { value: 'Wanderlust' } }));
    const user = userEvent.setup();
    renderApp('/profile');
    const birthday = await screen.findByLabelText('Date of birth');
    const { max } = birthdayBounds();
    expect(birthday).toHaveAttribute('max', max);
    expect(birthday).toHaveAttribute('min', '1900-01-01');
    const tenYearsAgo = `${new Date().getUTCFullYear() - 10}-06-15`;
    fireEvent.input(birthday, { target: { value: tenYearsAgo } });
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(birthday).toHaveAccessibleDescription('You must be at least 16 years old.'));
    expect(api.bodies).toHaveLength(0);
    expect(screen.queryByRole('combobox', { name: 'Industry' })).not.toBeInTheDocument();

    fireEvent.input(birthday, { target: { value: '1899-12-31' } });
    await waitFor(() => expect(birthday).toHaveAccessibleDescription('Please enter a date from 1 January 1900 onwards.'));

    fireEvent.input(birthday, { target: { value: '1990-05-17' } });
    await user.type(screen.getByLabelText('Type of blog'), 'Travel');
    await user.click(screen.getByRole('radio', { name: 'Female' }));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(api.bodies).toHaveLength(1));
    expect(api.bodies[0]).toMatchObject({ bloggertype: 'Travel', gender: 2, birthday: { value: '1990-05-17' } });
    expect(api.bodies[0]).not.toHaveProperty('street');
    expect(api.bodies[0]).not.toHaveProperty('industry2');
  });

  it('lets a private user edit the common fields only, with translated errors', async () => {
    const api = profileApi(profileUser({ accountType: { id: 1 } }));
    const user = userEvent.setup();
    renderApp('/profile');
    const email = await screen.findByLabelText('E-mail');
    await user.clear(email);
    await user.type(email, 'not-an-address');
    await user.clear(screen.getByLabelText('Nickname'));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription('Please check the format of this entry.'));
    expect(screen.getByLabelText('Nickname')).toHaveAccessibleDescription('This field is required.');

    await user.clear(email);
    await user.type(email, 'anna@example.org');
    await user.type(screen.getByLabelText('Nickname'), 'Anna');
    await user.type(screen.getByLabelText('First name'), 'Anna');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Who can see your name' }), 'Friends');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Coffee lover');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(api.bodies).toHaveLength(1));
    expect(api.bodies[0]).toEqual({
      id: 7,
      authtoken: 'token-1',
      email: 'anna@example.org',
      nickname: { value: 'Anna' },
      accountType: { id: 1 },
      name: { firstname: 'Anna', lastname: '', visibility: 4 },
      firstname: 'Anna',
      lastname: '',
      description: 'Coffee lover',
      homepageUrl: '',
    });
  });

  it('shows the errors the server gives for fields', async () => {
    const api = profileApi(profileUser({ accountType: { id: 1 } }));
    server.use(
      http.post('/api/myprofile/update', () =>
        HttpResponse.json(
          { key: 'error.validation', fields: [{ path: 'body.nickname.value', key: 'FORM.ERROR.MAXLENGTH' }] },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderApp('/profile');
    await user.type(await screen.findByLabelText('Description'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(screen.getByLabelText('Nickname')).toHaveAccessibleDescription('This entry is too long.'));
    await waitFor(() => expect(document.querySelector('ion-toast')?.message).toBe('Some entries are not valid. Please check the form.'));
    expect(api.bodies).toHaveLength(0);
  });
});

describe('unsaved changes (SPEC §4)', () => {
  async function editAndChoose(entry: string) {
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Description' }), 'Draft text');
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    await user.click(within(menu).getByRole('button', { name: entry }));
    return user;
  }

  it('asks before leaving a changed profile; Yes stays on the page with the draft', async () => {
    profileApi(profileUser());
    renderApp('/profile');
    const user = await editAndChoose('Dashboard');
    const alert = await screen.findByRole('alertdialog', { name: 'Unsaved Changes' });
    expect(alert).toHaveTextContent('Do you want to save your draft first?');
    await user.click(within(alert).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(currentLocation()).toBe('/profile');
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Draft text');
    expect(unsavedChanges.at('/profile')).toBe(true);
  });

  it('No clears the flag, drops the draft and navigates', async () => {
    profileApi(profileUser());
    renderApp('/profile');
    const user = await editAndChoose('Settings');
    const alert = await screen.findByRole('alertdialog', { name: 'Unsaved Changes' });
    await user.click(within(alert).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(currentLocation()).toBe('/settings'));
    expect(unsavedChanges.at('/profile')).toBe(false);
    // Ionic keeps the profile page under the settings page: its form is back to the saved values
    expect(screen.getByRole('textbox', { name: 'Description', hidden: true })).toHaveValue('');
  });

  it('leaves an unchanged or saved profile without asking', async () => {
    profileApi(profileUser());
    const user = userEvent.setup();
    renderApp('/profile');
    await user.type(await screen.findByRole('textbox', { name: 'Description' }), 'Saved text');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    expect(unsavedChanges.at('/profile')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(within(await screen.findByRole('navigation', { name: 'Main menu' })).getByRole('button', { name: 'Settings' }));
    await waitFor(() => expect(currentLocation()).toBe('/settings'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
