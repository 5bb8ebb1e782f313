import { MESSAGE_REPORT_REASONS, MESSAGE_TEXT_MAX, type Message, type MessageReportReason } from '@spotlist/contracts';
import { useId, useState, type ReactNode } from 'react';
import { errorText } from '../../../lib/error-text';
import { useLocale } from '../../../lib/format';
import { useTranslation, type TFunction } from '../../../lib/translator';
import { deleteMessage, editMessage, reportMessage, translateMessage } from '../api/messages';
import { timeOf } from './dates';
import { LinkifiedText } from './linkify';
import { FileCard, ListCard, MeetingCard, PlaceCard } from './message-cards';
import { REPORT_REASON_KEYS } from './texts';
import type { PendingMessage } from './timeline';

/** The quoted message of a reply, above the bubble. */
function Quote({ replyTo, nameOf }: { replyTo: NonNullable<Message['replyTo']>; nameOf: (id: number | null) => string }) {
  const { t } = useTranslation();
  return (
    <blockquote className="messages-quote">
      <span className="messages-quote-name">{nameOf(replyTo.senderId)}</span>
      <span className="messages-quote-text">{replyTo.deleted ? t('MESSAGES.DELETED') : replyTo.text || t('MESSAGES.ATTACHMENT')}</span>
    </blockquote>
  );
}

/** What a message carries besides its text. */
function Cards({ message }: { message: Pick<Message, 'placeId' | 'listId' | 'file' | 'meeting'> }) {
  return (
    <>
      {message.placeId !== null && <PlaceCard placeId={message.placeId} />}
      {message.listId !== null && <ListCard listId={message.listId} />}
      {message.file && <FileCard file={message.file} />}
      {message.meeting && <MeetingCard meeting={message.meeting} />}
    </>
  );
}

/** Asks why a message is reported: an ion-alert with one radio per MESSAGE_REPORT_REASONS key (null: cancelled). */
async function askReason(t: TFunction): Promise<MessageReportReason | null> {
  const { presentAlert } = await import('../../../components/ionic/alert');
  const { role, data } = await presentAlert({
    header: t('MESSAGES.REPORT_TITLE'),
    message: t('MESSAGES.REPORT_MESSAGE'),
    inputs: MESSAGE_REPORT_REASONS.map((reason, i) => ({
      type: 'radio' as const,
      label: t(REPORT_REASON_KEYS[reason]),
      value: reason,
      checked: i === 0,
    })),
    buttons: [
      { text: t('COMMON.CANCEL'), role: 'cancel' },
      { text: t('MESSAGES.REPORT_SEND'), role: 'confirm' },
    ],
  });
  if (role !== 'confirm') return null;
  const value = (data as { values?: unknown } | undefined)?.values;
  return MESSAGE_REPORT_REASONS.find((r) => r === value) ?? null;
}

function Bubble({ mine, children, label }: { mine: boolean; children: ReactNode; label?: string }) {
  return (
    <div className={mine ? 'messages-bubble messages-bubble-mine' : 'messages-bubble'} aria-label={label}>
      {children}
    </div>
  );
}

export interface MessageItemProps {
  message: Message;
  mine: boolean;
  /** The sender's name above theirs in a group; null where the header names them. */
  senderName: string | null;
  nameOf: (userId: number | null) => string;
  /** "Seen" / "Seen by 2" under my last message. */
  receipt: string | null;
  canWrite: boolean;
  /** Translate is offered (GET /api/messaging/features). */
  translation: boolean;
  onReply: (message: Message) => void;
  onChanged: (message: Message) => void;
}

/**
 * One message: mine on the right, theirs on the left, the sender's name in a group, the quote of a
 * reply, the text with its links, the cards, the time and "edited", and under "More" the actions:
 * Reply, Edit and Delete (mine), Report and Translate (theirs).
 */
export function MessageItem(props: MessageItemProps) {
  const { message, mine, senderName, nameOf, receipt, canWrite, translation, onReply, onChanged } = props;
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ kind: 'status' | 'alert'; text: string } | null>(null);
  const [translated, setTranslated] = useState<string | null>(null);
  const [showOriginal, setShowOriginal] = useState(false);
  const deleted = message.deletedAt !== null;
  const editable = mine && !deleted && message.meeting === null && canWrite;

  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    setNote(null);
    try {
      await fn();
    } catch (error) {
      setNote({ kind: 'alert', text: errorText(error) });
    } finally {
      setBusy(false);
    }
  };
  const save = () =>
    run(async () => {
      const text = editing?.trim() ?? '';
      onChanged(await editMessage(message.id, text));
      setEditing(null);
      setOpen(false);
    });
  const remove = () =>
    run(async () => {
      onChanged(await deleteMessage(message.id));
      setConfirmDelete(false);
      setOpen(false);
    });
  const report = async () => {
    const reason = await askReason(t);
    if (!reason) return;
    await run(async () => {
      await reportMessage(message.id, reason);
      setNote({ kind: 'status', text: t('MESSAGES.REPORT_SENT') });
      setOpen(false);
    });
  };
  const translate = () =>
    run(async () => {
      setTranslated((await translateMessage(message.id)).text);
      setShowOriginal(false);
      setOpen(false);
    });

  const shownText = translated !== null && !showOriginal ? translated : message.text;
  return (
    <div className={mine ? 'messages-item messages-item-mine' : 'messages-item'} id={`message-${message.seq}`}>
      {senderName && <span className="messages-sender">{senderName}</span>}
      {message.replyTo && !deleted && <Quote replyTo={message.replyTo} nameOf={nameOf} />}
      <Bubble mine={mine}>
        {deleted ? (
          <p className="messages-text messages-deleted">{t('MESSAGES.DELETED')}</p>
        ) : editing !== null ? (
          <form
            className="messages-edit"
            onSubmit={(e) => {
              e.preventDefault();
              if (editing.trim()) void save();
            }}
          >
            <label htmlFor={`${id}-edit`} className="visually-hidden">
              {t('MESSAGES.EDIT_LABEL')}
            </label>
            <textarea
              id={`${id}-edit`}
              className="messages-edit-text"
              value={editing}
              maxLength={MESSAGE_TEXT_MAX}
              rows={Math.min(6, Math.max(2, editing.split('\n').length))}
              onChange={(e) => setEditing(e.target.value)}
            />
            <span className="row-actions">
              <button type="submit" className="app-button app-button-small" disabled={busy || !editing.trim()}>
                {t('MESSAGES.SAVE')}
              </button>
              <button type="button" className="app-button app-button-small app-button-clear" onClick={() => setEditing(null)}>
                {t('COMMON.CANCEL')}
              </button>
            </span>
          </form>
        ) : (
          <>
            {shownText && (
              <p className="messages-text" lang={translated !== null && !showOriginal ? locale : undefined}>
                <LinkifiedText text={shownText} />
              </p>
            )}
            <Cards message={message} />
          </>
        )}
      </Bubble>
      {translated !== null && !deleted && (
        <p className="messages-translated">
          <span>{showOriginal ? t('MESSAGES.ORIGINAL') : t('MESSAGES.TRANSLATED')}</span>
          <button type="button" className="messages-link-button" onClick={() => setShowOriginal((v) => !v)}>
            {showOriginal ? t('MESSAGES.SHOW_TRANSLATION') : t('MESSAGES.SHOW_ORIGINAL')}
          </button>
        </p>
      )}
      <p className="messages-meta">
        <time dateTime={message.createdAt}>{timeOf(message.createdAt, locale)}</time>
        {message.editedAt && !deleted && <span>{t('MESSAGES.EDITED')}</span>}
        {receipt && <span className="messages-receipt">{receipt}</span>}
        {!deleted && editing === null && (
          <button
            type="button"
            className="messages-more"
            aria-expanded={open}
            aria-controls={`${id}-actions`}
            aria-label={t('MESSAGES.ACTIONS')}
            onClick={() => {
              setOpen((v) => !v);
              setConfirmDelete(false);
            }}
          >
            ⋯
          </button>
        )}
      </p>
      {open && !deleted && editing === null && (
        <div id={`${id}-actions`} className="row-actions messages-actions" role="group" aria-label={t('MESSAGES.ACTIONS')}>
          {confirmDelete ? (
            <>
              <span>{t('MESSAGES.DELETE_CONFIRM')}</span>
              <button type="button" className="app-button app-button-small app-button-danger" disabled={busy} onClick={() => void remove()}>
                {t('COMMON.YES')}
              </button>
              <button type="button" className="app-button app-button-small app-button-clear" onClick={() => setConfirmDelete(false)}>
                {t('COMMON.NO')}
              </button>
            </>
          ) : (
            <>
              {canWrite && (
                <button
                  type="button"
                  className="app-button app-button-small app-button-clear"
                  onClick={() => {
                    onReply(message);
                    setOpen(false);
                  }}
                >
                  {t('MESSAGES.REPLY')}
                </button>
              )}
              {editable && message.text !== '' && (
                <button type="button" className="app-button app-button-small app-button-clear" onClick={() => setEditing(message.text)}>
                  {t('MESSAGES.EDIT')}
                </button>
              )}
              {mine && (
                <button type="button" className="app-button app-button-small app-button-clear" onClick={() => setConfirmDelete(true)}>
                  {t('MESSAGES.DELETE')}
                </button>
              )}
              {!mine && translation && message.text !== '' && (
                <button
                  type="button"
                  className="app-button app-button-small app-button-clear"
                  disabled={busy}
                  onClick={() => void translate()}
                >
                  {t('MESSAGES.TRANSLATE')}
                </button>
              )}
              {!mine && (
                <button
                  type="button"
                  className="app-button app-button-small app-button-clear"
                  disabled={busy}
                  onClick={() => void report()}
                >
                  {t('MESSAGES.REPORT')}
                </button>
              )}
            </>
          )}
        </div>
      )}
      {note && (
        <p className={note.kind === 'status' ? 'form-success messages-note' : 'form-error messages-note'} role={note.kind}>
          {note.text}
        </p>
      )}
    </div>
  );
}

/** A message of mine on its way: "Sending…", or "Not sent" with Retry. */
export function PendingItem({
  pending,
  nameOf,
  onRetry,
}: {
  pending: PendingMessage;
  nameOf: (id: number | null) => string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const { draft } = pending;
  return (
    <div className="messages-item messages-item-mine messages-item-pending">
      {pending.replyTo && <Quote replyTo={pending.replyTo} nameOf={nameOf} />}
      <Bubble mine>
        {draft.text && (
          <p className="messages-text">
            <LinkifiedText text={draft.text} />
          </p>
        )}
        <Cards message={{ placeId: draft.placeId ?? null, listId: draft.listId ?? null, file: null, meeting: null }} />
        {pending.fileName && <p className="messages-text">{pending.fileName}</p>}
      </Bubble>
      <p className="messages-meta" role={pending.state === 'failed' ? 'alert' : 'status'}>
        {pending.state === 'sending' ? (
          <span>{t('MESSAGES.SENDING')}</span>
        ) : (
          <>
            <span className="messages-failed">{t('MESSAGES.NOT_SENT')}</span>
            <button type="button" className="messages-link-button" onClick={onRetry}>
              {t('MESSAGES.RETRY')}
            </button>
          </>
        )}
      </p>
    </div>
  );
}
