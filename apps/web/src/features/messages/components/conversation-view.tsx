import type { Conversation, Message } from '@spotlist/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { AppLink } from '../../../components/app-link';
import { EmptyState } from '../../../components/empty-state';
import { Skeleton } from '../../../components/skeleton';
import { isApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { formatNumber, useLocale } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';
import { pluralKey } from '../../../lib/plural';
import { onRealtimeEvent, refreshUnreadMessages, setViewingConversation, stopViewingConversation } from '../../../lib/realtime';
import { useTranslation, type TFunction } from '../../../lib/translator';
import { conversationKey, markReadIn, useConversation } from '../api/conversation';
import { markRead } from '../api/messages';
import { OVERVIEW_KEY, useMessagingFeatures } from '../api/overview';
import { Composer } from './composer';
import { ConversationHeader } from './conversation-header';
import { dayKey, dayLabel } from './dates';
import { LINKED_PATHS } from './message-cards';
import { MessageItem, PendingItem } from './message-item';
import { namesOf, SEEN_BY } from './texts';
import { shownItems, type TimelineItem } from './timeline';
import { useTimeline } from './use-timeline';
import { useTypingMembers, useTypingSignal } from './use-typing';

/** Closer than this to the end counts as "at the bottom" (new messages then scroll into view). */
const BOTTOM_SLACK_PX = 48;
/** Closer than this to the top asks for older messages. */
const TOP_SLACK_PX = 24;

/** "Seen" (direct, guest) or "Seen by N" (group) under my last message, from the others' read positions. */
export function receiptText(
  t: TFunction,
  locale: string,
  conversation: Conversation,
  myId: number | undefined,
  seq: number,
): string | null {
  const readers =
    conversation.members.filter((m) => m.id !== myId && m.readSeq >= seq).length +
    (conversation.guest && conversation.guest.readSeq >= seq ? 1 : 0);
  if (readers === 0) return null;
  if (conversation.kind !== 'group') return t('MESSAGES.SEEN');
  return t(pluralKey(locale, SEEN_BY, readers), { count: formatNumber(readers, locale) });
}

/** "Lena is typing…", "Lena and Tom are typing…". */
function TypingIndicator({ names }: { names: string[] }) {
  const { t } = useTranslation();
  return (
    <p className="messages-typing" role="status" aria-live="polite">
      {names.length === 0
        ? ''
        : names.length === 1
          ? t('MESSAGES.TYPING_ONE', { name: names[0] })
          : t('MESSAGES.TYPING_MANY', {
              names: namesOf(
                t,
                names.map((n, id) => ({ id, nickname: n })),
              ),
            })}
    </p>
  );
}

/** Whether the reader sees this page now: the tab is visible and Ionic shows the page (it keeps left pages mounted). */
const pageVisible = (el: HTMLElement | null): boolean =>
  typeof document !== 'undefined' &&
  document.visibilityState !== 'hidden' &&
  !el?.closest('.ion-page')?.classList.contains('ion-page-hidden');

/**
 * Where the day separators go (before the first message of each of the reader's days) and whose
 * name stands above a message (theirs in a group, when the sender changes or a day begins).
 */
function layout(items: readonly TimelineItem[], myId: number | undefined, group: boolean) {
  let previousDay = '';
  let previousSender: number | null | undefined;
  const rows: { item: TimelineItem; day: string | null; showSender: boolean }[] = [];
  for (const item of items) {
    const at = item.kind === 'message' ? item.message.createdAt : item.pending.createdAt;
    const sender = item.kind === 'message' ? item.message.senderId : myId;
    const newDay = dayKey(at) !== previousDay;
    const theirs = item.kind === 'message' && (sender === null || sender !== myId);
    rows.push({ item, day: newDay ? at : null, showSender: group && theirs && (newDay || previousSender !== sender) });
    previousDay = dayKey(at);
    previousSender = sender;
  }
  return rows;
}

/**
 * One conversation: its head, the messages with day separators (older ones on demand, the scroll
 * position kept), who is typing, the read receipt of my last message, and the composer. Marks
 * what arrives as read while the page is seen.
 */
export function ConversationView({ id }: { id: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const client = useQueryClient();
  const { stored } = useAuth();
  const myId = stored?.id;
  const conversation = useConversation(id);
  const features = useMessagingFeatures();
  const { timeline, status, reload, loadOlder, loadingOlder, send, retry, merge } = useTimeline(id, myId);
  const typingIds = useTypingMembers(id, myId);
  const signalTyping = useTypingSignal(id);
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const conv = conversation.data;

  // read positions, typing and changes of this conversation
  useEffect(() => {
    const offs = [
      onRealtimeEvent('conversation.read', (p) => p.conversationId === id && markReadIn(client, id, p.userId, p.seq, myId)),
      onRealtimeEvent(
        'conversation.changed',
        (p) => p.conversationId === id && void client.invalidateQueries({ queryKey: conversationKey(id) }),
      ),
    ];
    return () => offs.forEach((off) => off());
  }, [client, id, myId]);

  const nameOf = useCallback(
    (userId: number | null): string => {
      if (userId === null) return t('MESSAGES.GUEST');
      if (userId === myId) return t('MESSAGES.YOU');
      return conv?.members.find((m) => m.id === userId)?.nickname ?? t('MESSAGES.FORMER_MEMBER');
    },
    [conv, myId, t],
  );

  const items = useMemo(() => (timeline ? shownItems(timeline) : []), [timeline]);
  const lastSeq = timeline?.messages.at(-1)?.seq ?? 0;
  const myLast = useMemo(
    () => [...(timeline?.messages ?? [])].reverse().find((m) => m.senderId === myId && m.deletedAt === null),
    [timeline, myId],
  );
  const receipt = conv && myLast ? receiptText(t, locale, conv, myId, myLast.seq) : null;

  // scrolling: to the end at first and when something arrives while the reader is there (or I sent
  // it); an older page keeps what the reader looks at in place
  const firstKey = items[0]?.kind === 'message' ? items[0].message.id : null;
  const lastItem = items.at(-1);
  const lastKey = lastItem ? (lastItem.kind === 'message' ? `m${lastItem.message.id}` : `p${lastItem.pending.clientId}`) : null;
  const before = useRef<{ height: number; top: number; firstKey: number | null; lastKey: string | null } | null>(null);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const was = before.current;
    const mineLast = lastItem?.kind === 'pending' || (lastItem?.kind === 'message' && lastItem.message.senderId === myId);
    if (!was || was.lastKey === null) el.scrollTop = el.scrollHeight;
    else if (was.firstKey !== firstKey && was.lastKey === lastKey) el.scrollTop = was.top + (el.scrollHeight - was.height);
    else if (was.lastKey !== lastKey && (atBottom.current || mineLast)) el.scrollTop = el.scrollHeight;
    before.current = { height: el.scrollHeight, top: el.scrollTop, firstKey, lastKey };
  }, [firstKey, lastKey, lastItem, myId]);
  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < BOTTOM_SLACK_PX;
    if (before.current) before.current = { ...before.current, height: el.scrollHeight, top: el.scrollTop };
    if (el.scrollTop < TOP_SLACK_PX && timeline?.more && !loadingOlder) void loadOlder();
  };

  // the gateway knows the conversation is looked at (no push notice for it) while the page is seen
  useEffect(() => {
    const page = scroller.current?.closest('.ion-page');
    const update = () => (pageVisible(scroller.current) ? setViewingConversation(id) : stopViewingConversation(id));
    const leave = () => stopViewingConversation(id);
    update();
    document.addEventListener('visibilitychange', update);
    page?.addEventListener('ionViewDidEnter', update);
    page?.addEventListener('ionViewWillLeave', leave);
    return () => {
      document.removeEventListener('visibilitychange', update);
      page?.removeEventListener('ionViewDidEnter', update);
      page?.removeEventListener('ionViewWillLeave', leave);
      stopViewingConversation(id);
    };
  }, [id, status]);

  // mark read: the newest message, while the page is seen (again when it is seen again)
  const [seenTick, setSeenTick] = useState(0);
  useEffect(() => {
    const again = () => setSeenTick((n) => n + 1);
    document.addEventListener('visibilitychange', again);
    const page = scroller.current?.closest('.ion-page');
    page?.addEventListener('ionViewDidEnter', again);
    return () => {
      document.removeEventListener('visibilitychange', again);
      page?.removeEventListener('ionViewDidEnter', again);
    };
  }, [status]);
  const readSent = useRef(0);
  const myReadSeq = conv?.myReadSeq;
  useEffect(() => {
    if (myId === undefined || myReadSeq === undefined || lastSeq <= Math.max(myReadSeq, readSent.current)) return;
    if (!pageVisible(scroller.current)) return;
    readSent.current = lastSeq;
    markReadIn(client, id, myId, lastSeq, myId);
    void markRead(id, lastSeq).then(() => {
      void refreshUnreadMessages();
      void client.invalidateQueries({ queryKey: OVERVIEW_KEY });
    });
  }, [client, id, myId, lastSeq, myReadSeq, seenTick]);

  const onMeeting = (message: Message, now: boolean) => {
    merge(message);
    // a full page load: only the meeting page's own security policy lets the video host in
    if (now && message.meeting) window.location.assign(LINKED_PATHS.meeting(message.meeting.id));
  };

  const notFound =
    status === 'not-found' || (conversation.isError && isApiError(conversation.error) && [403, 404].includes(conversation.error.status));
  if (notFound)
    return (
      <section className="messages-conversation messages-conversation-missing">
        <EmptyState
          role="status"
          picture="not-found"
          level={1}
          title={t('MESSAGES.NOT_FOUND_TITLE')}
          text={t('MESSAGES.NOT_FOUND')}
          action={
            <AppLink to={PATHS.messages} mode="back" className="app-button">
              {t('MESSAGES.TO_INBOX')}
            </AppLink>
          }
        />
      </section>
    );

  const typingNames = typingIds.map(nameOf);
  const rendered = layout(items, myId, conv?.kind === 'group').map(({ item, day, showSender }) => {
    const separator = day && (
      <li className="messages-day" key={`day-${dayKey(day)}`}>
        <span>{dayLabel(day, locale, t)}</span>
      </li>
    );
    if (item.kind === 'pending')
      return (
        <Fragment key={`p${item.pending.clientId}`}>
          {separator}
          <li className="messages-entry">
            <PendingItem pending={item.pending} nameOf={nameOf} onRetry={() => void retry(item.pending)} />
          </li>
        </Fragment>
      );
    const m = item.message;
    return (
      <Fragment key={`m${m.id}`}>
        {separator}
        <li className="messages-entry">
          <MessageItem
            message={m}
            mine={m.senderId !== null && m.senderId === myId}
            senderName={showSender ? nameOf(m.senderId) : null}
            nameOf={nameOf}
            receipt={m.id === myLast?.id ? receipt : null}
            canWrite={conv?.canWrite ?? false}
            translation={features.data?.translation === true}
            onReply={setReplyTo}
            onChanged={merge}
          />
        </li>
      </Fragment>
    );
  });

  return (
    <section className="messages-conversation" aria-busy={status === 'loading'}>
      {conv ? <ConversationHeader conversation={conv} /> : <div className="messages-head messages-head-loading" />}
      <div className="messages-scroller" ref={scroller} onScroll={onScroll}>
        {status === 'loading' && <Skeleton count={3} />}
        {status === 'error' && (
          <EmptyState
            text={t('MESSAGES.LOAD_FAILED')}
            action={
              <button type="button" className="app-button" onClick={reload}>
                {t('MESSAGES.RETRY')}
              </button>
            }
          />
        )}
        {timeline?.more && (
          <button
            type="button"
            className="app-button app-button-small app-button-outline messages-older"
            disabled={loadingOlder}
            onClick={() => void loadOlder()}
          >
            {t('MESSAGES.LOAD_EARLIER')}
          </button>
        )}
        {status === 'ready' && items.length === 0 && <p className="messages-start form-hint">{t('MESSAGES.NO_MESSAGES_HERE')}</p>}
        {items.length > 0 && (
          <ol className="messages-timeline" aria-label={t('MESSAGES.TIMELINE')}>
            {rendered}
          </ol>
        )}
      </div>
      <TypingIndicator names={typingNames} />
      {conv &&
        (conv.canWrite ? (
          <Composer
            conversationId={id}
            replyTo={replyTo}
            replyName={replyTo ? nameOf(replyTo.senderId) : ''}
            onCancelReply={() => setReplyTo(null)}
            onSend={(draft, extra) => void send(draft, extra)}
            onTyping={signalTyping}
            onMeeting={onMeeting}
            files={conv.kind !== 'guest'}
          />
        ) : (
          <p className="messages-readonly form-hint">{t('MESSAGES.READ_ONLY')}</p>
        ))}
    </section>
  );
}
