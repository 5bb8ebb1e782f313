import { MEETING_TITLE_MAX, MESSAGE_TEXT_MAX, UploadStatus, type Message } from '@spotlist/contracts';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { TextInput } from '../../../components/text-input';
import { UploadMessageText, UploadProgress } from '../../../components/upload-progress';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { formatNumber, useLocale } from '../../../lib/format';
import { pluralKey } from '../../../lib/plural';
import { useTranslation } from '../../../lib/translator';
import { uploadDocument } from '../../../lib/uploads/transport';
import { useUploadQueue } from '../../../lib/uploads/use-upload-queue';
import { createMeeting, useLikedPlaces, useMyLists, type MessageDraft } from '../api/messages';
import { CHARACTERS_LEFT } from './texts';
import type { PendingMessage } from './timeline';

/** The counter shows this close to MESSAGE_TEXT_MAX. */
const COUNTER_FROM = 200;

/** Network and server trouble is tried again by the upload queue; a refused file is not. */
const retryableUpload = (error: unknown): boolean =>
  isApiError(error) ? error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500 : false;

type Panel = 'share' | 'schedule' | null;

/** My liked places and my lists, each with Share: what a message can carry as a card. */
function SharePicker({ onShare }: { onShare: (draft: MessageDraft) => void }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<'places' | 'lists'>('places');
  const places = useLikedPlaces(kind === 'places');
  const lists = useMyLists(kind === 'lists');
  const rows: { id: number; name: string; draft: MessageDraft }[] =
    kind === 'places'
      ? (places.data ?? []).map((p) => ({ id: p.id, name: p.name, draft: { text: '', placeId: p.id } }))
      : (lists.data ?? []).map((l) => ({ id: l.id, name: l.name, draft: { text: '', listId: l.id } }));
  const pending = kind === 'places' ? places.isPending : lists.isPending;
  return (
    <section className="messages-panel" aria-label={t('MESSAGES.SHARE_TITLE')}>
      <div className="row-actions" role="group" aria-label={t('MESSAGES.SHARE_TITLE')}>
        <button type="button" className="messages-toggle" aria-pressed={kind === 'places'} onClick={() => setKind('places')}>
          {t('MESSAGES.SHARE_PLACES')}
        </button>
        <button type="button" className="messages-toggle" aria-pressed={kind === 'lists'} onClick={() => setKind('lists')}>
          {t('MESSAGES.SHARE_LISTS')}
        </button>
      </div>
      {pending ? (
        <p className="form-hint">{t('COMMON.LOADING')}</p>
      ) : rows.length === 0 ? (
        <p className="form-hint">{t(kind === 'places' ? 'MESSAGES.SHARE_NO_PLACES' : 'MESSAGES.SHARE_NO_LISTS')}</p>
      ) : (
        <ul className="messages-share-list">
          {rows.map((row) => (
            <li key={row.id}>
              <span>{row.name}</span>
              <button
                type="button"
                className="app-button app-button-small app-button-outline"
                aria-label={t('MESSAGES.SHARE_NAMED', { name: row.name })}
                onClick={() => onShare(row.draft)}
              >
                {t('MESSAGES.SHARE')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** "Schedule a call": a title and a local date and time, sent as an ISO moment. */
function ScheduleForm({ conversationId, onCreated }: { conversationId: number; onCreated: (message: Message) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [title, setTitle] = useState('');
  const [when, setWhen] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const startsAt = new Date(when);
    if (!when || Number.isNaN(startsAt.getTime())) return setError(t('MESSAGES.SCHEDULE_WHEN_MISSING'));
    setBusy(true);
    setError(null);
    try {
      onCreated(await createMeeting(conversationId, { title: title.trim() || undefined, startsAt: startsAt.toISOString() }));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="messages-panel messages-schedule" onSubmit={(e) => void submit(e)} aria-label={t('MESSAGES.SCHEDULE_CALL')}>
      <TextInput label={t('MESSAGES.SCHEDULE_TITLE')} value={title} onValue={(v) => setTitle(v.slice(0, MEETING_TITLE_MAX))} />
      <div className="plain-input">
        <label htmlFor={`${id}-when`}>{t('MESSAGES.SCHEDULE_WHEN')}</label>
        <input id={`${id}-when`} type="datetime-local" value={when} onChange={(e) => setWhen(e.target.value)} required />
      </div>
      <button type="submit" className="app-button" disabled={busy}>
        {t('MESSAGES.SCHEDULE_SUBMIT')}
      </button>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

export interface ComposerProps {
  conversationId: number;
  replyTo: Message | null;
  replyName: string;
  onCancelReply: () => void;
  onSend: (draft: MessageDraft, extra?: Pick<PendingMessage, 'replyTo' | 'fileName'>) => void;
  onTyping: () => void;
  /** A meeting was created (its message): `now` for a call to join at once. */
  onMeeting: (message: Message, now: boolean) => void;
  /**
   * Files and video calls (not in a guest conversation: the guest has no session the file routes
   * or a meeting know — error.message.guestfile, error.conversation.notallowed).
   */
  files: boolean;
}

/**
 * Writing: a textarea (Enter sends, Shift+Enter starts a new line; a counter near
 * MESSAGE_TEXT_MAX), the reply being written, and the tools — attach a file (uploaded with its
 * progress, then sent), share a liked place or a list, start a video call or schedule one.
 */
export function Composer({ conversationId, replyTo, replyName, onCancelReply, onSend, onTyping, onMeeting, files }: ComposerProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const [text, setText] = useState('');
  const [panel, setPanel] = useState<Panel>(null);
  const [calling, setCalling] = useState(false);
  const [callError, setCallError] = useState<string | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const { queue, state } = useUploadQueue<number>({
    // POST /api/document/upload, or resumably (tus loads then) for a big file
    send: async (item, hooks) => (await uploadDocument(item.file, { fileName: item.fileName }, hooks)).id,
    retryable: retryableUpload,
    onDone: (item) => {
      onSend({ text: '', documentId: item.result! }, { replyTo: null, fileName: item.fileName });
      queue.remove(item.id);
    },
  });
  const left = MESSAGE_TEXT_MAX - text.length;
  const reply = replyTo
    ? { id: replyTo.id, seq: replyTo.seq, senderId: replyTo.senderId, text: replyTo.text, deleted: replyTo.deletedAt !== null }
    : null;

  const submit = () => {
    const trimmed = text.trim();
    if (!trimmed) return;
    onSend({ text: trimmed, ...(replyTo ? { replyToId: replyTo.id } : {}) }, { replyTo: reply });
    setText('');
    onCancelReply();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    submit();
  };
  const callNow = async () => {
    setCalling(true);
    setCallError(null);
    try {
      onMeeting(await createMeeting(conversationId, {}), true);
    } catch (error) {
      setCallError(errorText(error));
    } finally {
      setCalling(false);
    }
  };
  const toggle = (p: Panel) => setPanel((current) => (current === p ? null : p));
  const uploading = state.items.filter((it) => it.status !== UploadStatus.Done);

  return (
    <div className="messages-composer">
      {panel === 'share' && (
        <SharePicker
          onShare={(draft) => {
            onSend(draft);
            setPanel(null);
          }}
        />
      )}
      {panel === 'schedule' && (
        <ScheduleForm
          conversationId={conversationId}
          onCreated={(message) => {
            onMeeting(message, false);
            setPanel(null);
          }}
        />
      )}
      {uploading.map((item) => (
        <UploadProgress key={item.id} item={item} onCancel={() => queue.cancel(item.id)} onRetry={() => void queue.retry(item.id)} />
      ))}
      <UploadMessageText kind={state.message} />
      {callError && (
        <p className="form-error" role="alert">
          {callError}
        </p>
      )}
      {replyTo && (
        <div className="messages-replying">
          <span>
            {t('MESSAGES.REPLYING_TO', { name: replyName })}
            <span className="messages-replying-text">{replyTo.text || t('MESSAGES.ATTACHMENT')}</span>
          </span>
          <button type="button" className="app-button app-button-small app-button-clear" onClick={onCancelReply}>
            {t('MESSAGES.CANCEL_REPLY')}
          </button>
        </div>
      )}
      <form
        className="messages-write"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label htmlFor={`${id}-text`} className="visually-hidden">
          {t('MESSAGES.WRITE_LABEL')}
        </label>
        <textarea
          id={`${id}-text`}
          className="messages-textarea"
          value={text}
          rows={Math.min(6, Math.max(1, text.split('\n').length))}
          maxLength={MESSAGE_TEXT_MAX}
          placeholder={t('MESSAGES.WRITE_PLACEHOLDER')}
          aria-describedby={left <= COUNTER_FROM ? `${id}-counter` : undefined}
          onKeyDown={onKeyDown}
          onChange={(e) => {
            setText(e.target.value);
            if (e.target.value.trim()) onTyping();
          }}
        />
        <button type="submit" className="app-button" disabled={!text.trim()}>
          {t('MESSAGES.SEND')}
        </button>
        {left <= COUNTER_FROM && (
          <p id={`${id}-counter`} className={left === 0 ? 'messages-counter field-error' : 'messages-counter form-hint'} aria-live="polite">
            {t(pluralKey(locale, CHARACTERS_LEFT, left), { count: formatNumber(left, locale) })}
          </p>
        )}
      </form>
      <div className="messages-tools">
        {files && (
          <>
            <input
              ref={file}
              type="file"
              className="visually-hidden"
              tabIndex={-1}
              aria-hidden="true"
              onChange={(e) => {
                const picked = e.target.files?.[0];
                e.target.value = '';
                if (!picked) return;
                queue.add(picked);
                void queue.uploadAll();
              }}
            />
            <button type="button" className="app-button app-button-small app-button-outline" onClick={() => file.current?.click()}>
              {t('MESSAGES.ATTACH')}
            </button>
          </>
        )}
        <button
          type="button"
          className="app-button app-button-small app-button-outline"
          aria-expanded={panel === 'share'}
          onClick={() => toggle('share')}
        >
          {t('MESSAGES.SHARE_PLACE')}
        </button>
        {files && (
          <>
            <button
              type="button"
              className="app-button app-button-small app-button-outline"
              disabled={calling}
              onClick={() => void callNow()}
            >
              {t('MESSAGES.CALL_NOW')}
            </button>
            <button
              type="button"
              className="app-button app-button-small app-button-outline"
              aria-expanded={panel === 'schedule'}
              onClick={() => toggle('schedule')}
            >
              {t('MESSAGES.SCHEDULE_CALL')}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
