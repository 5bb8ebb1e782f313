import { APP_LANGUAGES, USER_FLAGS, type AppLanguage, type UserFlag } from '@spotlist/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { helpUrl, MENU_ENTRIES, menuNavigation, menuState, visibleMenuEntries } from './menu';
import { REGISTERED_PAGES } from './routes';

const noFlags = Object.fromEntries(USER_FLAGS.map((f) => [f, false])) as Record<UserFlag, boolean>;
const allFlags = Object.fromEntries(USER_FLAGS.map((f) => [f, true])) as Record<UserFlag, boolean>;
/** Every page of the spec registered (as once all issues are built). */
const ALL_PAGES = new Set(MENU_ENTRIES.flatMap((e) => (e.page ? [e.page] : [])));
const ids = (entries: { id: string }[]) => entries.map((e) => e.id);

describe('menu visibility (SPEC §2)', () => {
  it('shows dashboard, my places, the map, my lists, people, messages, profile, settings, intro, help and logout with the pages built so far, and the guest app and widget pages by their flags', () => {
    const built = [
      'dashboard',
      'widget-marked-mylike',
      'widget-marked-mylike-map',
      'lists',
      'people',
      'messages',
      'profile',
      'settings',
      'intro',
      'help',
      'logout',
    ];
    expect(ids(visibleMenuEntries(noFlags, REGISTERED_PAGES))).toEqual(built);
    expect(ids(visibleMenuEntries(allFlags, REGISTERED_PAGES))).toEqual([
      'dashboard',
      'guest-mode-app',
      'widget-marked-mylike',
      'widget-marked-mylike-map',
      'lists',
      'people',
      'messages',
      'widget',
      'widget-list',
      'aiContentAssistant',
      'overlay-manager',
      'gps-tracking',
      'profile',
      'settings',
      'intro',
      'help',
      'logout',
    ]);
    expect(ids(visibleMenuEntries({ ...noFlags, hasGuest: true }, REGISTERED_PAGES))).toEqual([
      'dashboard',
      'guest-mode-app',
      'widget-marked-mylike',
      'widget-marked-mylike-map',
      'lists',
      'people',
      'messages',
      'profile',
      'settings',
      'intro',
      'help',
      'logout',
    ]);
    expect(ids(visibleMenuEntries({ ...noFlags, widgetv2activated: true }, REGISTERED_PAGES))).toContain('widget-list');
    expect(ids(visibleMenuEntries({ ...noFlags, overlayactivated: true }, REGISTERED_PAGES))).toContain('overlay-manager');
    expect(ids(visibleMenuEntries({ ...noFlags, widgetv2activated: true }, REGISTERED_PAGES))).not.toContain('widget');
    expect(ids(visibleMenuEntries({ ...noFlags, gpstrackingactivated: true }, REGISTERED_PAGES))).toContain('gps-tracking');
  });

  it('shows People right after My lists to every account (no flag, no permission: private, business and blogger alike)', () => {
    const people = MENU_ENTRIES.find((e) => e.id === 'people')!;
    expect(people).toMatchObject({ page: 'people', titleKey: 'PEOPLE.TITLE' });
    expect(people.flag).toBeUndefined();
    expect(people.only).toBeUndefined();
    for (const user of [null, noFlags, allFlags]) {
      const visible = ids(visibleMenuEntries(user, REGISTERED_PAGES));
      expect(visible[visible.indexOf('lists') + 1]).toBe('people');
    }
  });

  it('shows Messages right after People to every account (no flag, no permission)', () => {
    const messages = MENU_ENTRIES.find((e) => e.id === 'messages')!;
    expect(messages).toMatchObject({ page: 'messages', titleKey: 'MESSAGES.TITLE' });
    expect(messages.flag).toBeUndefined();
    expect(messages.only).toBeUndefined();
    for (const user of [null, noFlags, allFlags]) {
      const visible = ids(visibleMenuEntries(user, REGISTERED_PAGES));
      expect(visible[visible.indexOf('people') + 1]).toBe('messages');
    }
  });

  it('shows the console to accounts with a console permission, the notices to accounts the moderators wrote to', () => {
    const withConsole = ids(visibleMenuEntries({ ...noFlags, permissionsInclude: ['audit.view'] }, REGISTERED_PAGES));
    expect(withConsole.slice(-4)).toEqual(['intro', 'console', 'help', 'logout']);
    // a permission the app does not know opens nothing
    expect(ids(visibleMenuEntries({ ...noFlags, permissionsInclude: ['lists.curate'] }, REGISTERED_PAGES))).not.toContain('console');
    expect(ids(visibleMenuEntries({ ...noFlags, notices: { total: 0, unread: 0 } }, REGISTERED_PAGES))).not.toContain('notices');
    expect(ids(visibleMenuEntries({ ...noFlags, notices: { total: 2, unread: 0 } }, REGISTERED_PAGES)).slice(-4)).toEqual([
      'intro',
      'notices',
      'help',
      'logout',
    ]);
  });

  it('gives every entry of a built page (and every action) an icon', () => {
    for (const entry of visibleMenuEntries(
      { ...allFlags, permissionsInclude: ['admin.users'], notices: { total: 1, unread: 1 } },
      REGISTERED_PAGES,
    ))
      expect(entry.icon, entry.id).toMatch(/^data:image\/svg\+xml/);
  });

  it('gives every entry of a built page (and every action) an icon, with every flag', () => {
    for (const entry of visibleMenuEntries(allFlags, REGISTERED_PAGES)) expect(entry.icon, entry.id).toMatch(/^data:image\/svg\+xml/);
  });

  it('shows every page once all are registered and the user has every flag', () => {
    expect(
      ids(visibleMenuEntries({ ...allFlags, permissionsInclude: ['admin.users'], notices: { total: 1, unread: 1 } }, ALL_PAGES)),
    ).toEqual([
      'dashboard',
      'guest-mode-app',
      'widget-marked-mylike',
      'widget-marked-mylike-map',
      'lists',
      'people',
      'messages',
      'widget',
      'widget-list',
      'aiContentAssistant',
      'overlay-manager',
      'gps-tracking',
      'profile',
      'settings',
      'intro',
      'notices',
      'console',
      'help',
      'logout',
    ]);
  });

  it.each([
    ['hasGuest', 'guest-mode-app'],
    ['widgetv1activated', 'widget'],
    ['widgetv2activated', 'widget-list'],
    ['aiassistantactivated', 'aiContentAssistant'],
    ['overlayactivated', 'overlay-manager'],
    ['gpstrackingactivated', 'gps-tracking'],
  ] as const)('flag %s unlocks exactly the %s entry', (flag, entry) => {
    const visible = ids(visibleMenuEntries({ ...noFlags, [flag]: true }, ALL_PAGES));
    const without = ids(visibleMenuEntries(noFlags, ALL_PAGES));
    expect(visible).toContain(entry);
    expect(without).not.toContain(entry);
    expect(visible.filter((id) => !without.includes(id))).toEqual([entry]);
  });

  it('hides a flagged entry whose page is not registered, even with the flag', () => {
    // as if the widget list page were not built yet
    const registered = new Set([...REGISTERED_PAGES].filter((page) => page !== 'widget-list'));
    expect(ids(visibleMenuEntries({ ...noFlags, widgetv1activated: true, widgetv2activated: true }, registered))).toEqual([
      'dashboard',
      'widget-marked-mylike',
      'widget-marked-mylike-map',
      'lists',
      'people',
      'messages',
      'widget',
      'profile',
      'settings',
      'intro',
      'help',
      'logout',
    ]);
  });

  it('for any flags, permissions and notices: the always-visible entries plus the entries the user has what they need for', () => {
    fc.assert(
      fc.property(
        fc.record(Object.fromEntries(USER_FLAGS.map((f) => [f, fc.boolean()])) as Record<UserFlag, fc.Arbitrary<boolean>>),
        fc.boolean(),
        fc.nat(3),
        (flags, console, notices) => {
          const visible = visibleMenuEntries(
            { ...flags, permissionsInclude: console ? ['audit.view'] : [], notices: { total: notices, unread: 0 } },
            ALL_PAGES,
          );
          for (const entry of MENU_ENTRIES) {
            const expected =
              (entry.flag === undefined || flags[entry.flag]) &&
              (entry.only !== 'console' || console) &&
              (entry.only !== 'notices' || notices > 0);
            expect(visible.includes(entry)).toBe(expected);
          }
        },
      ),
    );
  });

  it('treats a missing user as having no flags', () => {
    expect(ids(visibleMenuEntries(null, ALL_PAGES))).toEqual([
      'dashboard',
      'widget-marked-mylike',
      'widget-marked-mylike-map',
      'lists',
      'people',
      'messages',
      'profile',
      'settings',
      'intro',
      'help',
      'logout',
    ]);
  });
});

describe('menu state (SPEC §2)', () => {
  it('is disabled when logged out', () => {
    expect(menuState(false, false)).toEqual({ enabled: false, showPageList: true, showToggle: false });
  });
  it('is disabled, without page list or toggle, during onboarding', () => {
    expect(menuState(true, true)).toEqual({ enabled: false, showPageList: false, showToggle: false });
  });
  it('is enabled with its toggle when logged in', () => {
    expect(menuState(true, false)).toEqual({ enabled: true, showPageList: true, showToggle: true });
  });
});

describe('menu navigation (SPEC §2)', () => {
  const pathOf = (page: string) => `/${page}`;
  const entry = (id: string) => MENU_ENTRIES.find((e) => e.id === id)!;

  it('does nothing when the chosen page is already active', () => {
    expect(menuNavigation(entry('dashboard'), '/dashboard', pathOf, 'h')).toEqual({ kind: 'none' });
    expect(menuNavigation(entry('profile'), '/profile', pathOf, 'h')).toEqual({ kind: 'none' });
  });
  it('pops to root for the dashboard', () => {
    expect(menuNavigation(entry('dashboard'), '/profile', pathOf, 'h')).toEqual({ kind: 'root', path: '/dashboard' });
  });
  it('navigates forward to other pages', () => {
    expect(menuNavigation(entry('settings'), '/dashboard', pathOf, 'h')).toEqual({ kind: 'navigate', path: '/settings' });
  });
  it('opens help externally and logs out', () => {
    expect(menuNavigation(entry('help'), '/dashboard', pathOf, 'https://faq')).toEqual({ kind: 'external', url: 'https://faq' });
    expect(menuNavigation(entry('logout'), '/dashboard', pathOf, 'h')).toEqual({ kind: 'logout' });
  });
  it('opens the FAQ in each help language, English for the other app languages (SPEC §9)', () => {
    const urls = { helpUrl: 'https://help.example/faq/', helpUrlDe: 'https://help.example/de/faq/' };
    const expected: Record<AppLanguage, string> = {
      de: 'https://help.example/de/faq/',
      en: 'https://help.example/faq/',
      es: 'https://help.example/es/faq/',
      fr: 'https://help.example/fr/faq/',
      hr: 'https://help.example/hr/faq/',
      hu: 'https://help.example/hu/faq/',
      it: 'https://help.example/it/faq/',
      pl: 'https://help.example/pl/faq/',
      pt: 'https://help.example/pt/faq/',
      ru: 'https://help.example/ru/faq/',
      tr: 'https://help.example/tr/faq/',
      nl: 'https://help.example/faq/',
      da: 'https://help.example/faq/',
    };
    expect(Object.keys(expected).sort()).toEqual([...APP_LANGUAGES].sort());
    for (const lang of APP_LANGUAGES) expect(helpUrl(lang, urls), lang).toBe(expected[lang]);
    expect(helpUrl('ja', urls)).toBe('https://help.example/faq/');
  });
  it('changes the language segment of the path only, never the host or a later segment', () => {
    const urls = { helpUrl: 'https://de.help.example/en/', helpUrlDe: 'https://de.help.example/hilfe/de?x=de' };
    expect(helpUrl('fr', urls)).toBe('https://de.help.example/hilfe/fr?x=de');
    expect(helpUrl('it', { helpUrl: '/faq/', helpUrlDe: '/de/faq/de/' })).toBe('/it/faq/de/');
  });
  it('gives the other languages the English page when the German one has no language segment', () => {
    const urls = { helpUrl: 'https://help.example/faq/', helpUrlDe: 'https://hilfe.example/faq/' };
    expect(helpUrl('de', urls)).toBe('https://hilfe.example/faq/');
    expect(helpUrl('es', urls)).toBe('https://help.example/faq/');
  });
});
