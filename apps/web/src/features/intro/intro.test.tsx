import type { Onboarding, User } from '@spotlist/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { local, session, STORAGE_KEYS } from '../../lib/storage';
import { makeUser, setXsrfCookie, storeLoggedInUser } from '../../test/fixtures';
import { currentLocation, renderApp } from '../../test/render-app';
import { server } from '../../test/server';

const SEEN_KEY = `${STORAGE_KEYS.introSeen}7`; // makeUser's id
const HEADING = 'What you can do with Spotlist';

const PRIVATE_SLIDES = ['Keep the places you love', 'See them on a map', 'Make lists and share them', 'Bring your places along'];
const BLOGGER_SLIDES = ['Collect your finds', 'Your blogger profile', 'Public lists for your readers', 'Bring your places along'];
const BUSINESS_SLIDES = ['Your business profile', 'Widgets for your website', 'The guest app', 'See what works'];

function loggedInAs(overrides: Partial<User> = {}) {
  storeLoggedInUser();
  setXsrfCookie();
  server.use(http.get('/api/session/user', () => HttpResponse.json(makeUser(overrides))));
}

/** The carousel's region (the track), once the lazy page is there. */
const findTrack = () => screen.findByRole('region', { name: HEADING });

/** The slide a user sees (the others are hidden from assistive technology). */
const currentSlide = (track: HTMLElement) => within(track).getByRole('group');

const dot = (n: number, total = 4) => screen.getByRole('button', { name: `Slide ${n} of ${total}` });

describe('intro slides per account type (SPEC §2 intro)', () => {
  it.each([
    ['private', 1, PRIVATE_SLIDES],
    ['blogger', 4, BLOGGER_SLIDES],
    ['business', 2, BUSINESS_SLIDES],
  ] as const)('shows the %s slides, each a drawn illustration, a heading and a text', async (_, id, titles) => {
    loggedInAs({ accountType: { id } });
    renderApp('/intro');
    const track = await findTrack();
    const slides = within(track).getAllByRole('group', { hidden: true });
    expect(slides.map((s) => within(s).getByRole('heading', { hidden: true }).textContent)).toEqual(titles);
    for (const slide of slides) {
      expect(slide).toHaveAttribute('aria-roledescription', 'slide');
      expect(slide.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
      expect(slide.querySelector('img')).toBeNull();
      expect(slide.querySelector('p')?.textContent).toMatch(/\w+.*\./);
    }
    // only the first slide is shown to assistive technology
    expect(currentSlide(track)).toHaveAccessibleName(titles[0]);
    expect(screen.getAllByRole('button', { name: /^Slide \d of 4$/ })).toHaveLength(4);
  });

  it('tells a business that the Spotlist team switches widgets and the guest app on, and promises nothing unbuilt', async () => {
    loggedInAs({ accountType: { id: 2 } });
    renderApp('/intro');
    const track = await findTrack();
    expect(within(track).getByText(/The Spotlist team switches widgets on/, { ignore: 'h2' })).toBeInTheDocument();
    expect(track.textContent).not.toMatch(/chat|match|video|payment/i);
  });
});

describe('intro navigation', () => {
  it('moves with Next and Back, the arrow keys and the dots, and ends with Get started', async () => {
    loggedInAs();
    const user = userEvent.setup();
    renderApp('/intro');
    const track = await findTrack();
    expect(currentSlide(track)).toHaveAccessibleName(PRIVATE_SLIDES[0]);
    expect(dot(1)).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Back' })).toHaveAttribute('aria-disabled', 'true');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(currentSlide(track)).toHaveAccessibleName(PRIVATE_SLIDES[1]);
    expect(dot(2)).toHaveAttribute('aria-current', 'true');
    expect(dot(1)).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('button', { name: 'Back' })).not.toHaveAttribute('aria-disabled');

    // the arrow keys, wherever the focus is in the carousel
    track.focus();
    await user.keyboard('{ArrowRight}');
    expect(currentSlide(track)).toHaveAccessibleName(PRIVATE_SLIDES[2]);
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(currentSlide(track)).toHaveAccessibleName(PRIVATE_SLIDES[0]);

    await user.click(dot(4));
    expect(currentSlide(track)).toHaveAccessibleName(PRIVATE_SLIDES[3]);
    expect(dot(4)).toHaveAttribute('aria-current', 'true');
    // the last slide: Get started instead of Next, no Skip
    expect(screen.getByRole('button', { name: 'Get started' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Skip' })).toBeNull();
    await user.keyboard('{ArrowRight}');
    expect(currentSlide(track)).toHaveAccessibleName(PRIVATE_SLIDES[3]);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(currentSlide(track)).toHaveAccessibleName(PRIVATE_SLIDES[2]);
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
  });

  it('scrolls the track smoothly, or at once when less motion is asked for', async () => {
    loggedInAs();
    const user = userEvent.setup();
    renderApp('/intro');
    const track = await findTrack();
    const scrollTo = vi.fn();
    Object.assign(track, { scrollTo });
    Object.defineProperty(track, 'clientWidth', { configurable: true, value: 300 });

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 300, behavior: 'smooth' });

    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) => ({ matches: query.includes('prefers-reduced-motion: reduce'), media: query }) as MediaQueryList,
    );
    await user.click(dot(3));
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 600, behavior: 'instant' });
  });

  it('makes the slide a swipe stops on the current one', async () => {
    loggedInAs();
    renderApp('/intro');
    const track = await findTrack();
    Object.defineProperty(track, 'clientWidth', { configurable: true, value: 300 });
    track.scrollLeft = 600;
    fireEvent.scroll(track);
    await waitFor(() => expect(currentSlide(track)).toHaveAccessibleName(PRIVATE_SLIDES[2]));
    expect(dot(3)).toHaveAttribute('aria-current', 'true');
  });
});

describe('intro once after onboarding', () => {
  function onboardingSaves() {
    loggedInAs({ profileFilled: false, nickname: { value: 'Pia' } });
    server.use(
      http.post('/api/myprofile/update', async ({ request }) => {
        const body = (await request.json()) as Onboarding;
        return HttpResponse.json(makeUser({ nickname: body.nickname, profileFilled: true }));
      }),
    );
  }

  it('onboarding goes to the intro the first time; Skip goes on to the remembered page and sets the flag', async () => {
    onboardingSaves();
    // the guard remembered the page the user asked for before onboarding
    session.setJson(STORAGE_KEYS.guardedPage, { pathname: '/lists', search: '' });
    const user = userEvent.setup();
    renderApp('/onboarding');
    await user.click(await screen.findByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(currentLocation()).toBe('/intro'));
    expect(local.get(SEEN_KEY)).toBeNull();

    await user.click(await screen.findByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(currentLocation()).toBe('/lists'));
    expect(local.get(SEEN_KEY)).not.toBeNull();
  });

  it('Get started goes on to the dashboard the first time when no page was remembered', async () => {
    loggedInAs();
    const user = userEvent.setup();
    renderApp('/intro');
    await findTrack();
    for (let i = 0; i < 3; i += 1) await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Get started' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
    expect(local.get(SEEN_KEY)).not.toBeNull();
  });

  it('onboarding goes on without the intro once it has been seen', async () => {
    onboardingSaves();
    local.set(SEEN_KEY, '1');
    const user = userEvent.setup();
    renderApp('/onboarding');
    await user.click(await screen.findByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
  });

  it('the flag is per user', async () => {
    onboardingSaves();
    local.set(`${STORAGE_KEYS.introSeen}8`, '1');
    const user = userEvent.setup();
    renderApp('/onboarding');
    await user.click(await screen.findByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(currentLocation()).toBe('/intro'));
  });
});

describe('intro from the menu', () => {
  it('is a menu entry with an icon; from there Skip goes to the dashboard, not to a remembered page', async () => {
    loggedInAs();
    local.set(SEEN_KEY, '1');
    // even with a page remembered: from the menu the intro goes back to the dashboard
    session.setJson(STORAGE_KEYS.guardedPage, { pathname: '/lists', search: '' });
    const user = userEvent.setup();
    renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    const entry = within(menu).getByRole('button', { name: 'Introduction' });
    expect(entry.querySelector('svg')).not.toBeNull();
    await user.click(entry);
    await waitFor(() => expect(currentLocation()).toBe('/intro'));
    await findTrack();

    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
  });
});
