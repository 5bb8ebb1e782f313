import { hasConsoleAccess, type User } from '@spotlist/contracts';
import { useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { api, isApiError, SESSION_USER_PATH } from './api-client';
import { authStore, type AuthState } from './auth-store';
import { appEvents } from './events';
import { changeLanguage, startLanguage } from './i18n';
import { PATHS } from './paths';
import { isUser } from './session-user';
import { session, STORAGE_KEYS } from './storage';

/**
 * Session actions and hooks (SPEC §4): login, signup, logout, the session check at start, the
 * remembered guarded page and where to go after login. Navigation itself is the caller's job.
 */
export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.getState, authStore.getState);
}

/** lib/push.ts loads only when a session starts or ends (and with the settings page). */
const loadPush = () => import('./push');

/**
 * Login and signup answers (validated by the caller) start the session; then, in the background,
 * this device's push record is created when push is on here and it has none (SPEC §4).
 */
export function startSession(user: User): void {
  authStore.setUser(user);
  loadPush()
    .then((push) => push.registerPushDeviceAtLogin())
    .catch((error: unknown) => console.warn('push device not registered', error));
}

/**
 * SPEC §4: logout clears the user even if the call fails. SPEC §7: its body is this device's push
 * device (the server deletes the record); the "deleted" event fires also when there was none.
 */
export async function logout(): Promise<void> {
  forgetGuardedPage();
  const push = await loadPush().catch(() => null);
  const device = (await push?.logoutPushDevice()) ?? {};
  try {
    await api.request('/logout', { method: 'POST', body: device, silent: true });
  } catch {
    // the local session ends anyway
  } finally {
    authStore.clear('logout');
    push?.pushDeviceDeleted(device);
  }
}

let checking: Promise<User | null> | null = null;

/** SPEC §4: a session check returning no user or an error clears the user (an answer; no answer keeps a logged-in tab's). */
export function checkSession(): Promise<User | null> {
  if (!authStore.getState().stored) return Promise.resolve(null);
  checking ??= (async () => {
    try {
      const user = await api.request<User | null>(SESSION_USER_PATH, {
        guard: (v) => v === null || isUser(v),
        silent: true,
        noAuthErrorEvent: true,
      });
      if (!user || !authStore.getState().stored) {
        authStore.clear('invalid');
        return null;
      }
      authStore.setUser(user);
      return user;
    } catch (error) {
      // No answer at all (offline, or the request cut off because the tab is leaving for another
      // page) says nothing about the session: a tab already logged in stays so. Clearing here
      // logged people out on a reload that cut off a re-check started by the realtime gateway.
      // A fetch cut off by the unload rejects with an AbortError, not an answer either.
      const state = authStore.getState();
      const noAnswer = isApiError(error) ? error.status === 0 : (error as { name?: unknown } | null)?.name === 'AbortError';
      if (noAnswer && state.status === 'authenticated') return state.user;
      authStore.clear('invalid');
      return null;
    } finally {
      checking = null;
    }
  })();
  return checking;
}

/** Replaces the in-memory user after a profile change (the token stays). */
export function updateUser(user: User): void {
  if (authStore.getState().stored) authStore.setUser(user);
}

export interface GuardedPage {
  pathname: string;
  search: string;
}

/** SPEC §2: remember the page (and its parameters) a logged-out visitor asked for. */
export function rememberGuardedPage(page: GuardedPage): void {
  session.setJson(STORAGE_KEYS.guardedPage, { pathname: page.pathname, search: page.search });
}

export function forgetGuardedPage(): void {
  session.remove(STORAGE_KEYS.guardedPage);
}

function takeGuardedPage(): string | null {
  const raw = session.getJson(STORAGE_KEYS.guardedPage) as Partial<GuardedPage> | null;
  forgetGuardedPage();
  if (!raw || typeof raw.pathname !== 'string' || !raw.pathname.startsWith('/') || raw.pathname.startsWith('//')) return null;
  const search = typeof raw.search === 'string' && raw.search.startsWith('?') ? raw.search : '';
  return raw.pathname + search;
}

/**
 * SPEC §2: the stored guarded page if any, else onboarding until the profile is filled, else the
 * console for anyone with a console permission (operators come to run the product), else the dashboard.
 */
export function postLoginPath(user: Pick<User, 'profileFilled' | 'permissionsInclude'>): string {
  const guarded = takeGuardedPage();
  if (guarded) return guarded;
  if (!user.profileFilled) return PATHS.onboarding;
  return hasConsoleAccess(user.permissionsInclude) ? PATHS.console : PATHS.dashboard;
}

/**
 * Starts the session check, keeps the language in step with the session (SPEC §4: re-evaluated
 * on login and logout), revalidates the session on auth errors (SPEC §8) and follows other tabs.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { stored } = useAuth();
  const languageKey = stored?.language.key ?? null;
  const userId = stored?.id ?? null;
  // who was there at start; '' once someone else is (login, logout, another user language)
  const atStart = useRef<string | null>(null);

  useEffect(() => {
    if (authStore.getState().status === 'checking') void checkSession();
  }, []);

  useEffect(() => {
    const who = `${userId}:${languageKey}`;
    atStart.current ??= who;
    void changeLanguage(startLanguage(languageKey, atStart.current === who));
    if (atStart.current !== who) atStart.current = '';
  }, [languageKey, userId]);

  useEffect(
    () =>
      appEvents.on('auth-error', () => {
        void checkSession();
      }),
    [],
  );

  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === STORAGE_KEYS.user) {
        authStore.reload();
        void checkSession();
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  return children;
}
