import type { User } from '@spotlist/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store';
import { fakeXhr } from '../../test/fake-xhr';
import { makeUser, setXsrfCookie, storeLoggedInUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';

/** Logged in as `before`; GET /api/myprofile answers `after()` once an upload happened. */
function profileWithUpload(before: User, after: () => User) {
  storeLoggedInUser({ language: before.language });
  setXsrfCookie();
  let uploaded = false;
  server.use(
    http.get('/api/session/user', () => HttpResponse.json(before)),
    http.get('/api/myprofile', () => HttpResponse.json(uploaded ? after() : before)),
    http.get('/api/setting/', () => HttpResponse.json({ list: [], total: 0, pageIndex: 0, pageSize: 100 })),
    http.get('/api/industry/list', () => HttpResponse.json({ list: [], total: 0, pageIndex: 0, pageSize: 100 })),
    http.get('/api/country/list2', () => HttpResponse.json({ list: [], total: 0, pageIndex: 0, pageSize: 100 })),
  );
  return {
    markUploaded: () => {
      uploaded = true;
    },
  };
}

const sideMenuPicture = () => document.querySelector<HTMLImageElement>('.side-menu-picture')!;
const jpeg = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], 'me.jpg', { type: 'image/jpeg' });

describe('profile picture and logo (SPEC §2, §7)', () => {
  beforeEach(() => {
    // jsdom decodes no images: the picture goes as it was picked
    vi.stubGlobal('createImageBitmap', vi.fn().mockRejectedValue(new Error('no decoder')));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('uploads a picked picture with the profile id, shows the progress up to Done and the side menu shows it', async () => {
    const user = makeUser({ id: 7 });
    const withPicture = makeUser({ id: 7, picturedocument: { id: 9, urlThumb240: '/api/document/9/thumb' } });
    // GET /api/myprofile keeps answering the old profile: the picture comes from the upload's answer
    profileWithUpload(user, () => user);
    // the endpoint answers the profile with the new picture
    const xhr = fakeXhr({ status: 200, body: JSON.stringify(withPicture) });
    renderApp('/profile');
    const group = await screen.findByRole('group', { name: 'Profile picture' }, { timeout: 5000 });
    expect(screen.queryByRole('group', { name: 'Logo' })).toBeNull();
    expect(within(group).getByText('No picture yet.')).toBeInTheDocument();
    expect(sideMenuPicture()).toHaveAttribute('src', '/assets/dummy-user.svg');

    fireEvent.change(within(group).getByLabelText('Photo library'), { target: { files: [jpeg()] } });

    const bar = await within(group).findByRole('progressbar', { name: 'Upload of me.jpg' });
    await waitFor(() => expect(within(group).getByText('Uploaded · 100 %')).toBeInTheDocument());
    // ion-progress-bar states its value 0–1 (the web component renders after React: wait for it)
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '1'));
    expect(xhr.sent).toHaveLength(1);
    expect(xhr.sent[0]!.url).toMatch(/\/api\/myprofile\/image\/update$/);
    const form = xhr.sent[0]!.body as FormData;
    expect(JSON.parse(form.get('data') as string)).toEqual({ id: 7 });
    expect((form.get('file') as File).name).toBe('me.jpg');
    // the session's user (and with it the side menu) has the picture
    await waitFor(() => expect(sideMenuPicture()).toHaveAttribute('src', '/api/document/9/thumb'));
    expect(authStore.getState().user?.picturedocument?.id).toBe(9);
  });

  it('gives businesses a logo, uploaded to the logo endpoint', async () => {
    const user = makeUser({ id: 8, accountType: { id: 2 }, industry2: { id: 3, key: 'tour' }, locationList: { list: [] } });
    const api = profileWithUpload(user, () => ({ ...user, logodocument: { id: 11, urlThumb240: '/api/document/11/thumb' } }));
    // an answer that is not a profile: the profile is read again
    const xhr = fakeXhr({ status: 200, body: '{}' });
    renderApp('/profile');
    const logo = await screen.findByRole('group', { name: 'Logo' }, { timeout: 5000 });
    expect(within(logo).getByText('No logo yet.')).toBeInTheDocument();
    api.markUploaded();
    fireEvent.change(within(logo).getByLabelText('Camera'), { target: { files: [jpeg()] } });
    await waitFor(() => expect(within(logo).getByText('Uploaded · 100 %')).toBeInTheDocument());
    expect(xhr.sent[0]!.url).toMatch(/\/api\/myprofile\/logo\/update$/);
    expect(JSON.parse((xhr.sent[0]!.body as FormData).get('data') as string)).toEqual({ id: 8 });
    // no picture: the side menu falls back to the logo (SPEC §2)
    await waitFor(() => expect(sideMenuPicture()).toHaveAttribute('src', '/api/document/11/thumb'));
  });

  it('says "Something bad happened; please try again later." when the server refuses the file', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    profileWithUpload(makeUser(), () => makeUser());
    const xhr = fakeXhr({ status: 415, body: JSON.stringify({ key: 'error.document.type' }) });
    renderApp('/profile');
    const group = await screen.findByRole('group', { name: 'Profile picture' }, { timeout: 5000 });
    fireEvent.change(within(group).getByLabelText('Photo library'), { target: { files: [jpeg()] } });
    expect(await within(group).findByRole('alert')).toHaveTextContent('Something bad happened; please try again later.');
    expect(within(group).getByText(/^Failed · /)).toBeInTheDocument();
    // a refused file is not sent again by itself
    expect(xhr.sent).toHaveLength(1);
    expect(sideMenuPicture()).toHaveAttribute('src', '/assets/dummy-user.svg');
    // "Try again" sends it once more
    await userEvent.setup().click(within(group).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(xhr.sent).toHaveLength(2));
  });

  it('offers the photo library and the camera in an action sheet', async () => {
    profileWithUpload(makeUser(), () => makeUser());
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => undefined);
    const u = userEvent.setup();
    renderApp('/profile');
    const group = await screen.findByRole('group', { name: 'Profile picture' }, { timeout: 5000 });
    // a button tapped while the sheet is still being presented is ignored by Ionic: wait until it is up
    const presented = new Promise((resolve) => document.addEventListener('ionActionSheetDidPresent', resolve, { once: true }));
    await u.click(within(group).getByRole('button', { name: 'Change picture' }));
    await presented;
    const sheet = await waitFor(() => {
      const el = document.querySelector('ion-action-sheet');
      expect(el).not.toBeNull();
      return el as HTMLElement;
    });
    const button = (name: string) =>
      [...sheet.querySelectorAll('button')].find((b) => b.textContent?.trim() === name) ??
      [...(sheet.shadowRoot?.querySelectorAll('button') ?? [])].find((b) => b.textContent?.trim() === name);
    await waitFor(() => expect(button('Camera')).toBeDefined());
    expect(button('Photo library')).toBeDefined();
    expect(button('Cancel')).toBeDefined();
    button('Camera')!.click();
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(click.mock.contexts[0]).toBe(within(group).getByLabelText('Camera'));
    expect(within(group).getByLabelText('Camera')).toHaveAttribute('capture', 'environment');
  });
});
