/**
 * The guest's chat with the business ("Message the hotel"; server: modules/messaging, the
 * `/api/public/guest/conversation` routes). Every call names the guest app the guest is in (`app`,
 * its public id: the chat is with that app's business, one conversation per guest and business)
 * and carries the guest key (`x-guest-key`), never a cookie. Types only from the contracts: the
 * schemas would bring zod into the bundle.
 */
import { GUEST_KEY_HEADER, MESSAGES_PAGE_SIZE, type Conversation, type Message, type MessagePage } from '@spotlist/contracts';
import { request } from './api.ts';

/** GET /api/public/guest/conversation (the server's GuestChatSchema, which is not in the contracts). */
export interface GuestChat {
  /** Null before the guest's first message to this business. */
  conversation: Conversation | null;
  business: { id: number; nickname: string; picturedocument: { id: number; urlThumb240: string } | null };
}

/** What an unknown or disabled guest app answers (404): there is nobody to write to. */
export const GUEST_APP_NOT_FOUND = 'error.guestapp.notfound';

const BASE = '/api/public/guest/conversation';
const headers = (key: string) => ({ headers: { [GUEST_KEY_HEADER]: key } });
const json = (key: string, body: unknown): RequestInit => ({
  method: 'POST',
  headers: { [GUEST_KEY_HEADER]: key, 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** The guest's conversation with the business of guest app `app` (404 `error.guestapp.notfound`: no such app, or off). */
export const getGuestChat = (key: string, app: string) => request<GuestChat>(`${BASE}?app=${encodeURIComponent(app)}`, headers(key));

/** A page before `before` (newest first), or the changes after revision `after` (oldest first). */
export const getMessages = (key: string, app: string, query: { before?: number; after?: number }) => {
  const q = new URLSearchParams({ app });
  if (query.after !== undefined) q.set('after', String(query.after));
  else {
    if (query.before) q.set('before', String(query.before));
    q.set('size', String(MESSAGES_PAGE_SIZE));
  }
  return request<MessagePage>(`${BASE}/messages?${q}`, headers(key));
};

/** The same `clientId` again (a retry) answers the message already stored. */
export const postMessage = (key: string, app: string, text: string, clientId: string) =>
  request<Message>(`${BASE}/messages`, json(key, { app, text, clientId }));

export const postRead = (key: string, app: string, seq: number) => request<{ ok: true }>(`${BASE}/read`, json(key, { app, seq }));
