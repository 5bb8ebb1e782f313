/**
 * The guest's chat with the business (the guest app's "Message …"), in its own chunk with its
 * store, socket, words and styles: loaded when the guest opens it, or when the guest has a
 * conversation already (then the entry shows unread messages as they arrive).
 */
import './chat-panel.css';
import { MESSAGE_TEXT_MAX, type Message } from '@spotlist/contracts';
import { Fragment } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { chatTranslator, type ChatTranslate } from '../lib/chat-i18n.ts';
import type { Chat, ChatState, Outgoing } from '../lib/chat-store.ts';
import { dayKey, dayLabel, linkParts, timeLabel } from '../lib/chat-text.ts';
import type { Translate } from '../lib/i18n.ts';

export { chatFor, resetChats } from '../lib/chat-store.ts';

export interface ChatPanelProps {
  chat: Chat;
  /** The business's name until the chat has loaded (the guest app's). */
  name: string;
  /** The UI language (uiLanguage): the words, and the dates and times through Intl. */
  lang: string;
  t: Translate;
  onClose: () => void;
}

function useChatState(chat: Chat): ChatState {
  const [state, setState] = useState(chat.state);
  useEffect(() => {
    setState(chat.state());
    return chat.subscribe(() => setState(chat.state()));
  }, [chat]);
  return state;
}

/** Text with its web addresses as links (new tab, no opener, no referrer); never HTML. */
function LinkedText({ text }: { text: string }) {
  return (
    <>
      {linkParts(text).map((part, i) =>
        typeof part === 'string' ? (
          part
        ) : (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.text}
          </a>
        ),
      )}
    </>
  );
}

type Item = { kind: 'message'; message: Message } | { kind: 'outgoing'; outgoing: Outgoing };
const createdAt = (item: Item) => new Date(item.kind === 'message' ? item.message.createdAt : item.outgoing.createdAt);

/** Messages (and what is on its way) by local day, in order. */
function byDay(state: ChatState): { day: string; date: Date; items: Item[] }[] {
  const items: Item[] = [
    ...state.messages.map((message) => ({ kind: 'message' as const, message })),
    ...state.outbox.map((outgoing) => ({ kind: 'outgoing' as const, outgoing })),
  ];
  const days: { day: string; date: Date; items: Item[] }[] = [];
  for (const item of items) {
    const date = createdAt(item);
    const day = dayKey(date);
    const last = days[days.length - 1];
    if (last?.day === day) last.items.push(item);
    else days.push({ day, date, items: [item] });
  }
  return days;
}

/** What a business's message carries besides text: a small chip (a guest cannot open them). */
function Card({ message, ct, t }: { message: Message; ct: ChatTranslate; t: Translate }) {
  if (message.placeId !== null)
    return (
      <span class="sl-chip">
        <span aria-hidden="true">📍</span> {ct('place')}
      </span>
    );
  if (message.listId !== null)
    return (
      <span class="sl-chip">
        <span aria-hidden="true">📋</span> {t('list')}
      </span>
    );
  if (message.file)
    return (
      <span class="sl-chip">
        <span aria-hidden="true">📎</span> {message.file.name}
      </span>
    );
  if (message.meeting)
    return (
      <span class="sl-chip">
        <span aria-hidden="true">🎥</span> {message.meeting.title || ct('meeting')}
      </span>
    );
  return null;
}

export function ChatPanel({ chat, name: fallbackName, lang, t, onClose }: ChatPanelProps) {
  const state = useChatState(chat);
  const ct = chatTranslator(lang);
  const name = state.business?.nickname || fallbackName;
  const picture = state.business?.picturedocument?.urlThumb240;
  const [draft, setDraft] = useState(chat.draft);
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const atBottomRef = useRef(true);
  const edgesRef = useRef<{ first?: number; height: number; top: number }>({ height: 0, top: 0 });

  useEffect(() => {
    chat.start();
    chat.setOpen(true);
    headingRef.current?.focus();
    return () => chat.setOpen(false);
  }, [chat]);

  // Stay at the newest message while the guest is there; keep the place when older ones arrive on top.
  const first = state.messages[0]?.id;
  const count = state.messages.length + state.outbox.length;
  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log) return;
    const edges = edgesRef.current;
    if (edges.first !== undefined && first !== edges.first && log.scrollHeight > edges.height && !atBottomRef.current)
      log.scrollTop = edges.top + (log.scrollHeight - edges.height);
    else if (atBottomRef.current) log.scrollTop = log.scrollHeight;
    edgesRef.current = { first, height: log.scrollHeight, top: log.scrollTop };
  }, [first, count, state.typing, state.status]);

  const onScroll = () => {
    const log = logRef.current!;
    atBottomRef.current = log.scrollHeight - log.scrollTop - log.clientHeight < 48;
    edgesRef.current = { ...edgesRef.current, height: log.scrollHeight, top: log.scrollTop };
  };

  const grow = () => {
    const el = inputRef.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${el.scrollHeight + 2}px`;
  };

  const write = (text: string) => {
    setDraft(text);
    chat.setDraft(text);
  };

  const submit = () => {
    // what the field holds now (a key pressed before the last input has re-rendered)
    const text = inputRef.current?.value ?? draft;
    if (!text.trim() || state.status !== 'ready') return;
    chat.send(text);
    write('');
    atBottomRef.current = true;
    requestAnimationFrame(grow);
  };

  // "Seen" under the guest's last message once the business has read it
  const lastMine = [...state.messages].reverse().find((m) => m.senderId === null);
  const seenId = lastMine && !state.outbox.length && state.theirReadSeq >= lastMine.seq ? lastMine.id : null;
  const ready = state.status === 'ready';

  return (
    <section class="sl-chat" aria-labelledby="sl-chat-title">
      <header class="sl-chat-head">
        <button type="button" class="sl-btn" onClick={onClose}>
          ← {t('back')}
        </button>
        {picture ? (
          <img class="sl-avatar" src={picture} alt="" width={40} height={40} />
        ) : (
          <span class="sl-avatar" aria-hidden="true">
            {name.charAt(0).toLocaleUpperCase(lang)}
          </span>
        )}
        <h1 id="sl-chat-title" tabIndex={-1} ref={headingRef}>
          {name}
        </h1>
      </header>

      <div class="sl-chat-log" ref={logRef} onScroll={onScroll}>
        {state.more && (
          <button type="button" class="sl-btn sl-earlier" onClick={() => chat.loadEarlier()}>
            {ct('earlier')}
          </button>
        )}
        {state.status === 'loading' && (
          <p class="sl-note" role="status">
            {t('loading')}
          </p>
        )}
        {state.status === 'error' && (
          <p class="sl-note sl-error" role="alert">
            {t('error')}{' '}
            <button type="button" class="sl-btn" onClick={() => chat.start()}>
              {t('retry')}
            </button>
          </p>
        )}
        {state.status === 'gone' && <p class="sl-note">{ct('unavailable')}</p>}
        {ready && !count && <p class="sl-note">{ct('empty')}</p>}
        <div role="log" aria-labelledby="sl-chat-title">
          {byDay(state).map(({ day, date, items }) => (
            <Fragment key={day}>
              <h2 class="sl-day">{dayLabel(date, lang)}</h2>
              <ol class="sl-msgs">
                {items.map((item) =>
                  item.kind === 'message' ? (
                    <Bubble
                      key={item.message.id}
                      message={item.message}
                      seen={item.message.id === seenId}
                      name={name}
                      lang={lang}
                      ct={ct}
                      t={t}
                    />
                  ) : (
                    <Pending
                      key={item.outgoing.clientId}
                      outgoing={item.outgoing}
                      onRetry={() => chat.retry(item.outgoing.clientId)}
                      ct={ct}
                      t={t}
                    />
                  ),
                )}
              </ol>
            </Fragment>
          ))}
        </div>
      </div>

      <p class="sl-typing" aria-live="polite">
        {state.typing ? ct('typing', name) : ''}
      </p>
      <form
        class="sl-composer"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label class="sr-only" for="sl-chat-input">
          {ct('write')}
        </label>
        <textarea
          id="sl-chat-input"
          ref={inputRef}
          rows={1}
          maxLength={MESSAGE_TEXT_MAX}
          placeholder={ct('write')}
          enterkeyhint="send"
          value={draft}
          disabled={state.status === 'gone'}
          onInput={(e) => {
            write((e.target as HTMLTextAreaElement).value);
            grow();
            chat.typed();
          }}
          onKeyDown={(e) => {
            // Enter sends, Shift+Enter is a new line; not while an input method composes a word
            if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
              e.preventDefault();
              submit();
            }
          }}
        />
        <button type="submit" class="sl-btn sl-send" disabled={!ready || !draft.trim()}>
          {ct('send')}
        </button>
      </form>
    </section>
  );
}

function Bubble(props: { message: Message; seen: boolean; name: string; lang: string; ct: ChatTranslate; t: Translate }) {
  const { message: m, seen, name, lang, ct, t } = props;
  const mine = m.senderId === null;
  return (
    <li class={`sl-msg ${mine ? 'sl-mine' : 'sl-theirs'}`}>
      <span class="sr-only">{mine ? ct('you') : name}: </span>
      <div class="sl-bubble">
        {m.deletedAt ? (
          <em class="sl-deleted">{ct('deleted')}</em>
        ) : (
          <>
            <Card message={m} ct={ct} t={t} />
            {m.text && (
              <p class="sl-msg-text">
                <LinkedText text={m.text} />
              </p>
            )}
          </>
        )}
      </div>
      <span class="sl-meta">
        <time dateTime={m.createdAt}>{timeLabel(new Date(m.createdAt), lang)}</time>
        {m.editedAt && !m.deletedAt && ` · ${ct('edited')}`}
        {seen && ` · ${ct('seen')}`}
      </span>
    </li>
  );
}

function Pending({ outgoing: o, onRetry, ct, t }: { outgoing: Outgoing; onRetry: () => void; ct: ChatTranslate; t: Translate }) {
  return (
    <li class="sl-msg sl-mine sl-pending">
      <span class="sr-only">{ct('you')}: </span>
      <div class="sl-bubble">
        <p class="sl-msg-text">
          <LinkedText text={o.text} />
        </p>
      </div>
      {o.status === 'sending' ? (
        <span class="sl-meta">{ct('sending')}</span>
      ) : (
        <span class="sl-meta sl-error" role="alert">
          {o.status === 'ratelimited' ? ct('ratelimited') : ct('notSent')} —{' '}
          <button type="button" class="sl-link" onClick={onRetry}>
            {t('retry')}
          </button>
        </span>
      )}
    </li>
  );
}
