import type { User } from '@spotlist/contracts';
import { IonRouterOutlet } from '@ionic/react';
import { Suspense } from 'react';
import { matchPath, Navigate, Route } from 'react-router-dom';
import { RouteLoading } from '../components/page-loading';
import { PATHS } from '../lib/paths';
import { Guard, type Access } from './guards';
import { lazyPage, type LazyPage } from './lazy-page';

/**
 * The one route table (SPEC §2). Every page is lazy-loaded. `id` is the route segment of the
 * spec; menu entries (app/menu.ts) refer to it, and an entry whose page is not listed here is
 * not shown. Pages of later issues (the feature pages) are added here.
 */
export interface AppRoute {
  id: string;
  path: string;
  access: Access;
  Page: LazyPage;
}

export const APP_ROUTES: readonly AppRoute[] = [
  { id: 'login', path: PATHS.login, access: 'anonymous', Page: lazyPage(() => import('../features/auth/pages/login-page')) },
  { id: 'signup', path: PATHS.signup, access: 'anonymous', Page: lazyPage(() => import('../features/auth/pages/signup-page')) },
  {
    id: 'auth-callback',
    path: PATHS.externalCallback,
    access: 'public',
    Page: lazyPage(() => import('../features/auth/pages/external-callback-page')),
  },
  {
    id: 'password-reset',
    path: PATHS.passwordReset,
    access: 'public',
    Page: lazyPage(() => import('../features/auth/pages/password-reset-page')),
  },
  {
    id: 'onboarding',
    path: PATHS.onboarding,
    access: 'user',
    Page: lazyPage(() => import('../features/profile/pages/onboarding-page')),
  },
  {
    id: 'dashboard',
    path: PATHS.dashboard,
    access: 'user',
    Page: lazyPage(() => import('../features/dashboard/pages/dashboard-page')),
  },
  { id: 'intro', path: '/intro', access: 'user', Page: lazyPage(() => import('../features/intro/pages/intro-page')) },
  { id: 'profile', path: PATHS.profile, access: 'user', Page: lazyPage(() => import('../features/profile/pages/profile-page')) },
  {
    id: 'profile-connections',
    path: PATHS.profileConnections,
    access: 'user',
    Page: lazyPage(() => import('../features/profile/pages/connections-page')),
  },
  { id: 'settings', path: PATHS.settings, access: 'user', Page: lazyPage(() => import('../features/settings/pages/settings-page')) },
  {
    id: 'app-languages',
    path: PATHS.appLanguages,
    access: 'user',
    Page: lazyPage(() => import('../features/user-languages/pages/app-languages-page')),
  },
  {
    id: 'listi18n-popover',
    path: PATHS.listi18nPopover,
    access: 'user',
    Page: lazyPage(() => import('../features/user-languages/pages/listi18n-popover-page')),
  },
  {
    id: 'widget-marked-mylike',
    path: '/widget-marked-mylike',
    access: 'user',
    Page: lazyPage(() => import('../features/likes/pages/marked-places-page')),
  },
  {
    id: 'widget-marked-mylike-map',
    path: '/widget-marked-mylike-map',
    access: 'user',
    Page: lazyPage(() => import('../features/likes/pages/places-map-page')),
  },
  { id: 'place-detail', path: '/place/:id', access: 'user', Page: lazyPage(() => import('../features/places/pages/place-detail-page')) },
  { id: 'place-edit', path: '/place-edit/:id', access: 'user', Page: lazyPage(() => import('../features/places/pages/place-edit-page')) },
  { id: 'lists', path: '/lists', access: 'user', Page: lazyPage(() => import('../features/lists/pages/lists-page')) },
  { id: 'list-detail', path: '/lists/:id', access: 'user', Page: lazyPage(() => import('../features/lists/pages/list-detail-page')) },
  { id: 'shared-list', path: '/s/:token', access: 'public', Page: lazyPage(() => import('../features/lists/pages/shared-list-page')) },
  // social matching (features/people): suggestions, connections, and anyone's profile (public: a visitor sees what the API answers)
  { id: 'people', path: PATHS.people, access: 'user', Page: lazyPage(() => import('../features/people/pages/people-page')) },
  {
    id: 'people-connections',
    path: PATHS.peopleConnections,
    access: 'user',
    Page: lazyPage(() => import('../features/people/pages/connections-page')),
  },
  {
    id: 'user-profile',
    path: PATHS.userProfile,
    access: 'public',
    Page: lazyPage(() => import('../features/people/pages/user-profile-page')),
  },
  // messaging (features/messages): the inbox, and a conversation beside it (from 1250 px) or alone
  { id: 'messages', path: PATHS.messages, access: 'user', Page: lazyPage(() => import('../features/messages/pages/messages-page')) },
  {
    id: 'conversation',
    path: PATHS.conversation,
    access: 'user',
    Page: lazyPage(() => import('../features/messages/pages/conversation-page')),
  },
  // a video meeting (features/meetings): served with its own content security policy (the video host)
  { id: 'meeting', path: '/meeting/:id', access: 'user', Page: lazyPage(() => import('../features/meetings/pages/meeting-page')) },
  {
    id: 'guest-mode-app',
    path: '/guest-mode-app',
    access: 'user',
    Page: lazyPage(() => import('../features/guest-app/pages/guest-mode-app-page')),
  },
  { id: 'widget', path: '/widget', access: 'user', Page: lazyPage(() => import('../features/widgets/pages/widget-page')) },
  { id: 'widget-list', path: '/widget-list', access: 'user', Page: lazyPage(() => import('../features/widgets/pages/widget-list-page')) },
  {
    id: 'widget-detail',
    path: '/widget-detail/:id',
    access: 'user',
    Page: lazyPage(() => import('../features/widgets/pages/widget-detail-page')),
  },
  {
    id: 'widget-preview',
    path: '/widget-preview',
    access: 'user',
    Page: lazyPage(() => import('../features/widgets/pages/widget-preview-page')),
  },
  // overlays (features/overlays): the grid of overlays by language, and one overlay's editor
  {
    id: 'overlay-manager',
    path: '/overlay-manager',
    access: 'user',
    Page: lazyPage(() => import('../features/overlays/pages/overlay-manager-page')),
  },
  {
    id: 'overlay-editor',
    path: '/overlay-manager/:id',
    access: 'user',
    Page: lazyPage(() => import('../features/overlays/pages/overlay-editor-page')),
  },
  // the AI content assistant (features/ai-assistant)
  {
    id: 'aiContentAssistant',
    path: '/aiContentAssistant',
    access: 'user',
    Page: lazyPage(() => import('../features/ai-assistant/pages/ai-assistant-page')),
  },
  {
    id: 'ai-translations',
    path: '/ai-translations/:id',
    access: 'user',
    Page: lazyPage(() => import('../features/ai-assistant/pages/translation-review-page')),
  },
  // GPS fleet tracking (features/fleet)
  {
    id: 'gps-tracking',
    path: '/gps-tracking',
    access: 'user',
    Page: lazyPage(() => import('../features/fleet/pages/gps-tracking-page')),
  },
  // the console (features/admin): for accounts with a console permission; each section checks its own
  { id: 'console', path: PATHS.console, access: 'console', Page: lazyPage(() => import('../features/admin/pages/console-page')) },
  {
    id: 'console-users',
    path: PATHS.consoleUsers,
    access: 'console',
    Page: lazyPage(() => import('../features/admin/pages/users-page')),
  },
  {
    id: 'console-user',
    path: `${PATHS.consoleUsers}/:id`,
    access: 'console',
    Page: lazyPage(() => import('../features/admin/pages/user-page')),
  },
  {
    id: 'console-reports',
    path: PATHS.consoleReports,
    access: 'console',
    Page: lazyPage(() => import('../features/admin/pages/reports-page')),
  },
  {
    id: 'console-audit',
    path: PATHS.consoleAudit,
    access: 'console',
    Page: lazyPage(() => import('../features/admin/pages/audit-page')),
  },
  {
    id: 'console-jobs',
    path: PATHS.consoleJobs,
    access: 'console',
    Page: lazyPage(() => import('../features/admin/pages/jobs-page')),
  },
  {
    id: 'console-translations',
    path: PATHS.consoleTranslations,
    access: 'console',
    Page: lazyPage(() => import('../features/admin/pages/translations-page')),
  },
  {
    id: 'console-reference',
    path: PATHS.consoleReference,
    access: 'console',
    Page: lazyPage(() => import('../features/admin/pages/reference-page')),
  },
  { id: 'notices', path: PATHS.notices, access: 'user', Page: lazyPage(() => import('../features/admin/pages/notices-page')) },
  // the living style guide (theme/README.md): for the people building the app, not in the menu
  {
    id: 'style-guide',
    path: '/style-guide',
    access: 'public',
    Page: lazyPage(() => import('../features/style-guide/pages/style-guide-page')),
  },
];

/** Any other address: a page that says so (a mistyped link, a page of a later issue). */
const NotFoundPage = lazyPage(() => import('./not-found-page'));

export const REGISTERED_PAGES: ReadonlySet<string> = new Set(APP_ROUTES.map((r) => r.id));

export const pathOfPage = (id: string): string | undefined => APP_ROUTES.find((r) => r.id === id)?.path;

/**
 * Asks for the module of the page at `pathname` now (at start, beside the translations and the
 * session check), not once the session check has let its route render: one round trip less
 * before the first page shows. Once both are in and someone is logged in, a user page's first
 * reads start too (its `prefetch`). Unknown addresses ask for nothing.
 */
export function preloadPageOf(pathname: string, session?: Promise<User | null>): void {
  for (const route of APP_ROUTES) {
    const match = matchPath(route.path, pathname);
    if (!match) continue;
    const page = route.Page.preload();
    if (session && route.access === 'user')
      void Promise.all([page, session])
        .then(([module, user]) => user && module.prefetch?.(match.params, user))
        // a failed read is the page's to show when it asks again
        .catch(() => undefined);
    return;
  }
}

export const accessOfPath = (pathname: string): Access | undefined => APP_ROUTES.find((r) => r.path === pathname)?.access;

export function AppRoutes({ id }: { id: string }) {
  return (
    <IonRouterOutlet id={id}>
      {APP_ROUTES.map(({ id: routeId, path, access, Page }) => (
        <Route
          key={routeId}
          path={path}
          element={
            <Guard access={access} path={path}>
              <Suspense fallback={<RouteLoading />}>
                <Page />
              </Suspense>
            </Guard>
          }
        />
      ))}
      {/* SPEC §2: the root page at start is the login page. */}
      <Route path={PATHS.root} element={<Navigate to={PATHS.login} replace />} />
      <Route
        path="*"
        element={
          <Suspense fallback={<RouteLoading />}>
            <NotFoundPage />
          </Suspense>
        }
      />
    </IonRouterOutlet>
  );
}
