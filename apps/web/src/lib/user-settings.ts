import { useEffect, useSyncExternalStore } from 'react';
import { api } from './api-client';
import { local, STORAGE_KEYS } from './storage';

/**
 * The user's own settings (SPEC §3, §7: GET /api/setting/, results stored locally under the key
 * UserSettings; POST /api/setting/save { key, value } sets one). The local copy is what pages read:
 * it shows at once (also offline) and is refreshed from the server when a page that reads it
 * opens. It is removed with the user (lib/auth-store.ts). Structural checks instead of the
 * contracts' zod schemas: the pages that read settings need not load zod for it.
 */
export interface UserSetting {
  id: number;
  key: string;
  value: unknown;
}

/**
 * The setting keys the web app uses. (Whether push is on is not one: it is each device's choice,
 * lib/push.ts, because the permission and the subscription belong to the browser or app.)
 */
export const USER_SETTING_KEYS = {
  /** The language lists show their texts in (Listi18nPopoverPage): a language id. */
  listLanguage: 'listLanguage',
} as const;

const isSetting = (v: unknown): v is UserSetting =>
  typeof v === 'object' && v !== null && typeof (v as UserSetting).id === 'number' && typeof (v as UserSetting).key === 'string';

const listeners = new Set<() => void>();
let snapshot: { raw: string | null; list: readonly UserSetting[] } = { raw: null, list: [] };

/** The cached settings (a stable array while the cache is unchanged). */
export function cachedUserSettings(): readonly UserSetting[] {
  const raw = local.get(STORAGE_KEYS.userSettings);
  if (raw !== snapshot.raw) {
    let list: readonly UserSetting[] = [];
    try {
      const parsed = raw === null ? [] : (JSON.parse(raw) as unknown);
      list = Array.isArray(parsed) ? parsed.filter(isSetting) : [];
    } catch {
      // a damaged cache counts as empty
    }
    snapshot = { raw, list };
  }
  return snapshot.list;
}

function store(list: readonly UserSetting[]): void {
  local.setJson(STORAGE_KEYS.userSettings, list);
  for (const l of [...listeners]) l();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** GET /api/setting/ into the cache. Silent: on failure the cached values stay what pages show. */
export async function refreshUserSettings(): Promise<readonly UserSetting[]> {
  const answer = await api.request<{ list: unknown[] }>('/setting/', {
    silent: true,
    guard: (v) => Array.isArray((v as { list?: unknown } | null)?.list),
  });
  const list = answer.list.filter(isSetting);
  store(list);
  return list;
}

/** POST /api/setting/save; the cache holds the saved value afterwards. */
export async function saveUserSetting(key: string, value: unknown): Promise<UserSetting> {
  const saved = await api.request<UserSetting>('/setting/save', { method: 'POST', body: { key, value }, guard: isSetting });
  store([...cachedUserSettings().filter((s) => s.key !== saved.key), saved]);
  return saved;
}

export const settingValue = (list: readonly UserSetting[], key: string): unknown => list.find((s) => s.key === key)?.value;

/** The cached settings, refreshed from the server once when the component mounts. */
export function useUserSettings(): readonly UserSetting[] {
  const list = useSyncExternalStore(subscribe, cachedUserSettings, cachedUserSettings);
  useEffect(() => {
    refreshUserSettings().catch(() => undefined);
  }, []);
  return list;
}
