/**
 * Paths of the pages that code outside app/routes.tsx must know (navigation after login, the
 * guards' targets, links between pages). SPEC §2: the login guard page is LoginPage and the
 * anonymous guard sends to DashboardPage.
 */
export const PATHS = {
  root: '/',
  login: '/login',
  signup: '/signup',
  passwordReset: '/password-reset',
  onboarding: '/onboarding',
  dashboard: '/dashboard',
  profile: '/profile',
  settings: '/settings',
  appLanguages: '/app-languages',
  listi18nPopover: '/listi18n-popover',
  console: '/console',
  consoleUsers: '/console/users',
  consoleReports: '/console/reports',
  consoleAudit: '/console/audit',
  consoleJobs: '/console/jobs',
  consoleTranslations: '/console/translations',
  consoleReference: '/console/reference',
  notices: '/notices',
  /** Suggested people (features/people). */
  people: '/people',
  peopleConnections: '/people/connections',
  /** Another user's public profile (route pattern; `userProfilePath` gives one user's). */
  userProfile: '/u/:id',
  /** The inbox (features/messages). */
  messages: '/messages',
  /** One conversation beside the inbox (route pattern; `conversationPath` gives one). */
  conversation: '/messages/:id',
  /** Where providers send the browser back after a sign-in (features/auth). */
  externalCallback: '/auth/callback',
  /** The account's connected external accounts (features/profile). */
  profileConnections: '/profile/connections',
} as const;

/** One user's public profile page. */
export const userProfilePath = (id: number): string => `/u/${id}`;

/** One conversation. */
export const conversationPath = (id: number): string => `/messages/${id}`;
