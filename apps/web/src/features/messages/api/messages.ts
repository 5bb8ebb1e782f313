import { useEffect, useState } from 'react';
import {
  MESSAGES_PAGE_SIZE,
  type LikedPlace,
  type Message,
  type MessagePage,
  type MessageReportReason,
  type MyListView,
} from '@spotlist/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { getKnownLocation } from '../../../lib/geolocation';
import { isMessage, isMessagePage, isObject, isPage } from './guards';

/** What a message says when it is sent (contracts MessageInputSchema); `clientId` makes a retry safe. */
export interface MessageDraft {
  text: string;
  placeId?: number;
  listId?: number;
  documentId?: number;
  replyToId?: number;
}

const base = (conversationId: number) => `/conversation/${conversationId}/messages`;

/** GET …/messages?before&size: a page of older messages, newest first (`more`: older ones exist). Silent: the page shows it. */
export const getMessagesBefore = (conversationId: number, before?: number): Promise<MessagePage> =>
  api.get<MessagePage>(base(conversationId), { query: { before, size: MESSAGES_PAGE_SIZE }, guard: isMessagePage, silent: true });

/** GET …/messages?after=<rev>: the changes after a revision (new, edited, deleted), by rev; `rev` is the new high-water mark. */
export const getChangesAfter = (conversationId: number, after: number): Promise<MessagePage> =>
  api.get<MessagePage>(base(conversationId), { query: { after }, guard: isMessagePage, silent: true });

/** POST …/messages: silent, the bubble says "Not sent — Retry" itself. */
export const postMessage = (conversationId: number, draft: MessageDraft, clientId: string): Promise<Message> =>
  api.post<Message>(base(conversationId), { ...draft, clientId }, { guard: isMessage, silent: true });

/** POST /api/message/update/{id} { text }. */
export const editMessage = (id: number, text: string): Promise<Message> =>
  api.post<Message>(`/message/update/${id}`, { text }, { guard: isMessage });

/** DELETE /api/message/delete/{id}: answers the message with `deletedAt` set and no text. */
export const deleteMessage = (id: number): Promise<Message> =>
  api.request<Message>(`/message/delete/${id}`, { method: 'DELETE', guard: isMessage });

/** POST /api/message/objectionable/{id} { reason } (a MESSAGE_REPORT_REASONS key). Silent: the bubble says how it went. */
export const reportMessage = (id: number, reason: MessageReportReason): Promise<unknown> =>
  api.post(`/message/objectionable/${id}`, { reason }, { silent: true });

/** POST /api/message/{id}/translate: the text in my app language. Silent: the bubble says it failed. */
export const translateMessage = (id: number): Promise<{ text: string; language: string }> =>
  api.post<{ text: string; language: string }>(
    `/message/${id}/translate`,
    {},
    { guard: (v) => isObject(v) && typeof v.text === 'string', silent: true },
  );

/** POST /api/conversation/{id}/read { seq }: read up to there. Silent: the next read says it again. */
export const markRead = (conversationId: number, seq: number): Promise<unknown> =>
  api.post(`/conversation/${conversationId}/read`, { seq }, { silent: true });

/** POST /api/conversation/{id}/meeting { title?, startsAt? }: a call now, or a scheduled one; answers its message. */
export const createMeeting = (conversationId: number, input: { title?: string; startsAt?: string }): Promise<Message> =>
  api.post<Message>(`/conversation/${conversationId}/meeting`, input, { guard: isMessage });

/** GET /api/meeting/{id}/ics: the calendar file, saved through the api client (it needs the token). */
export async function downloadMeetingIcs(meetingId: number): Promise<void> {
  const res = await api.request<Response>(`/meeting/${meetingId}/ics`, { raw: true });
  saveBlob(await res.blob(), `meeting-${meetingId}.ics`);
}

/**
 * A member's picture as an object URL: the file routes check the token, which an <img src> does
 * not send, so the thumbnail comes through the api client (the browser's HTTP cache still keeps
 * it: its URL is versioned and immutable). Null until loaded, or when it cannot be read.
 */
export function useAuthedImage(url: string | null): string | null {
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!url) return;
    let made: string | null = null;
    let gone = false;
    api
      .request<Response>(url.replace(/^\/api(?=\/)/, ''), { raw: true, silent: true })
      .then((res) => res.blob())
      .then((blob) => {
        if (gone) return;
        made = URL.createObjectURL(blob);
        setObjectUrl(made);
      })
      .catch(() => {
        if (!gone) setObjectUrl(null);
      });
    return () => {
      gone = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [url]);
  return url ? objectUrl : null;
}

/** An attachment's file through the api client (a member's document needs the token). */
export async function downloadFile(url: string, name: string): Promise<void> {
  const path = url.replace(/^\/api(?=\/)/, '');
  const res = await api.request<Response>(path, { raw: true });
  saveBlob(await res.blob(), name);
}

/**
 * What can be shared into a conversation: my liked places (GET /api/like/default, the key of
 * features/likes) and my lists (GET /api/list/mine, the key of features/lists), so a like or a
 * new list elsewhere shows here and the other way round.
 */
export const likedPlacesQuery = () => {
  const location = getKnownLocation();
  return queryOptions({
    queryKey: ['likes', 'default', location?.lat, location?.lng],
    queryFn: async () => (await api.get<{ list: LikedPlace[] }>('/like/default', { query: { 'p.s': 100 }, guard: isPage })).list,
  });
};
export const useLikedPlaces = (enabled: boolean) => useQuery({ ...likedPlacesQuery(), enabled });
export const myListsQuery = () =>
  queryOptions({
    queryKey: ['lists', 'mine'],
    queryFn: async () =>
      (await api.get<{ list: MyListView[] }>('/list/mine', { query: { 'f.kind': 'list', 'p.s': 100 }, guard: isPage })).list,
  });
export const useMyLists = (enabled: boolean) => useQuery({ ...myListsQuery(), enabled });
