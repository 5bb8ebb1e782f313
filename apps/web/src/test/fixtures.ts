import type { ListView, PlaceView, User } from '@spotlist/contracts';
import type { StoredUser } from '../lib/auth-store';
import { authStore } from '../lib/auth-store';
import { local, STORAGE_KEYS } from '../lib/storage';

/** A place as the API answers it (contracts PlaceViewSchema): a public catalogue sight in München; with overrides. */
export function makePlaceView(overrides: Partial<PlaceView> & Pick<PlaceView, 'id' | 'name'>): PlaceView {
  return {
    description: null,
    latitude: 48.1,
    longitude: 11.5,
    needsLocation: false,
    distance: -1,
    address: null,
    city: 'München',
    country: 'DE',
    category: 'sight',
    website: null,
    phone: null,
    accessibility: [],
    visibility: { id: 255 },
    source: 'manual',
    externalId: null,
    creatorId: null,
    editable: false,
    liked: false,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

/** A list as the API returns it (contracts ListViewSchema): Anna's, editable, empty; with overrides. */
export function makeListView(overrides: Partial<ListView> = {}): ListView {
  return {
    id: 1,
    kind: 'list',
    name: 'List',
    description: '',
    visibility: { id: 1 },
    owner: { id: 7, nickname: 'Anna' },
    editable: true,
    itemCount: 0,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

/** A user as the API returns it (contracts UserSchema), with overrides. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    email: 'anna@example.com',
    emailVerified: true,
    nickname: { value: 'Anna' },
    name: { firstname: '', lastname: '', visibility: 1 },
    accountType: { id: 1 },
    industry2: null,
    language: { id: 1, key: 'en' },
    profileFilled: true,
    permissionsInclude: [],
    picturedocument: null,
    logodocument: null,
    client: { id: 1, domain: 'spotlist.example' },
    hasGuest: false,
    widgetv1activated: false,
    widgetv2activated: false,
    aiassistantactivated: false,
    overlayactivated: false,
    gpstrackingactivated: false,
    ...overrides,
  };
}

/** Puts a logged-in user into localStorage (as after an earlier login) and reloads the store. */
export function storeLoggedInUser(overrides: Partial<StoredUser> = {}): StoredUser {
  const stored: StoredUser = {
    id: 7,
    authtoken: 'token-1',
    permissionsInclude: [],
    language: { id: 1, key: 'en' },
    ...overrides,
  };
  local.setJson(STORAGE_KEYS.user, stored);
  authStore.reload();
  return stored;
}

export function setXsrfCookie(value = 'xsrf-1'): void {
  document.cookie = `XSRF-TOKEN=${value}; path=/`;
}

export function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}
