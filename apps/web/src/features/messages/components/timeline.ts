import type { Message, MessagePage } from '@spotlist/contracts';
import type { MessageDraft } from '../api/messages';

/**
 * A conversation's messages as the page holds them, and the rules that keep them whole (pure
 * functions: the hook `use-timeline.ts` runs them in a reducer; `timeline.test.ts` checks them).
 *
 * Every change in a conversation (a new message, an edit, a delete) gets the next `rev`. The page
 * knows every change up to `rev`; a message that arrives with a higher rev than `rev + 1` (an
 * event missed while the socket was away, or posted between two of ours) is shown at once and
 * remembered in `ahead`, and the missing ones are read with `?after=rev` (the catch-up). Messages
 * are merged by id — the higher rev of one message wins (an edit, a delete) — so nothing shows
 * twice, whichever way (answer, event, catch-up) it came first.
 */

/** A message of mine on its way (optimistic): shown at once as "Sending…", or "Not sent — Retry". */
export interface PendingMessage {
  /** Sent with it (contracts MessageInputSchema): the server answers a retry with the stored message. */
  clientId: string;
  draft: MessageDraft;
  /** The quoted message of a reply, as shown above the bubble. */
  replyTo: Message['replyTo'];
  /** The attachment's name while it is sent. */
  fileName?: string;
  createdAt: string;
  state: 'sending' | 'failed';
  /** The server's message it became, seen (in an event) before the POST answered. */
  messageId?: number;
}

export interface Timeline {
  /** The server's messages by seq (oldest first). */
  messages: Message[];
  /** Every change up to this revision is merged. */
  rev: number;
  /** Revisions merged beyond `rev` (sorted): the changes between are missing. */
  ahead: number[];
  /** Older messages exist (ask with `before` = the first seq). */
  more: boolean;
  pending: PendingMessage[];
}

export const emptyTimeline = (): Timeline => ({ messages: [], rev: 0, ahead: [], more: false, pending: [] });

/** Merged by id (the higher rev wins), by seq. */
export function mergeMessages(list: readonly Message[], incoming: readonly Message[]): Message[] {
  if (incoming.length === 0) return list as Message[];
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of incoming) {
    const known = byId.get(m.id);
    if (!known || m.rev >= known.rev) byId.set(m.id, m);
  }
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/** Moves `rev` over the revisions now contiguous with it. */
function advance(rev: number, ahead: readonly number[]): { rev: number; ahead: number[] } {
  const rest = [...new Set(ahead)].filter((r) => r > rev).sort((a, b) => a - b);
  while (rest[0] === rev + 1) rev = rest.shift()!;
  return { rev, ahead: rest };
}

/** A change (`rev`) that jumps past the next one: the ones between must be read (`?after=rev`). */
export const isGap = (knownRev: number, message: Pick<Message, 'rev'>): boolean => message.rev > knownRev + 1;

/** Whether changes are missing (a catch-up is due). */
export const hasGap = (t: Timeline): boolean => t.ahead.length > 0;

/** The first page (the newest messages). */
export function fromPage(page: MessagePage): Timeline {
  return { messages: mergeMessages([], page.list), rev: page.rev, ahead: [], more: page.more, pending: [] };
}

/** An older page (`?before=`): merged; it says whether even older ones exist. Its rev moves nothing (newer changes may be missing). */
export function addOlder(t: Timeline, page: MessagePage): Timeline {
  return { ...t, messages: mergeMessages(t.messages, page.list), more: page.more };
}

const sameDraft = (draft: MessageDraft, m: Message) =>
  draft.text.trim() === m.text &&
  (draft.placeId ?? null) === m.placeId &&
  (draft.listId ?? null) === m.listId &&
  (draft.replyToId ?? null) === (m.replyTo?.id ?? null) &&
  (draft.documentId !== undefined) === (m.file !== null);

/**
 * A message of mine that arrived before its POST answered (the event is often faster) becomes its
 * pending copy, so it does not show twice meanwhile: the one with its `clientId`, or (a message
 * without one) the first pending one saying the same.
 */
function bindEchoes(pending: readonly PendingMessage[], messages: readonly Message[], myId: number | undefined): PendingMessage[] {
  if (pending.length === 0) return pending as PendingMessage[];
  const bound = new Set(pending.map((p) => p.messageId).filter((id) => id !== undefined));
  let next = pending as PendingMessage[];
  for (const m of messages) {
    if (bound.has(m.id)) continue;
    const clientId = m.clientId ?? null;
    if (clientId === null && (myId === undefined || m.senderId !== myId)) continue;
    const i = next.findIndex((p) => p.messageId === undefined && (clientId !== null ? p.clientId === clientId : sameDraft(p.draft, m)));
    if (i < 0) continue;
    next = next.map((p, j) => (j === i ? { ...p, messageId: m.id } : p));
    bound.add(m.id);
  }
  return next;
}

/** One change (an event, the answer of a send, an edit or a delete). */
export function applyChange(t: Timeline, message: Message, myId?: number): Timeline {
  const messages = mergeMessages(t.messages, [message]);
  const { rev, ahead } = message.rev > t.rev ? advance(t.rev, [...t.ahead, message.rev]) : { rev: t.rev, ahead: t.ahead };
  return { ...t, messages, rev, ahead, pending: bindEchoes(t.pending, [message], myId) };
}

/**
 * An answer of `?after=`: its changes merged. While `more` (another answer follows) the revision
 * reached is its last change's; the last answer's `rev` is the conversation's high-water mark.
 */
export function applyCatchUp(t: Timeline, page: MessagePage, myId?: number): Timeline {
  const messages = mergeMessages(t.messages, page.list);
  const reached = Math.max(t.rev, ...page.list.map((m) => m.rev), page.more ? 0 : page.rev);
  return { ...t, messages, ...advance(reached, t.ahead), pending: bindEchoes(t.pending, page.list, myId) };
}

/** The `after` of the next catch-up request once `page` answered with `more`. */
export const nextAfter = (after: number, page: MessagePage): number => Math.max(after, ...page.list.map((m) => m.rev));

export const addPending = (t: Timeline, p: PendingMessage): Timeline => ({ ...t, pending: [...t.pending, p] });

/** The POST answered: the message is merged (as a change) and the pending one goes. */
export function resolvePending(t: Timeline, clientId: string, message: Message, myId?: number): Timeline {
  const next = applyChange({ ...t, pending: t.pending.filter((p) => p.clientId !== clientId) }, message, myId);
  return next;
}

/** The POST failed: "Not sent — Retry"; unless the server's message was seen already (then it was sent). */
export function failPending(t: Timeline, clientId: string): Timeline {
  const p = t.pending.find((x) => x.clientId === clientId);
  if (p?.messageId !== undefined && t.messages.some((m) => m.id === p.messageId))
    return { ...t, pending: t.pending.filter((x) => x.clientId !== clientId) };
  return { ...t, pending: t.pending.map((x) => (x.clientId === clientId ? { ...x, state: 'failed' } : x)) };
}

export const retryPending = (t: Timeline, clientId: string): Timeline => ({
  ...t,
  pending: t.pending.map((x) => (x.clientId === clientId ? { ...x, state: 'sending' } : x)),
});

export type TimelineItem = { kind: 'message'; message: Message } | { kind: 'pending'; pending: PendingMessage };

/** What the page shows: the server's messages, then mine on their way (those not yet among them). */
export function shownItems(t: Timeline): TimelineItem[] {
  const ids = new Set(t.messages.map((m) => m.id));
  return [
    ...t.messages.map((message) => ({ kind: 'message' as const, message })),
    ...t.pending
      .filter((p) => p.messageId === undefined || !ids.has(p.messageId))
      .map((pending) => ({ kind: 'pending' as const, pending })),
  ];
}

/** A random id for a send ([A-Za-z0-9_-], 22 characters: what MessageInputSchema accepts). */
export function newClientId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const bytes = crypto.getRandomValues(new Uint8Array(22));
  return Array.from(bytes, (b) => alphabet[b & 63]).join('');
}
