import type { UserFlag, UserFlags } from '@spotlist/contracts';
import { helpCircleOutline, homeOutline, informationCircleOutline, logOutOutline, personOutline, settingsOutline } from 'ionicons/icons';

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
   * The entry's icon (an ionicons constant). Entries whose page is not built yet carry none: an
   * icon is ~150 bytes gzip of the first bundle for an entry nobody sees; the issue that builds
   * the page adds it (menu.test.ts checks that every visible entry has one). Suggested:
   * guest-mode-app peopleOutline, widget gridOutline, widget-list listOutline, aiContentAssistant
   * chatbubblesOutline, overlay-manager layersOutline, gps-tracking carOutline, intro bookOutline.
   */
  icon?: string;
  /** The route id (= route segment, SPEC §2) of the page the entry opens. */
  page?: string;
  /** Shown only when the user has this flag (SPEC §2 menu visibility). */
  flag?: UserFlag;
  action?: MenuAction;
}

/**
 * "My places": a heart outline drawn in ionicons' style (512 grid, 32 stroke) with a shorter path
 * than ionicons' heartOutline (~80 bytes gzip less of the first bundle).
 */
const HEART_ICON =
  "data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 512 512'><path d='M256 432S64 320 64 184a96 96 0 0 1 192-32 96 96 0 0 1 192 32c0 136-192 248-192 248z' fill='none' stroke='currentColor' stroke-linejoin='round' stroke-width='32'/></svg>";

export const MENU_ENTRIES: readonly MenuEntry[] = [
  { id: 'dashboard', titleKey: 'MENU.DASHBOARD', icon: homeOutline, page: 'dashboard' },
  { id: 'guest-mode-app', titleKey: 'MENU.GUEST_MODE_APP', page: 'guest-mode-app', flag: 'hasGuest' },
  { id: 'widget-marked-mylike', titleKey: 'MENU.MARKED_PLACES', icon: HEART_ICON, page: 'widget-marked-mylike' },
  { id: 'widget', titleKey: 'MENU.WIDGET', page: 'widget', flag: 'widgetv1activated' },
  { id: 'widget-list', titleKey: 'MENU.WIDGET_LIST', page: 'widget-list', flag: 'widgetv2activated' },
  { id: 'aiContentAssistant', titleKey: 'MENU.AI_CONTENT_ASSISTANT', page: 'aiContentAssistant', flag: 'aiassistantactivated' },
  { id: 'overlay-manager', titleKey: 'MENU.OVERLAY_MANAGER', page: 'overlay-manager', flag: 'overlayactivated' },
  { id: 'gps-tracking', titleKey: 'MENU.GPS_TRACKING', page: 'gps-tracking', flag: 'gpstrackingactivated' },
  { id: 'profile', titleKey: 'MENU.PROFILE', icon: personOutline, page: 'profile' },
  { id: 'settings', titleKey: 'MENU.SETTINGS', icon: settingsOutline, page: 'settings' },
  { id: 'intro', titleKey: 'MENU.INTRO', page: 'intro' },
  { id: 'help', titleKey: 'MENU.HELP', icon: helpCircleOutline, action: 'help' },
  { id: 'logout', titleKey: 'MENU.LOGOUT', icon: logOutOutline, action: 'logout' },
];

/** The icon the dashboard uses for entries without a page of their own. */
export const INFO_ICON = informationCircleOutline;

export type MenuUser = Partial<UserFlags> | null | undefined;

export function isMenuEntryVisible(entry: MenuEntry, user: MenuUser, registeredPages: ReadonlySet<string>): boolean {
  if (entry.page !== undefined && !registeredPages.has(entry.page)) return false;
  if (entry.flag !== undefined && user?.[entry.flag] !== true) return false;
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

/** SPEC §2: help opens the external FAQ, with the German path variant for German. */
export function helpUrl(language: string, urls: { helpUrl: string; helpUrlDe: string }): string {
  return language === 'de' ? urls.helpUrlDe : urls.helpUrl;
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
