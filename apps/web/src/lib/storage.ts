/**
 * The only place that touches localStorage / sessionStorage. Access can throw (private mode,
 * disabled storage, quota): every call degrades to "nothing stored" instead of breaking the app.
 */
export const STORAGE_KEYS = {
  /** SPEC §3: the locally stored logged-in user (id, token, permissionsInclude, language). */
  user: 'spotlist.user',
  /** SPEC §9: the chosen user language id (1 English, 2 German). */
  userLanguage: 'spotlist.userLanguage',
  /** SPEC §9: the active app language, kept in session storage. */
  appLanguage: 'spotlist.appLanguage',
  /** The user language id picked in the logged-out header menu: made the account's at the next login. */
  pickedLanguage: 'spotlist.pickedLanguage',
  /** SPEC §2: the cookie notice was dismissed. */
  cookieNotice: 'spotlist.cookieNoticeDismissed',
  /** SPEC §2: the guarded page a logged-out visitor asked for (restored after login). */
  guardedPage: 'spotlist.guardedPage',
  /** SPEC §2 intro: set once the user has gone through it after onboarding; + the user id. */
  introSeen: 'spotlist.introSeen.',
  /** SPEC §3: the user's settings (GET /api/setting/), cached locally; cleared with the user. */
  userSettings: 'UserSettings',
  /** This install's push device id (SPEC §3 pushdevice.deviceId), made once; kept across logins. */
  pushDeviceId: 'spotlist.pushDeviceId',
  /** 'true' once the user turned push on on this device (lib/push.ts; never on by itself). */
  pushEnabled: 'spotlist.pushEnabled',
  /** The native shells' push token (FCM/APNs) from the last registration; the web's is the live subscription. */
  pushToken: 'spotlist.pushToken',
  /** A provider sign-in under way in this tab (features/auth/api/external.ts): the provider and why. */
  externalSignIn: 'spotlist.externalSignIn',
  /** The AI assistant's last results on this device (features/ai-assistant); cleared with the user. */
  aiHistory: 'spotlist.aiHistory',
} as const;

type Kind = 'localStorage' | 'sessionStorage';

/** Told of every localStorage write (value null: removed); see setLocalMirror. */
export type StorageMirror = (key: string, value: string | null) => void;

let mirror: StorageMirror | null = null;

/**
 * The native shells copy the keys that must outlive the WebView's storage (which the OS may
 * clear) to the platform's preferences (lib/native/preferences.ts). A browser never sets one:
 * a write there costs one null check.
 */
export function setLocalMirror(next: StorageMirror | null): void {
  mirror = next;
}

function area(kind: Kind): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    return null;
  }
}

function makeStore(kind: Kind) {
  return {
    get(key: string): string | null {
      try {
        return area(kind)?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key: string, value: string): void {
      try {
        area(kind)?.setItem(key, value);
      } catch {
        // storage full or disabled: the value simply is not remembered
      }
      if (kind === 'localStorage') mirror?.(key, value);
    },
    remove(key: string): void {
      try {
        area(kind)?.removeItem(key);
      } catch {
        // see set()
      }
      if (kind === 'localStorage') mirror?.(key, null);
    },
    /** The keys stored now (the native restore compares them with the preferences'). */
    keys(): string[] {
      try {
        const storage = area(kind);
        if (!storage) return [];
        return Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((k): k is string => k !== null);
      } catch {
        return [];
      }
    },
    getJson(key: string): unknown {
      const raw = this.get(key);
      if (raw === null) return null;
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        return null;
      }
    },
    setJson(key: string, value: unknown): void {
      this.set(key, JSON.stringify(value));
    },
  };
}

export const local = makeStore('localStorage');
export const session = makeStore('sessionStorage');
