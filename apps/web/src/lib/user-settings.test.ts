import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { storeLoggedInUser, setXsrfCookie } from '../test/fixtures';
import { server } from '../test/server';
import { authStore } from './auth-store';
import { local, STORAGE_KEYS } from './storage';
import { cachedUserSettings, refreshUserSettings, saveUserSetting, settingValue } from './user-settings';

const settingsList = (list: { id: number; key: string; value: unknown }[]) =>
  HttpResponse.json({ list, total: list.length, pageIndex: 0, pageSize: 100 });

describe('user settings (SPEC §3, §7: cached under UserSettings)', () => {
  it('reads the cached settings at once, follows the server and saves a change into the cache', async () => {
    local.setJson(STORAGE_KEYS.userSettings, [{ id: 1, key: 'listLanguage', value: 2 }]);
    storeLoggedInUser();
    setXsrfCookie();
    expect(settingValue(cachedUserSettings(), 'listLanguage')).toBe(2);
    server.use(
      http.get('/api/setting/', () => settingsList([{ id: 1, key: 'listLanguage', value: 1 }])),
      http.post('/api/setting/save', async ({ request }) => {
        const body = (await request.json()) as { key: string; value: unknown };
        return HttpResponse.json({ id: 1, ...body });
      }),
    );
    await refreshUserSettings();
    expect(local.getJson(STORAGE_KEYS.userSettings)).toEqual([{ id: 1, key: 'listLanguage', value: 1 }]);
    await saveUserSetting('listLanguage', 5);
    expect(settingValue(cachedUserSettings(), 'listLanguage')).toBe(5);
  });

  it('keeps the cache when the settings cannot be loaded, and clears it on logout', async () => {
    local.setJson(STORAGE_KEYS.userSettings, [{ id: 1, key: 'listLanguage', value: 2 }]);
    storeLoggedInUser();
    server.use(http.get('/api/setting/', () => HttpResponse.json({ key: 'error.unavailable' }, { status: 503 })));
    await expect(refreshUserSettings()).rejects.toThrow();
    expect(settingValue(cachedUserSettings(), 'listLanguage')).toBe(2);
    authStore.clear('logout');
    expect(local.get(STORAGE_KEYS.userSettings)).toBeNull();
  });
});
