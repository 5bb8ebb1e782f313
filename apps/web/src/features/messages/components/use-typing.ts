import { TYPING_SHOWN_MS } from '@spotlist/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { onRealtimeEvent, sendTyping } from '../../../lib/realtime';

/** How often my own typing is told (the gateway's rate limit counts every message). */
export const TYPING_SEND_MS = 3000;

/** Who (user ids, null: the guest) typed in the last TYPING_SHOWN_MS; one who posts stops typing. */
export function useTypingMembers(conversationId: number, myId: number | undefined): (number | null)[] {
  const [last, setLast] = useState<ReadonlyMap<number | null, number>>(new Map());
  useEffect(() => {
    const offs = [
      onRealtimeEvent('conversation.typing', (p) => {
        if (p.conversationId !== conversationId || (p.userId !== null && p.userId === myId)) return;
        setLast((m) => new Map(m).set(p.userId, Date.now()));
      }),
      onRealtimeEvent('message.posted', (p) => {
        if (p.conversationId !== conversationId) return;
        setLast((m) => {
          if (!m.has(p.message.senderId)) return m;
          const next = new Map(m);
          next.delete(p.message.senderId);
          return next;
        });
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [conversationId, myId]);
  // hidden TYPING_SHOWN_MS after each one's last signal
  useEffect(() => {
    if (last.size === 0) return;
    const oldest = Math.min(...last.values());
    const timer = setTimeout(
      () =>
        setLast((m) => {
          const now = Date.now();
          return new Map([...m].filter(([, at]) => now - at < TYPING_SHOWN_MS));
        }),
      Math.max(0, oldest + TYPING_SHOWN_MS - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [last]);
  return [...last.keys()];
}

/** Tells the others I am typing, at most every TYPING_SEND_MS. */
export function useTypingSignal(conversationId: number): () => void {
  const sentAt = useRef(0);
  return useCallback(() => {
    const now = Date.now();
    if (now - sentAt.current < TYPING_SEND_MS) return;
    if (sendTyping(conversationId)) sentAt.current = now;
  }, [conversationId]);
}
