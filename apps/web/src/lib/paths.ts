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
} as const;
