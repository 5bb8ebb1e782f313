import { useSyncExternalStore } from 'react';

/**
 * The menu badge of Messages: how many messages I have not read. Kept here (first bundle, a few
 * bytes) so the side menu shows it without react-query; the realtime chunk reads it from the API
 * at login, after new messages and reads (lib/realtime.ts `refreshUnreadMessages`), and the
 * messages pages set it from the overview's `unreadTotal`.
 */
let unread = 0;
const listeners = new Set<() => void>();

export const unreadMessages = {
  get: (): number => unread,
  set(count: number): void {
    const next = Math.max(0, Math.floor(count) || 0);
    if (next === unread) return;
    unread = next;
    for (const l of [...listeners]) l();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export const useUnreadMessages = (): number => useSyncExternalStore(unreadMessages.subscribe, unreadMessages.get, unreadMessages.get);
