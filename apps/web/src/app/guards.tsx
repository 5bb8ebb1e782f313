import { GUARD_REDIRECT_DELAY_MS, hasConsoleAccess, type User } from '@spotlist/contracts';
import { useDeferredValue, useEffect, useRef, type ReactNode } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { useAuth, rememberGuardedPage } from '../lib/auth';
import { authStore } from '../lib/auth-store';
import { useAppNavigate, useCurrentLocation } from '../lib/navigation';
import { PATHS } from '../lib/paths';
import { PageLoading } from '../components/page-loading';

/**
 * SPEC §2 guards.
 * - A page needing login, with nobody logged in, remembers the requested page and its
 *   parameters, then after 500 ms sends the visitor to the login page.
 * - A page for anonymous visitors sends a logged-in user to the dashboard after 500 ms — except
 *   when opened with a guest key (`?guest=KEY` or `#guest=KEY`: the guest app's "Save your
 *   likes"): then the login or signup page moves the guest's likes to this account first
 *   (features/auth/guest-claim.ts, lazy) and goes to the dashboard itself, dropping the key from
 *   the URL (why there: docs/decisions/0011).
 * The redirect happens only if the guarded page is still the current one (Ionic keeps earlier
 * pages of the stack mounted; a page left in the meantime must not pull the user back).
 */
export type Access = 'user' | 'anonymous' | 'public' | 'console';

/** A suspended account (modules/moderation) reads its notices and its settings (export, deletion), nothing else. */
const SUSPENDED_PAGES: readonly string[] = [PATHS.notices, PATHS.settings];
export const isSuspended = (user: Pick<User, 'suspendedUntil'> | null): boolean =>
  !!user?.suspendedUntil && Date.parse(user.suspendedUntil) > Date.now();

function useLatest<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}

const isAt = (pattern: string, pathname: string): boolean => matchPath({ path: pattern, end: true }, pathname) !== null;

function useDelayedRedirect(active: boolean, guardedPath: string, target: string, onStart?: () => void) {
  const navigate = useLatest(useAppNavigate());
  const current = useLatest(useCurrentLocation());
  const start = useLatest(onStart);
  useEffect(() => {
    if (!active || !isAt(guardedPath, current.current.pathname)) return;
    start.current?.();
    const timer = setTimeout(() => {
      if (isAt(guardedPath, current.current.pathname)) navigate.current(target, 'root');
    }, GUARD_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [active, guardedPath, target, navigate, current, start]);
}

export function RequireUser({ path, children, console = false }: { path: string; children: ReactNode; console?: boolean }) {
  const { status, user } = useAuth();
  const location = useCurrentLocation();
  useDelayedRedirect(status === 'anonymous', path, PATHS.login, () => {
    // An explicit logout starts afresh; anything else (a visitor, an expired session) comes back.
    if (authStore.getState().clearedBy !== 'logout') rememberGuardedPage(location);
  });
  // SPEC §2: the app is used once the profile is filled: until then onboarding, after it never again
  const onboarding = path === PATHS.onboarding;
  const elsewhere = status === 'authenticated' && user !== null && user.profileFilled === onboarding;
  useDelayedRedirect(elsewhere, path, onboarding ? PATHS.dashboard : PATHS.onboarding, () => {
    // the page asked for is where onboarding goes on to
    if (!onboarding) rememberGuardedPage(location);
  });
  // a suspended account goes to its notices; the console is for those with a console permission
  const suspended = status === 'authenticated' && isSuspended(user) && !SUSPENDED_PAGES.includes(path);
  useDelayedRedirect(suspended && !elsewhere, path, PATHS.notices);
  const noConsole = console && status === 'authenticated' && !hasConsoleAccess(user?.permissionsInclude);
  useDelayedRedirect(noConsole && !elsewhere && !suspended, path, PATHS.dashboard);
  const allowed = status === 'authenticated' && !elsewhere && !suspended && !noConsole;
  // The page comes in a render of its own at transition priority, which React does in slices: the
  // session check's answer (a store update) and the router outlet's mount (a class component's
  // update) are rendered at once, in one task, and the whole page with them. `false` at mount too.
  // Taken away at once, never late.
  const shown = useDeferredValue(allowed, false);
  if (!allowed) return <PageLoading />;
  // Meanwhile nothing (the page shown so far stays): not PageLoading, an IonPage, which would take
  // Ionic's page transition and leave the page invisible (docs/decisions/0014).
  return shown ? children : null;
}

export function RequireAnonymous({ path, children }: { path: string; children: ReactNode }) {
  const { status } = useAuth();
  const at = useLocation();
  // with a guest key the page itself claims, then leaves (login-page.tsx, signup-page.tsx)
  useDelayedRedirect(status === 'authenticated' && !/[?#&]guest=[^&]/.test(at.search + at.hash), path, PATHS.dashboard);
  return children;
}

export function Guard({ access, path, children }: { access: Access; path: string; children: ReactNode }) {
  if (access === 'user') return <RequireUser path={path}>{children}</RequireUser>;
  if (access === 'console')
    return (
      <RequireUser path={path} console>
        {children}
      </RequireUser>
    );
  if (access === 'anonymous') return <RequireAnonymous path={path}>{children}</RequireAnonymous>;
  return children;
}
