import type { User } from '@spotlist/contracts';
import { local, STORAGE_KEYS } from './storage';

/**
 * SPEC §3: the locally stored logged-in user. Only these fields are persisted (localStorage);
 * the full profile (e-mail, flags, profileFilled …) lives in memory and is fetched by the
 * session check at start.
 */
export interface StoredUser {
  id: number;
  authtoken: string;
  /** Native clients only; the web app keeps the refresh token in an HttpOnly cookie. */
  refreshToken?: string;
  permissionsInclude: string[];
  language: { id: number; key: string };
}

/** anonymous: nobody; checking: a stored user waits for the session check; authenticated: both. */
export type AuthStatus = 'anonymous' | 'checking' | 'authenticated';

/** Why the user was cleared: an explicit logout must not remember the page for after login. */
export type ClearReason = 'logout' | 'expired' | 'invalid';

export interface AuthState {
  status: AuthStatus;
  stored: StoredUser | null;
  user: User | null;
  clearedBy: ClearReason | null;
}

function isStoredUser(value: unknown): value is StoredUser {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  const lang = v.language as Record<string, unknown> | undefined;
  return (
    typeof v.id === 'number' &&
    typeof v.authtoken === 'string' &&
    v.authtoken.length > 0 &&
    Array.isArray(v.permissionsInclude) &&
    !!lang &&
    typeof lang.id === 'number' &&
    typeof lang.key === 'string'
  );
}

export function toStoredUser(user: User, previous?: StoredUser | null): StoredUser {
  const authtoken = user.authtoken ?? previous?.authtoken;
  if (!authtoken) throw new Error('the user has no auth token');
  const refreshToken = user.refreshToken ?? previous?.refreshToken;
  return {
    id: user.id,
    authtoken,
    ...(refreshToken ? { refreshToken } : {}),
    permissionsInclude: user.permissionsInclude,
    language: { id: user.language.id, key: user.language.key },
  };
}

type Listener = () => void;

export function createAuthStore() {
  const read = (): AuthState => {
    const raw = local.getJson(STORAGE_KEYS.user);
    const stored = isStoredUser(raw) ? raw : null;
    if (!stored && raw !== null) local.remove(STORAGE_KEYS.user);
    return { status: stored ? 'checking' : 'anonymous', stored, user: null, clearedBy: null };
  };
  let state = read();
  const listeners = new Set<Listener>();
  const set = (next: AuthState) => {
    state = next;
    if (next.stored) local.setJson(STORAGE_KEYS.user, next.stored);
    else {
      local.remove(STORAGE_KEYS.user);
      // the cached settings and the assistant's texts belong to the user who is gone
      local.remove(STORAGE_KEYS.userSettings);
      local.remove(STORAGE_KEYS.aiHistory);
    }
    for (const l of [...listeners]) l();
  };

  return {
    getState: (): AuthState => state,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Login, signup and refresh answers carry a token; the session user does not. */
    setUser(user: User): void {
      set({ status: 'authenticated', stored: toStoredUser(user, state.stored), user, clearedBy: null });
    },
    /** A new token from the refresh call; keeps the rest of the state. */
    setToken(user: User): void {
      if (!state.stored) return;
      const stored = toStoredUser(user, state.stored);
      set({ ...state, stored, user: state.user ? user : state.user });
    },
    /** The user's language changed (kept locally even when the server call fails, SPEC §8). */
    setLanguage(language: { id: number; key: string }): void {
      if (!state.stored) return;
      set({
        ...state,
        stored: { ...state.stored, language },
        user: state.user ? { ...state.user, language } : state.user,
      });
    },
    clear(reason: ClearReason): void {
      if (!state.stored && !state.user && state.status === 'anonymous') {
        if (state.clearedBy !== reason) set({ ...state, clearedBy: reason });
        return;
      }
      set({ status: 'anonymous', stored: null, user: null, clearedBy: reason });
    },
    /** Re-reads localStorage (tests, and another tab logging in/out). */
    reload(): void {
      set(read());
    },
  };
}

export type AuthStore = ReturnType<typeof createAuthStore>;

export const authStore = createAuthStore();
