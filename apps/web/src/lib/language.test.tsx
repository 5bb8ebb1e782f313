import { act, render } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/App';
import { authStore } from './auth-store';
import { changeLanguage, i18next, startLanguage } from './i18n';
import { getCurrentLanguage, normalizeLanguage, resolveLanguage } from './language';
import { local, session, STORAGE_KEYS } from './storage';
import { makeUser } from '../test/fixtures';
import { server } from '../test/server';

describe('language at start (SPEC §4)', () => {
  it("takes the logged-in user's language first", () => {
    expect(resolveLanguage({ userLanguageKey: 'de', storedLanguageId: 1, browserLanguages: ['fr-FR'] })).toBe('de');
  });
  it('then the stored language id', () => {
    expect(resolveLanguage({ storedLanguageId: 2, browserLanguages: ['fr-FR'] })).toBe('de');
    expect(resolveLanguage({ storedLanguageId: '1', browserLanguages: ['de-DE'] })).toBe('en');
  });
  it('then the browser language (first supported one, region ignored)', () => {
    expect(resolveLanguage({ browserLanguages: ['fr-CA', 'de'] })).toBe('fr');
    expect(resolveLanguage({ browserLanguages: ['ja-JP', 'pt-BR'] })).toBe('pt');
  });
  it('ignores an unknown stored id', () => {
    expect(resolveLanguage({ storedLanguageId: 9, browserLanguages: ['it-IT'] })).toBe('it');
  });
  it('falls back to English for an unsupported language', () => {
    expect(resolveLanguage({ userLanguageKey: 'ja' })).toBe('en');
    expect(resolveLanguage({ browserLanguages: ['ja-JP', 'zh'] })).toBe('en');
    expect(resolveLanguage({})).toBe('en');
  });
  it('normalizes language tags', () => {
    expect(normalizeLanguage('DE-at')).toBe('de');
    expect(normalizeLanguage('pt_BR')).toBe('pt');
    expect(normalizeLanguage('')).toBeNull();
    expect(normalizeLanguage('xx')).toBeNull();
  });
  it('reads the stored id from localStorage', () => {
    local.set(STORAGE_KEYS.userLanguage, '2');
    expect(startLanguage(null)).toBe('de');
    expect(startLanguage('en')).toBe('en');
  });
});

describe('changing the language (SPEC §4)', () => {
  it('switches i18next, the api language and session storage', async () => {
    await changeLanguage('de');
    expect(i18next.language).toBe('de');
    expect(getCurrentLanguage()).toBe('de');
    expect(session.get(STORAGE_KEYS.appLanguage)).toBe('de');
    expect(i18next.t('MENU.LOGOUT')).toBe('Abmelden');
    expect(document.documentElement.lang).toBe('de');
  });
  it('ignores an empty value', async () => {
    await changeLanguage('de');
    await changeLanguage('');
    await changeLanguage('   ');
    await changeLanguage(null);
    expect(i18next.language).toBe('de');
  });
  it('applies the latest change when an earlier language file loads slower', async () => {
    const first = changeLanguage('hu'); // its file is not loaded yet
    const second = changeLanguage('en');
    await Promise.all([first, second]);
    expect(i18next.language).toBe('en');
    expect(session.get(STORAGE_KEYS.appLanguage)).toBe('en');
  });

  it('resets an unsupported language to English', async () => {
    await changeLanguage('de');
    await changeLanguage('ja');
    expect(i18next.language).toBe('en');
  });
});

describe('the app language of this tab (SPEC §9: kept in session storage)', () => {
  it('wins at start (a reload keeps it), not when re-evaluated', () => {
    session.set(STORAGE_KEYS.appLanguage, 'fr');
    expect(startLanguage('de', true)).toBe('fr');
    expect(startLanguage('de')).toBe('de');
    session.set(STORAGE_KEYS.appLanguage, 'xx');
    expect(startLanguage('de', true)).toBe('de');
  });

  it("is kept at start, and gives way to the user's language on login and logout", async () => {
    session.set(STORAGE_KEYS.appLanguage, 'fr');
    local.setJson(STORAGE_KEYS.user, { id: 7, authtoken: 't', permissionsInclude: [], language: { id: 2, key: 'de' } });
    authStore.reload();
    server.use(http.get('/api/session/user', () => HttpResponse.json(makeUser({ language: { id: 2, key: 'de' } }))));
    render(<AppProviders>content</AppProviders>);
    await vi.waitFor(() => expect(i18next.language).toBe('fr'));

    await act(async () => authStore.clear('logout'));
    await vi.waitFor(() => expect(i18next.language).toBe('en'));
    await act(async () => authStore.setUser(makeUser({ id: 8, authtoken: 't', language: { id: 2, key: 'de' } })));
    await vi.waitFor(() => expect(i18next.language).toBe('de'));
  });
});

describe('language on login and logout (SPEC §4)', () => {
  it("follows the user's language while logged in and the stored choice after logout", async () => {
    local.set(STORAGE_KEYS.userLanguage, '2');
    render(<AppProviders>content</AppProviders>);
    await act(async () => {
      await changeLanguage(startLanguage(null));
    });
    expect(i18next.language).toBe('de');

    await act(async () => authStore.setUser(makeUser({ authtoken: 't', language: { id: 1, key: 'en' } })));
    await vi.waitFor(() => expect(i18next.language).toBe('en'));

    await act(async () => authStore.clear('logout'));
    await vi.waitFor(() => expect(i18next.language).toBe('de'));
  });
});
