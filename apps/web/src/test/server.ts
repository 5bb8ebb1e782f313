import { ApiInfoSchema, PushSettingsSchema, type ApiInfo } from '@spotlist/contracts';
import { http, HttpResponse, ws } from 'msw';
import { setupServer } from 'msw/node';

/** MSW handlers every test gets (typed by the contracts); tests add their own with server.use. */
const info: ApiInfo = ApiInfoSchema.parse({ name: 'spotlist', version: '0.1.0', commit: 'test', serverTime: '2026-01-01T00:00:00Z' });

export const defaultHandlers = [
  http.get('/api/api/info', () => {
    // what the server does: the info answer sets the XSRF cookie when there is none
    if (!document.cookie.includes('XSRF-TOKEN=')) document.cookie = 'XSRF-TOKEN=primed; path=/';
    return HttpResponse.json(info);
  }),
  http.get('/api/session/user', () => HttpResponse.json({ key: 'error.auth.required' }, { status: 401 })),
  // remote translations (lib/remote-translations.ts): none unless a test says otherwise
  http.get('/api/translation/:lang', () => HttpResponse.json({})),
  // the Messages menu badge (lib/realtime.ts reads it at login): nothing unread unless a test says otherwise
  http.get('/api/messageoverview/unread', () => HttpResponse.json({ unread: 0, conversations: 0 })),
  // the settings page's notifications: every kind on, no quiet hours, no device, unless a test says otherwise
  http.get('/api/pushsettings', () =>
    HttpResponse.json(
      PushSettingsSchema.parse({
        kinds: { message: true, match: true, followRequest: true, meeting: true, guestReply: true },
        hideMessageText: false,
        quietHours: null,
        timeZone: 'Europe/Berlin',
      }),
    ),
  ),
  // the login page's provider buttons (features/auth): no provider configured unless a test says otherwise
  http.get('/api/externalaccount/providers', () => HttpResponse.json({ list: [] })),
  http.get('/api/pushdevice/list', () => HttpResponse.json({ list: [], total: 0, pageIndex: 0, pageSize: 100 })),
  // the realtime gateway (lib/realtime.ts): a logged-in shell connects; it stays silent unless a test says otherwise
  ws.link(/\/api\/ws$/).addEventListener('connection', () => undefined),
];

export const server = setupServer(...defaultHandlers);
