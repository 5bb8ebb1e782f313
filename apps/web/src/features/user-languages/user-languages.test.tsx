import type { UserLanguage } from '@spotlist/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { POPOVER_DEFAULTS } from '../../components/listi18n-popover';
import { i18next, startLanguage } from '../../lib/i18n';
import { session, STORAGE_KEYS } from '../../lib/storage';
import { makeUser, setXsrfCookie, storeLoggedInUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { server } from '../../test/server';

const LANGUAGES = [
  { id: 1, isocode: 'en-US', key: 'en', name: 'English' },
  { id: 2, isocode: 'de-DE', key: 'de', name: 'Deutsch' },
  { id: 4, isocode: 'fr-FR', key: 'fr', name: 'Français' },
];
const asList = <T,>(list: T[]) => HttpResponse.json({ list, total: list.length, pageIndex: 0, pageSize: list.length });

/** A business offering English; the server keeps the list and answers it after every change. */
function businessWithLanguages() {
  storeLoggedInUser();
  setXsrfCookie();
  let mine: UserLanguage[] = [{ ...LANGUAGES[0]!, isDefault: true }];
  const calls: { change: string; body: unknown }[] = [];
  server.use(
    http.get('/api/session/user', () => HttpResponse.json(makeUser({ accountType: { id: 2 } }))),
    http.get('/api/language/list', () => asList(LANGUAGES)),
    http.get('/api/language/mine', () => asList(mine)),
    http.get('/api/setting/', () => asList([])),
    http.post('/api/language/:change', async ({ params, request }) => {
      const body = (await request.json()) as { id: number };
      calls.push({ change: String(params.change), body });
      if (params.change === 'add') mine = [...mine, { ...LANGUAGES.find((l) => l.id === body.id)!, isDefault: false }];
      if (params.change === 'assignDefault') mine = mine.map((l) => ({ ...l, isDefault: l.id === body.id }));
      if (params.change === 'remove') {
        if (mine.find((l) => l.id === body.id)?.isDefault && mine.length > 1) {
          return HttpResponse.json({ key: 'error.language.default.remove' }, { status: 409 });
        }
        mine = mine.filter((l) => l.id !== body.id);
      }
      return asList(mine);
    }),
  );
  return calls;
}

describe('app languages page (SPEC §9)', () => {
  it('switches the interface among the 13 app languages and keeps the choice for the tab', async () => {
    storeLoggedInUser();
    server.use(http.get('/api/session/user', () => HttpResponse.json(makeUser())));
    const user = userEvent.setup();
    renderApp('/app-languages');
    const group = await screen.findByRole('group', { name: 'Language of the app' });
    expect(within(group).getAllByRole('radio')).toHaveLength(13);
    expect(within(group).getByRole('radio', { name: 'English' })).toBeChecked();

    await user.click(within(group).getByRole('radio', { name: 'Français' }));
    expect(await screen.findByRole('heading', { name: 'Langues', level: 1 })).toBeInTheDocument();
    expect(i18next.language).toBe('fr');
    expect(session.get(STORAGE_KEYS.appLanguage)).toBe('fr');
    // a reload of the tab starts in French again
    expect(startLanguage('en', true)).toBe('fr');
    // content languages are for businesses
    expect(screen.queryByRole('heading', { name: 'Langues de contenu' })).not.toBeInTheDocument();
  });

  it('lets a business add, make default and remove content languages with the language popover', async () => {
    const calls = businessWithLanguages();
    const user = userEvent.setup();
    renderApp('/app-languages');
    const section = await screen.findByRole('region', { name: 'Content languages' });
    const list = await within(section).findByRole('list', { name: 'Content languages' });
    expect(within(list).getByText('Default')).toBeInTheDocument();

    const trigger = within(section).getByRole('button', { name: 'Add a language' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    await user.click(trigger);
    const menu = await screen.findByRole('menu', { name: 'Content languages to add' });
    // SPEC §9 menu defaults: below the trigger, aligned after its start, overlapping it
    const popover = document.querySelector('ion-popover')!;
    expect(popover.side).toBe('bottom');
    expect(popover.alignment).toBe('start');
    expect(popover.reference).toBe('event'); // from the trigger's top-left corner: over the trigger
    expect(POPOVER_DEFAULTS).toEqual({ overlapTrigger: true, xPosition: 'after', yPosition: 'below' });
    expect(
      within(menu)
        .getAllByRole('menuitemradio')
        .map((i) => i.textContent),
    ).toEqual(['Deutsch', 'Français']);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');

    await user.click(within(menu).getByRole('menuitemradio', { name: 'Deutsch' }));
    await waitFor(() => expect(within(list).getByText('Deutsch')).toBeInTheDocument());
    expect(calls).toEqual([{ change: 'add', body: { id: 2 } }]);
    await waitFor(() => expect(document.querySelector('ion-popover')).toBeNull());

    await user.click(within(list).getByRole('button', { name: 'Make default: Deutsch' }));
    await waitFor(() => expect(within(list).queryByRole('button', { name: 'Make default: Deutsch' })).not.toBeInTheDocument());
    expect(calls[1]).toEqual({ change: 'assignDefault', body: { id: 2 } });

    // the server refuses to remove the default while others are offered: the toast says why
    await user.click(within(list).getByRole('button', { name: 'Remove Deutsch' }));
    await waitFor(() =>
      expect(document.querySelector('ion-toast')?.message).toBe(
        'The default language cannot be removed while other languages are offered.',
      ),
    );
    await user.click(within(list).getByRole('button', { name: 'Remove English' }));
    await waitFor(() => expect(within(list).queryByText('English')).not.toBeInTheDocument());
  });
});

describe('language of texts in lists (Listi18nPopoverPage)', () => {
  it('picks among the offered content languages and keeps the choice as a user setting', async () => {
    businessWithLanguages();
    let saved: unknown;
    server.use(
      http.get('/api/language/mine', () =>
        asList([
          { ...LANGUAGES[0]!, isDefault: false },
          { ...LANGUAGES[1]!, isDefault: true },
        ]),
      ),
      http.post('/api/setting/save', async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json({ id: 3, ...(saved as object) });
      }),
    );
    const user = userEvent.setup();
    renderApp('/listi18n-popover');
    // until one is chosen: the default content language
    await user.click(await screen.findByRole('button', { name: 'Texts in: Deutsch' }));
    const menu = await screen.findByRole('menu', { name: 'Languages' });
    expect(within(menu).getByRole('menuitemradio', { name: 'Deutsch' })).toHaveAttribute('aria-checked', 'true');
    await user.click(within(menu).getByRole('menuitemradio', { name: 'English' }));
    expect(await screen.findByRole('button', { name: 'Texts in: English' })).toBeInTheDocument();
    expect(saved).toEqual({ key: 'listLanguage', value: 1 });
  });

  it('offers English and German when the language list cannot be loaded (SPEC §8)', async () => {
    businessWithLanguages();
    server.use(
      http.get('/api/language/mine', () => asList([])),
      http.get('/api/language/list', () => HttpResponse.json({ key: 'error.unavailable' }, { status: 503 })),
    );
    const user = userEvent.setup();
    renderApp('/listi18n-popover');
    await user.click(await screen.findByRole('button', { name: 'Texts in: English' }));
    const menu = await screen.findByRole('menu', { name: 'Languages' });
    expect(
      within(menu)
        .getAllByRole('menuitemradio')
        .map((i) => i.textContent),
    ).toEqual(['English', 'Deutsch']);
  });
});
