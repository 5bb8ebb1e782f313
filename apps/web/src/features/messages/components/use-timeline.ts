import type { Message, MessagePage } from '@spotlist/contracts';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { onRealtimeEvent, onRealtimeResync } from '../../../lib/realtime';
import { getChangesAfter, getMessagesBefore, postMessage, type MessageDraft } from '../api/messages';
import {
  addOlder,
  addPending,
  applyCatchUp,
  applyChange,
  failPending,
  fromPage,
  hasGap,
  newClientId,
  nextAfter,
  resolvePending,
  retryPending,
  type PendingMessage,
  type Timeline,
} from './timeline';

type Action =
  | { type: 'loaded'; page: MessagePage }
  | { type: 'older'; page: MessagePage }
  | { type: 'change'; message: Message }
  | { type: 'catch-up'; page: MessagePage }
  | { type: 'pending'; pending: PendingMessage }
  | { type: 'sent'; clientId: string; message: Message }
  | { type: 'failed'; clientId: string }
  | { type: 'retry'; clientId: string };

const reducer =
  (myId: number | undefined) =>
  (t: Timeline | null, a: Action): Timeline | null => {
    // a reload starts over (what is on its way stays)
    if (a.type === 'loaded') return { ...fromPage(a.page), pending: t?.pending ?? [] };
    if (!t) return t;
    switch (a.type) {
      case 'older':
        return addOlder(t, a.page);
      case 'change':
        return applyChange(t, a.message, myId);
      case 'catch-up':
        return applyCatchUp(t, a.page, myId);
      case 'pending':
        return addPending(t, a.pending);
      case 'sent':
        return resolvePending(t, a.clientId, a.message, myId);
      case 'failed':
        return failPending(t, a.clientId);
      case 'retry':
        return retryPending(t, a.clientId);
    }
  };

export type TimelineStatus = 'loading' | 'ready' | 'error' | 'not-found';

/**
 * A conversation's messages while its page is open: the newest page first, older ones on demand,
 * every realtime change of this conversation merged, a catch-up (`?after=rev`, repeated while
 * `more`) when a change is missing or the socket was away, and my sends shown at once.
 */
export function useTimeline(conversationId: number, myId: number | undefined) {
  const [timeline, dispatch] = useReducer(reducer(myId), null);
  const [status, setStatus] = useState<TimelineStatus>('loading');
  const [loadingOlder, setLoadingOlder] = useState(false);
  const latest = useRef(timeline);
  useEffect(() => {
    latest.current = timeline;
  });

  const fetchFirst = useCallback(
    () =>
      getMessagesBefore(conversationId).then(
        (page) => {
          dispatch({ type: 'loaded', page });
          setStatus('ready');
        },
        (error: unknown) => setStatus(isApiError(error) && (error.status === 404 || error.status === 403) ? 'not-found' : 'error'),
      ),
    [conversationId],
  );
  useEffect(() => {
    void fetchFirst();
  }, [fetchFirst]);
  /** "Retry" after a failed first read. */
  const load = useCallback(() => {
    setStatus('loading');
    void fetchFirst();
  }, [fetchFirst]);

  // one catch-up at a time; a gap found meanwhile asks for another round
  const catching = useRef<Promise<void> | null>(null);
  const again = useRef(false);
  const catchUp = useCallback(async (): Promise<void> => {
    if (catching.current) {
      again.current = true;
      return catching.current;
    }
    const run = async () => {
      do {
        again.current = false;
        let after = latest.current?.rev;
        if (after === undefined) return;
        for (;;) {
          const page = await getChangesAfter(conversationId, after);
          dispatch({ type: 'catch-up', page });
          if (!page.more || page.list.length === 0) break;
          after = nextAfter(after, page);
        }
      } while (again.current);
    };
    catching.current = run()
      .catch((error: unknown) => console.warn('catch-up failed', error))
      .finally(() => {
        catching.current = null;
      });
    return catching.current;
  }, [conversationId]);

  const gap = timeline !== null && hasGap(timeline);
  useEffect(() => {
    if (gap) void catchUp();
  }, [gap, catchUp]);

  useEffect(() => {
    const mine = (p: { conversationId: number }) => p.conversationId === conversationId;
    const offs = [
      onRealtimeEvent('message.posted', (p) => mine(p) && dispatch({ type: 'change', message: p.message })),
      onRealtimeEvent('message.changed', (p) => mine(p) && dispatch({ type: 'change', message: p.message })),
      // the socket was away: what changed meanwhile is read (a page that never loaded loads now)
      onRealtimeResync(() => (latest.current ? void catchUp() : load())),
    ];
    return () => offs.forEach((off) => off());
  }, [conversationId, catchUp, load]);

  const loadOlder = useCallback(async () => {
    const t = latest.current;
    if (!t || !t.more || loadingOlder) return;
    setLoadingOlder(true);
    try {
      dispatch({ type: 'older', page: await getMessagesBefore(conversationId, t.messages[0]?.seq) });
    } catch (error) {
      console.warn('older messages not loaded', error);
    } finally {
      setLoadingOlder(false);
    }
  }, [conversationId, loadingOlder]);

  const post = useCallback(
    (clientId: string, draft: MessageDraft) =>
      postMessage(conversationId, draft, clientId).then(
        (message) => dispatch({ type: 'sent', clientId, message }),
        () => dispatch({ type: 'failed', clientId }),
      ),
    [conversationId],
  );

  /** Shows the message at once ("Sending…") and sends it; the answer (or its event) replaces it. */
  const send = useCallback(
    (draft: MessageDraft, extra: Pick<PendingMessage, 'replyTo' | 'fileName'> = { replyTo: null }) => {
      const clientId = newClientId();
      dispatch({ type: 'pending', pending: { clientId, draft, ...extra, createdAt: new Date().toISOString(), state: 'sending' } });
      return post(clientId, draft);
    },
    [post],
  );

  /** "Retry" of a message not sent: the same clientId (a message the server stored after all is not stored twice). */
  const retry = useCallback(
    (pending: PendingMessage) => {
      dispatch({ type: 'retry', clientId: pending.clientId });
      return post(pending.clientId, pending.draft);
    },
    [post],
  );

  /** A message the page changed or created itself (an edit, a delete, a meeting). */
  const merge = useCallback((message: Message) => dispatch({ type: 'change', message }), []);

  return { timeline, status, reload: load, loadOlder, loadingOlder, send, retry, merge, catchUp };
}
