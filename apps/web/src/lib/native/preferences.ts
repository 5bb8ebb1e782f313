import { GUEST_STORAGE_KEY } from '@spotlist/contracts';
import { local, setLocalMirror, STORAGE_KEYS } from '../storage';

/**
 * The stored user and the other keys that must survive in the native shells, where the OS may
 * clear the WebView's localStorage (iOS under storage pressure, Android "clear cache"): the app
 * keeps reading and writing localStorage synchronously (lib/storage.ts), and here every write of
 * such a key is copied to @capacitor/preferences (UserDefaults / SharedPreferences), and at
 * start the ones localStorage lost come back from there. README.md in this folder says why.
 */

/** SPEC §3 user, SPEC §9 user language, the cookie notice and intro flags, the guest (SPEC §3), this install's push device. */
const PERSISTENT_KEYS: readonly string[] = [
  STORAGE_KEYS.user,
  STORAGE_KEYS.userLanguage,
  STORAGE_KEYS.cookieNotice,
  GUEST_STORAGE_KEY,
  STORAGE_KEYS.pushDeviceId,
  STORAGE_KEYS.pushEnabled,
  STORAGE_KEYS.pushToken,
];
/** `spotlist.introSeen.<user id>`. */
const PERSISTENT_PREFIXES: readonly string[] = [STORAGE_KEYS.introSeen];

/**
 * Not kept: the settings cache (`UserSettings`, fetched again with the session) and the session
 * storage keys (app language, picked language, guarded page), which end with the app's session
 * in a browser tab too.
 */
export const isPersistentKey = (key: string): boolean =>
  PERSISTENT_KEYS.includes(key) || PERSISTENT_PREFIXES.some((prefix) => key.startsWith(prefix) && key.length > prefix.length);

type Preferences = (typeof import('@capacitor/preferences'))['Preferences'];

/** The copies, one after the other in the order of the writes (a set then a remove stays removed). */
let queue: Promise<void> = Promise.resolve();

function mirrorTo(preferences: Preferences) {
  return (key: string, value: string | null): void => {
    if (!isPersistentKey(key)) return;
    queue = queue
      .then(() => (value === null ? preferences.remove({ key }) : preferences.set({ key, value })))
      .catch((error: unknown) => console.warn('preferences write failed', key, error));
  };
}

/** Resolves when every copy asked for so far is written (tests; nothing else waits for them). */
export const mirrorWritten = (): Promise<void> => queue;

/**
 * At start, before anything reads the stored user: a persistent key localStorage no longer has
 * comes back from the preferences. The ones localStorage has are copied to the preferences (it
 * holds the latest write: a copy may not have finished when the app was closed, and code that
 * writes localStorage itself, the guest pages', is not copied as it writes). Then every later
 * write is copied. Returns the keys put back into localStorage.
 */
export async function restorePersistentKeys(): Promise<string[]> {
  const { Preferences } = await import('@capacitor/preferences');
  const copy = mirrorTo(Preferences);
  const restored: string[] = [];
  try {
    const kept = (await Preferences.keys()).keys.filter(isPersistentKey);
    for (const key of kept) {
      if (local.get(key) !== null) continue;
      const { value } = await Preferences.get({ key });
      if (value === null) continue;
      local.set(key, value);
      restored.push(key);
    }
    // in the background (start does not wait): what localStorage had before this start
    for (const key of local.keys().filter((k) => !restored.includes(k))) {
      const value = local.get(key);
      if (value !== null) copy(key, value);
    }
  } catch (error) {
    // the app starts with what localStorage has; what is written from now on is still copied
    console.warn('preferences restore failed', error);
  }
  setLocalMirror(copy);
  return restored;
}
