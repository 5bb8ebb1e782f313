import { GUEST_STORAGE_KEY } from '@spotlist/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore, type StoredUser } from '../auth-store';
import { local, session, setLocalMirror, STORAGE_KEYS } from '../storage';
import { restoreNativeStorage } from './index';
import { isPersistentKey, mirrorWritten, restorePersistentKeys } from './preferences';

/** @capacitor/preferences at its import: the platform's key-value store, in memory. */
const prefs = vi.hoisted(() => {
  const store = new Map<string, string>();
  const log: string[] = [];
  const Preferences = {
    keys: vi.fn(async () => ({ keys: [...store.keys()] })),
    get: vi.fn(async ({ key }: { key: string }) => ({ value: store.get(key) ?? null })),
    set: vi.fn(async ({ key, value }: { key: string; value: string }) => {
      log.push(`set ${key}`);
      store.set(key, value);
    }),
    remove: vi.fn(async ({ key }: { key: string }) => {
      log.push(`remove ${key}`);
      store.delete(key);
    }),
  };
  return { store, log, Preferences };
});
vi.mock('@capacitor/preferences', () => ({ Preferences: prefs.Preferences }));

const USER: StoredUser = { id: 7, authtoken: 'token-7', permissionsInclude: [], language: { id: 2, key: 'de' } };

beforeEach(() => {
  Object.assign(globalThis, { Capacitor: { isNativePlatform: () => true, getPlatform: () => 'ios' } });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(async () => {
  await mirrorWritten();
  setLocalMirror(null);
  prefs.store.clear();
  prefs.log.length = 0;
  vi.clearAllMocks();
  delete (globalThis as { Capacitor?: unknown }).Capacitor;
});

describe('kept keys', () => {
  it('are the stored user, user language, cookie notice, intro flags and the guest; not caches or session keys', () => {
    for (const key of [
      STORAGE_KEYS.user,
      STORAGE_KEYS.userLanguage,
      STORAGE_KEYS.cookieNotice,
      `${STORAGE_KEYS.introSeen}7`,
      GUEST_STORAGE_KEY,
    ]) {
      expect(isPersistentKey(key), key).toBe(true);
    }
    for (const key of [
      STORAGE_KEYS.userSettings,
      STORAGE_KEYS.appLanguage,
      STORAGE_KEYS.guardedPage,
      STORAGE_KEYS.pickedLanguage,
      STORAGE_KEYS.introSeen,
      'tus::fp',
    ]) {
      expect(isPersistentKey(key), key).toBe(false);
    }
  });
});

describe('restore at start', () => {
  it('puts back the kept keys the OS cleared from localStorage, and nothing else', async () => {
    prefs.store.set(STORAGE_KEYS.user, JSON.stringify(USER));
    prefs.store.set(`${STORAGE_KEYS.introSeen}7`, '1');
    prefs.store.set(STORAGE_KEYS.userSettings, '[]'); // not ours to keep (an older build's, say)
    const restored = await restorePersistentKeys();
    expect(restored.sort()).toEqual([STORAGE_KEYS.user, `${STORAGE_KEYS.introSeen}7`].sort());
    expect(local.getJson(STORAGE_KEYS.user)).toEqual(USER);
    expect(local.get(`${STORAGE_KEYS.introSeen}7`)).toBe('1');
    expect(local.get(STORAGE_KEYS.userSettings)).toBeNull();
  });

  it("keeps localStorage's value where both have one (the latest write) and copies it over the stale one", async () => {
    local.set(STORAGE_KEYS.userLanguage, '2');
    prefs.store.set(STORAGE_KEYS.userLanguage, '1');
    expect(await restorePersistentKeys()).toEqual([]);
    await mirrorWritten();
    expect(local.get(STORAGE_KEYS.userLanguage)).toBe('2');
    expect(prefs.store.get(STORAGE_KEYS.userLanguage)).toBe('2');
  });

  it('copies kept keys written before the copy existed (the guest key the guest pages write themselves)', async () => {
    localStorage.setItem(GUEST_STORAGE_KEY, JSON.stringify({ guestKey: 'g-1' }));
    local.set(STORAGE_KEYS.userSettings, '[]');
    await restorePersistentKeys();
    await mirrorWritten();
    expect(prefs.store.get(GUEST_STORAGE_KEY)).toBe(JSON.stringify({ guestKey: 'g-1' }));
    expect(prefs.store.has(STORAGE_KEYS.userSettings)).toBe(false);
  });

  it('does not copy the restored values back while restoring', async () => {
    prefs.store.set(STORAGE_KEYS.cookieNotice, '1');
    await restorePersistentKeys();
    await mirrorWritten();
    expect(prefs.Preferences.set).not.toHaveBeenCalled();
  });

  it('starts with what localStorage has when the preferences cannot be read, and still copies later writes', async () => {
    prefs.Preferences.keys.mockRejectedValueOnce(new Error('bridge gone'));
    await expect(restorePersistentKeys()).resolves.toEqual([]);
    local.set(STORAGE_KEYS.cookieNotice, '1');
    await mirrorWritten();
    expect(prefs.store.get(STORAGE_KEYS.cookieNotice)).toBe('1');
  });

  it('brings the stored user back before the session check reads it: the auth store checks that session', async () => {
    // the OS cleared the WebView's storage; the auth store (read when its module loaded) saw nobody
    authStore.reload();
    expect(authStore.getState().status).toBe('anonymous');
    prefs.store.set(STORAGE_KEYS.user, JSON.stringify(USER));
    await restoreNativeStorage();
    expect(authStore.getState()).toMatchObject({ status: 'checking', stored: USER });
  });
});

describe('copies after the start', () => {
  it('copies every write of a kept key, in write order: a logout removes the copy', async () => {
    await restorePersistentKeys();
    authStore.setUser({ ...USER, authtoken: 'token-7' } as never);
    authStore.clear('logout');
    await mirrorWritten();
    expect(prefs.log).toEqual([`set ${STORAGE_KEYS.user}`, `remove ${STORAGE_KEYS.user}`]);
    expect(prefs.store.has(STORAGE_KEYS.user)).toBe(false);
  });

  it('leaves caches and session storage alone', async () => {
    await restorePersistentKeys();
    local.set(STORAGE_KEYS.userSettings, '[]');
    session.set(STORAGE_KEYS.pickedLanguage, '2');
    local.set(`${STORAGE_KEYS.introSeen}9`, '1');
    await mirrorWritten();
    expect([...prefs.store.keys()]).toEqual([`${STORAGE_KEYS.introSeen}9`]);
  });

  it('a copy that fails is logged and the next ones still happen', async () => {
    await restorePersistentKeys();
    prefs.Preferences.set.mockRejectedValueOnce(new Error('disk full'));
    local.set(STORAGE_KEYS.cookieNotice, '1');
    local.set(STORAGE_KEYS.userLanguage, '2');
    await mirrorWritten();
    expect(prefs.store.get(STORAGE_KEYS.userLanguage)).toBe('2');
    expect(console.warn).toHaveBeenCalledWith('preferences write failed', STORAGE_KEYS.cookieNotice, expect.any(Error));
  });
});

describe('in a browser', () => {
  it('writes touch localStorage only: nothing is copied and the plugin is never loaded', async () => {
    delete (globalThis as { Capacitor?: unknown }).Capacitor;
    local.set(STORAGE_KEYS.user, JSON.stringify(USER));
    local.remove(STORAGE_KEYS.user);
    await mirrorWritten();
    expect(prefs.Preferences.set).not.toHaveBeenCalled();
    expect(prefs.Preferences.remove).not.toHaveBeenCalled();
  });
});
