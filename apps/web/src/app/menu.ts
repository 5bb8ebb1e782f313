import { hasConsoleAccess, type User, type UserFlag, type UserFlags } from '@spotlist/contracts';
import { informationCircleOutline, logOutOutline } from 'ionicons/icons';
import { helpLanguageFor } from '../lib/language';

/**
 * The side menu of SPEC §2 as data and pure functions of the user.
 *
 * Every entry names the page it opens (its route id in app/routes.tsx) and, for feature pages,
 * the activation flag that unlocks it. An entry whose page is not registered in the route table
 * is neither shown nor routable, so adding a page to routes.tsx is what makes its entry appear.
 */
export type MenuAction = 'help' | 'logout';

export interface MenuEntry {
  id: string;
  /** Translation key of the entry's title. */
  titleKey: string;
  /**
   * The entry's icon. Entries whose page is not built yet carry none (each costs the first bundle,
   * docs/decisions/0012); the change that builds the page adds it (menu.test.ts checks visible ones).
   */
  icon?: string;
  /** The route id (= route segment, SPEC §2) of the page the entry opens. */
  page?: string;
  /** Shown only when the user has this flag (SPEC §2 menu visibility). */
  flag?: UserFlag;
  /**
   * Shown only to some users: 'console' to those with a console permission (contracts
   * permissions.ts), 'notices' to those the moderators have written to.
   */
  only?: 'console' | 'notices';
  action?: MenuAction;
}

/**
 * Icons drawn in ionicons' style (512 grid, 32 stroke, round caps) with shorter paths than ionicons'
 * own, to keep the first bundle small (docs/decisions/0012). The attributes sit on a <g>: .app-icon's
 * CSS fill on the <svg> would beat them there.
 */
const icon = (body: string) =>
  `data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 512 512'><g fill='none' stroke='currentColor' stroke-linecap='round' stroke-linejoin='round' stroke-width='32'>${body}</g></svg>`;
const path = (d: string) => icon(`<path d='${d}'/>`);
const HOME_ICON = path('M80 212v236h112V320h128v128h112V212M480 256 256 48 32 256');
const HEART_ICON = path('M256 432S64 320 64 184a96 96 0 0 1 192-32 96 96 0 0 1 192 32c0 136-192 248-192 248z');
const SETTINGS_ICON = icon(
  "<circle cx='256' cy='256' r='64'/><circle cx='256' cy='256' r='144'/><circle cx='256' cy='256' r='184' stroke-width='64' stroke-dasharray='57.8' stroke-linecap='butt'/>",
);
const HELP_ICON = icon(
  "<circle cx='256' cy='256' r='192'/><path d='M200 202a56 56 0 1 1 78 51c-14 7-22 18-22 34v9'/><circle cx='256' cy='368' r='4' stroke-width='40'/>",
);
const PROFILE_ICON = icon("<circle cx='256' cy='152' r='96'/><path d='M64 448c0-96 80-144 192-144s192 48 192 144z'/>");
const MAP_ICON = path('M48 128 192 64l128 64 144-64v320l-144 64-128-64-144 64zM192 64v320M320 128v320');
const LISTS_ICON = path('M128 64h256v384l-128-96-128 96z');
const WIDGET_ICON = path('M80 80h128v128H80zM304 80h128v128H304zM80 304h128v128H80zM304 304h128v128H304z');
const WIDGET_LIST_ICON = path('M160 144h288M160 256h288M160 368h288M80 144h0M80 256h0M80 368h0');
const INTRO_ICON = path('M256 160c16-64 76-96 208-96v320c-128 0-178 26-208 64-30-38-80-64-208-64V64c132 0 192 32 208 96zM256 160v288');
const CONSOLE_ICON = path('M256 48 80 112v128c0 112 80 192 176 224 96-32 176-112 176-224V112zM176 256l56 56 104-104');
const NOTICES_ICON = path('M96 464V64M96 80h288l-56 88 56 88H96');
/** People (features/people): a person and a heart, for matching. */
const PEOPLE_ICON = icon(
  "<circle cx='192' cy='160' r='80'/><path d='M48 448c0-96 64-144 144-144 40 0 76 12 104 36M400 432s-88-48-88-104a44 44 0 0 1 88-12 44 44 0 0 1 88 12c0 56-88 104-88 104z'/>",
);
/** Messages (features/messages): a speech bubble. */
const MESSAGES_ICON = path('M64 96h384v256H208l-96 80v-80H64z');
/** Overlays (features/overlays): a page with a card laid over it. */
const OVERLAY_ICON = path('M64 96h288v224H64zM160 192h288v224H160z');
/** The AI assistant (features/ai-assistant): a spark. */
const AI_ICON = path('M256 48l40 128 128 40-128 40-40 128-40-128-128-40 128-40zM416 336l16 48 48 16-48 16-16 48-16-48-48-16 48-16z');
/** GPS tracking (features/fleet): a shuttle bus. */
const FLEET_ICON = path(
  'M112 80h288a32 32 0 0 1 32 32v272H80V112a32 32 0 0 1 32-32zM80 240h352M80 160h352M144 384v48M368 384v48M152 320h0M360 320h0',
);
const GUEST_ICON = path(
  'M192 240a64 64 0 1 0 0-128 64 64 0 0 0 0 128zM48 416c0-72 64-112 144-112s144 40 144 112zM352 240a56 56 0 1 0 0-112M384 304c48 8 80 48 80 112h-64',
);

export const MENU_ENTRIES: readonly MenuEntry[] = [
  { id: 'dashboard', titleKey: 'MENU.DASHBOARD', icon: HOME_ICON, page: 'dashboard' },
  { id: 'guest-mode-app', titleKey: 'MENU.GUEST_MODE_APP', icon: GUEST_ICON, page: 'guest-mode-app', flag: 'hasGuest' },
  { id: 'widget-marked-mylike', titleKey: 'MENU.MARKED_PLACES', icon: HEART_ICON, page: 'widget-marked-mylike' },
  { id: 'widget-marked-mylike-map', titleKey: 'MENU.MAP', icon: MAP_ICON, page: 'widget-marked-mylike-map' },
  { id: 'lists', titleKey: 'LISTS.TITLE', icon: LISTS_ICON, page: 'lists' },
  { id: 'people', titleKey: 'PEOPLE.TITLE', icon: PEOPLE_ICON, page: 'people' },
  { id: 'messages', titleKey: 'MESSAGES.TITLE', icon: MESSAGES_ICON, page: 'messages' },
  { id: 'widget', titleKey: 'MENU.WIDGET', icon: WIDGET_ICON, page: 'widget', flag: 'widgetv1activated' },
  { id: 'widget-list', titleKey: 'MENU.WIDGET_LIST', icon: WIDGET_LIST_ICON, page: 'widget-list', flag: 'widgetv2activated' },
  {
    id: 'aiContentAssistant',
    titleKey: 'MENU.AI_CONTENT_ASSISTANT',
    icon: AI_ICON,
    page: 'aiContentAssistant',
    flag: 'aiassistantactivated',
  },
  { id: 'overlay-manager', titleKey: 'MENU.OVERLAY_MANAGER', icon: OVERLAY_ICON, page: 'overlay-manager', flag: 'overlayactivated' },
  { id: 'gps-tracking', titleKey: 'MENU.GPS_TRACKING', icon: FLEET_ICON, page: 'gps-tracking', flag: 'gpstrackingactivated' },
  { id: 'profile', titleKey: 'MENU.PROFILE', icon: PROFILE_ICON, page: 'profile' },
  { id: 'settings', titleKey: 'MENU.SETTINGS', icon: SETTINGS_ICON, page: 'settings' },
  { id: 'intro', titleKey: 'MENU.INTRO', icon: INTRO_ICON, page: 'intro' },
  { id: 'notices', titleKey: 'MENU.NOTICES', icon: NOTICES_ICON, page: 'notices', only: 'notices' },
  { id: 'console', titleKey: 'MENU.CONSOLE', icon: CONSOLE_ICON, page: 'console', only: 'console' },
  { id: 'help', titleKey: 'MENU.HELP', icon: HELP_ICON, action: 'help' },
  { id: 'logout', titleKey: 'MENU.LOGOUT', icon: logOutOutline, action: 'logout' },
];

/** The icon the dashboard uses for entries without a page of their own. */
export const INFO_ICON = informationCircleOutline;

export type MenuUser = (Partial<UserFlags> & Partial<Pick<User, 'permissionsInclude' | 'notices'>>) | null | undefined;

export function isMenuEntryVisible(entry: MenuEntry, user: MenuUser, registeredPages: ReadonlySet<string>): boolean {
  if (entry.page !== undefined && !registeredPages.has(entry.page)) return false;
  if (entry.flag !== undefined && user?.[entry.flag] !== true) return false;
  if (entry.only === 'console' && !hasConsoleAccess(user?.permissionsInclude)) return false;
  if (entry.only === 'notices' && !(user?.notices && user.notices.total > 0)) return false;
  return true;
}

export function visibleMenuEntries(user: MenuUser, registeredPages: ReadonlySet<string>): MenuEntry[] {
  return MENU_ENTRIES.filter((e) => isMenuEntryVisible(e, user, registeredPages));
}

export interface MenuState {
  /** The side menu can open (SPEC §2: disabled during onboarding and when logged out). */
  enabled: boolean;
  /** The page list is hidden while onboarding is active. */
  showPageList: boolean;
  /** The header's menu toggle: only when logged in and not onboarding. */
  showToggle: boolean;
}

export function menuState(loggedIn: boolean, onboarding: boolean): MenuState {
  const enabled = loggedIn && !onboarding;
  return { enabled, showPageList: !onboarding, showToggle: enabled };
}

/**
 * SPEC §2, §9: help opens the external FAQ in the help language (de, en, es, fr, hr, hu, it, pl,
 * pt, ru, tr; any other app language gets en). English is `helpUrl`, German `helpUrlDe`; the other
 * languages live where the German page does, under their own code (`…/de/faq/` → `…/fr/faq/`).
 * A German address without a `/de/` path segment leaves them the English page.
 */
export function helpUrl(language: string, urls: { helpUrl: string; helpUrlDe: string }): string {
  const lang = helpLanguageFor(language);
  if (lang === 'en') return urls.helpUrl;
  if (lang === 'de') return urls.helpUrlDe;
  // the first path segment `de` after the origin (never the host name)
  const localized = urls.helpUrlDe.replace(/^((?:[a-z][a-z\d+.-]*:)?\/\/[^/]*)?(.*?)\/de(?=[/?#]|$)/i, `$1$2/${lang}`);
  return localized === urls.helpUrlDe ? urls.helpUrl : localized;
}

export type MenuNavigation =
  | { kind: 'none' }
  | { kind: 'root'; path: string }
  | { kind: 'navigate'; path: string }
  | { kind: 'external'; url: string }
  | { kind: 'logout' };

/**
 * What choosing an entry does. SPEC §2: choosing the already active page does nothing; the
 * dashboard pops to root.
 */
export function menuNavigation(
  entry: MenuEntry,
  currentPath: string,
  pathOf: (page: string) => string | undefined,
  helpHref: string,
): MenuNavigation {
  if (entry.action === 'logout') return { kind: 'logout' };
  if (entry.action === 'help') return { kind: 'external', url: helpHref };
  const path = entry.page ? pathOf(entry.page) : undefined;
  if (!path || path === currentPath) return { kind: 'none' };
  return entry.id === 'dashboard' ? { kind: 'root', path } : { kind: 'navigate', path };
}
