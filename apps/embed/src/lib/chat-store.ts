/**
 * The guest's chat with the business of one guest app, as state a view subscribes to (loaded with
 * the chat view; once started it stays alive while the view is closed, so the entry can show unread
 * messages). Every request names the app; the guest's socket is in all its conversations (one per
 * business it wrote to), so only the events of this app's conversation count — its id is known
 * from the first GET, or the answer to the first message.
 *
 * - Messages are kept by id and shown by `seq`; an answer or event replaces a message only with
 *   the same or a newer `rev`, so the HTTP answer and the realtime event of one message show once.
 * - `rev` is the revision up to which nothing was missed: an event whose `rev` jumps past it, a
 *   reconnect and a second `ready` read the changes after it (`?after=`).
 * - A message is shown at once ("Sending…") under a `clientId`; a retry sends the same id, so the
 *   server stores it once. The server's message, which carries that `clientId`, replaces it: the
 *   POST answer, the realtime event or a page, whichever comes first.
 */
import { TYPING_SHOWN_MS, type Message } from '@spotlist/contracts';
import { HttpError } from './api.ts';
import { GUEST_APP_NOT_FOUND, getGuestChat, getMessages, postMessage, postRead, type GuestChat } from './chat-api.ts';
import { ensureGuestKey, forgetGuestKey } from './guest.ts';
import { connectGuestSocket, type EventMessage, type GuestSocket } from './guest-socket.ts';

/** The contracts' ClientMessageSchema: typing at most every few seconds. */
export const TYPING_SEND_MS = 3000;

export interface Outgoing {
  clientId: string;
  text: string;
  createdAt: string;
  /** `ratelimited`: the server's 429; `failed`: anything else (offline, refused). */
  status: 'sending' | 'failed' | 'ratelimited';
}

export interface ChatState {
  /** `gone`: the guest app is unknown or off (404): there is nobody to write to. */
  status: 'idle' | 'loading' | 'ready' | 'error' | 'gone';
  business: GuestChat['business'] | null;
  messages: readonly Message[];
  outbox: readonly Outgoing[];
  /** Older messages exist. */
  more: boolean;
  /** The business's read position ("Seen"). */
  theirReadSeq: number;
  typing: boolean;
  /** A message from the business the guest has not read. */
  unread: boolean;
}

export interface Chat {
  state(): ChatState;
  subscribe(listener: () => void): () => void;
  /** Loads and connects (again after a failure); what the entry read already may be handed in. */
  start(initial?: { guestKey: string; chat: GuestChat }): void;
  /** The view is open: what arrives from the business is read. */
  setOpen(open: boolean): void;
  send(text: string): void;
  retry(clientId: string): void;
  loadEarlier(): void;
  /** The guest typed (the business is told, at most every TYPING_SEND_MS). */
  typed(): void;
  /** The composer's text, kept while the view is closed. */
  draft(): string;
  setDraft(text: string): void;
  stop(): void;
}

/** A clientId (`^[A-Za-z0-9_-]{8,64}$`); getRandomValues works without a secure context too. */
const newClientId = () => [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');

const fromBusiness = (m: Message) => m.senderId !== null;

/** The guest app is unknown or off (404 `error.guestapp.notfound`): there is nobody to write to. */
const appGone = (err: unknown) =>
  err instanceof HttpError &&
  ((err.status === 404 && err.key === GUEST_APP_NOT_FOUND) ||
    // the business blocked this guest: for the guest, writing here is simply not available
    (err.status === 403 && err.key === 'error.message.blocked'));

export function createChat(publicId: string): Chat {
  const source = { guestApp: publicId };
  const listeners = new Set<() => void>();
  const byId = new Map<number, Message>();
  let outbox: Outgoing[] = [];
  /** The business blocked this guest (the conversation says it may not write). */
  let blockedHere = false;
  let guestKey: string | null = null;
  let status: ChatState['status'] = 'idle';
  let business: GuestChat['business'] | null = null;
  /** This app's conversation; null before the guest's first message to its business. */
  let conversationId: number | null = null;
  let rev = 0;
  let more = false;
  let theirReadSeq = 0;
  let myReadSeq = 0;
  let open = false;
  let typingUntil = 0;
  let typingTimer: ReturnType<typeof setTimeout> | undefined;
  let lastTypingSent = 0;
  let socket: GuestSocket | null = null;
  let refusals = 0;
  let catching: Promise<void> | null = null;
  let catchAgain = false;
  let loadingEarlier = false;
  let snapshot: ChatState;

  const sorted = () => [...byId.values()].sort((a, b) => a.seq - b.seq);
  const topSeq = () => Math.max(0, ...[...byId.values()].map((m) => m.seq));

  function emit() {
    const messages = sorted();
    snapshot = {
      status,
      business,
      messages,
      outbox: outbox.map((o) => ({ ...o })),
      more,
      theirReadSeq,
      typing: typingUntil > Date.now(),
      unread: messages.some((m) => fromBusiness(m) && !m.deletedAt && m.seq > myReadSeq),
    };
    for (const l of listeners) l();
  }
  emit();

  /**
   * Calls with the guest's key, made when there is none. A key the server does not know (401) is
   * replaced once by a new guest: what was shown belonged to the old one.
   */
  async function keyed<T>(call: (key: string) => Promise<T>): Promise<T> {
    const key = (guestKey ??= await ensureGuestKey(source));
    try {
      return await call(key);
    } catch (err) {
      if (!(err instanceof HttpError && err.status === 401)) throw err;
      forgetGuestKey(key);
      if (guestKey === key) {
        guestKey = null;
        socket?.close();
        socket = null;
        byId.clear();
        conversationId = null;
        rev = theirReadSeq = myReadSeq = 0;
        more = false;
      }
      guestKey ??= await ensureGuestKey(source);
      connect();
      return call(guestKey);
    }
  }

  const readChat = (key: string) => getGuestChat(key, publicId);

  /** A request made on the side failed: the app may have gone meanwhile (anything else: the next event tries again). */
  function sideFailed(err: unknown) {
    if (!appGone(err)) return;
    status = 'gone';
    emit();
  }

  function applyChat(chat: GuestChat) {
    business = chat.business;
    const c = chat.conversation;
    if (!c) return;
    conversationId = c.id;
    const member = c.members.find((m) => m.id === chat.business.id) ?? c.members[0];
    theirReadSeq = Math.max(theirReadSeq, member?.readSeq ?? 0);
    myReadSeq = Math.max(myReadSeq, c.myReadSeq);
    if (!c.canWrite) blockedHere = true;
  }

  /** Adds or updates messages (a newer revision wins); a guest's new message replaces its pending copy (same `clientId`). */
  function merge(list: Message[]) {
    for (const m of list) {
      const known = byId.get(m.id);
      if (known && known.rev > m.rev) continue;
      byId.set(m.id, m);
      if (known) continue;
      if (fromBusiness(m)) {
        typingUntil = 0; // what they typed has arrived
        continue;
      }
      // the server counts a guest's own message as read by the guest
      myReadSeq = Math.max(myReadSeq, m.seq);
      if (m.clientId !== null) outbox = outbox.filter((o) => o.clientId !== m.clientId);
    }
  }

  /** A message of this conversation, from an answer or an event: a `rev` past the next one means changes were missed. */
  function received(m: Message) {
    merge([m]);
    if (m.rev === rev + 1) rev = m.rev;
    else if (m.rev > rev) void catchUp();
  }

  /** Reads the changes after `rev` (one reader at a time; asked again meanwhile, it reads once more). */
  function catchUp(): Promise<void> {
    if (catching) {
      catchAgain = true;
      return catching;
    }
    catching = (async () => {
      do {
        catchAgain = false;
        for (let again = true; again && conversationId !== null;) {
          const page = await keyed((k) => getMessages(k, publicId, { after: rev }));
          merge(page.list);
          rev = Math.max(rev, page.rev);
          again = page.more;
        }
      } while (catchAgain);
    })()
      .catch(() => {}) // the next event or reconnect tries again
      .finally(() => {
        catching = null;
        emit();
        markRead();
      });
    return catching;
  }

  /** While the view is open and on screen, what came from the business is read. */
  function markRead() {
    if (!open || document.visibilityState === 'hidden' || !guestKey) return;
    const messages = [...byId.values()];
    if (!messages.some((m) => fromBusiness(m) && m.seq > myReadSeq)) return;
    const seq = topSeq();
    const before = myReadSeq;
    myReadSeq = seq;
    emit();
    postRead(guestKey, publicId, seq).catch(() => {
      // not read after all: the next message or opening tries again
      if (myReadSeq === seq) myReadSeq = before;
      emit();
    });
  }

  function onEvent(e: EventMessage) {
    if (e.name === 'user.changed' || e.name === 'fleet.moved') return;
    // The guest's socket hears all its conversations (one per business it wrote to). Before this
    // app's exists, only a change may be its making (the guest's first message, here or in another tab).
    if (conversationId === null ? e.name !== 'conversation.changed' : e.payload.conversationId !== conversationId) return;
    switch (e.name) {
      case 'message.posted':
      case 'message.changed':
        received(e.payload.message);
        markRead();
        break;
      case 'conversation.read':
        if (e.payload.userId === null) myReadSeq = Math.max(myReadSeq, e.payload.seq);
        else theirReadSeq = Math.max(theirReadSeq, e.payload.seq);
        break;
      case 'conversation.typing':
        if (e.payload.userId === null) return; // the guest's own typing, echoed to its room
        typingUntil = Date.now() + TYPING_SHOWN_MS;
        clearTimeout(typingTimer);
        typingTimer = setTimeout(emit, TYPING_SHOWN_MS);
        break;
      case 'conversation.changed':
        // made by the guest's first message (here or in another tab), or changed by the business
        void keyed(readChat).then((chat) => {
          const known = conversationId !== null;
          applyChat(chat);
          if (!known && conversationId !== null) void catchUp(); // its first messages
          emit();
        }, sideFailed);
        break;
    }
    emit();
  }

  function connect() {
    if (socket || !guestKey) return;
    socket = connectGuestSocket({
      guestKey,
      onEvent,
      onReady(again) {
        // between the first page and this socket's room, or while it was away, events may have
        // been missed; after a gap the read positions may have moved too
        if (again)
          void keyed(readChat).then((chat) => {
            applyChat(chat);
            void catchUp();
          }, sideFailed);
        else void catchUp();
      },
      onRefused() {
        // 4401: the key is unknown, or its auth came too late. A request tells which: an unknown
        // key is replaced (and connects), a good one connects again — a few times at most.
        socket = null;
        if (++refusals > 3) return;
        void keyed(readChat).then((chat) => {
          applyChat(chat);
          connect();
        }, sideFailed);
      },
    });
  }

  async function load(initial?: { guestKey: string; chat: GuestChat }) {
    status = 'loading';
    emit();
    try {
      if (initial) guestKey = initial.guestKey;
      applyChat(initial?.chat ?? (await keyed(readChat)));
      if (conversationId !== null) {
        const page = await keyed((k) => getMessages(k, publicId, {}));
        merge(page.list);
        rev = Math.max(rev, page.rev);
        more = page.more;
      }
      status = blockedHere ? 'gone' : 'ready';
      connect();
    } catch (err) {
      status = err instanceof HttpError && err.status === 404 ? 'gone' : 'error';
    }
    emit();
    markRead();
  }

  async function deliver(entry: Outgoing) {
    try {
      const m = await keyed((k) => postMessage(k, publicId, entry.text, entry.clientId));
      outbox = outbox.filter((o) => o.clientId !== entry.clientId);
      conversationId ??= m.conversationId; // the first message made it
      received(m);
      connect();
    } catch (err) {
      const o = outbox.find((x) => x.clientId === entry.clientId);
      if (o) o.status = err instanceof HttpError && err.status === 429 ? 'ratelimited' : 'failed';
      if (appGone(err)) status = 'gone';
    }
    emit();
  }

  let draft = '';
  const chat: Chat = {
    draft: () => draft,
    setDraft(text) {
      draft = text;
    },
    state: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start(initial) {
      if (status === 'idle' || status === 'error') void load(initial);
    },
    setOpen(isOpen) {
      open = isOpen;
      markRead();
    },
    send(text) {
      const t = text.trim();
      if (!t) return;
      const entry = {
        clientId: newClientId(),
        text: t,
        createdAt: new Date().toISOString(),
        status: 'sending' as const,
      };
      outbox.push(entry);
      emit();
      void deliver(entry);
    },
    retry(clientId) {
      const o = outbox.find((x) => x.clientId === clientId);
      if (!o || o.status === 'sending') return;
      o.status = 'sending';
      emit();
      void deliver(o);
    },
    loadEarlier() {
      const first = sorted()[0];
      if (!more || loadingEarlier || !first) return;
      loadingEarlier = true;
      keyed((k) => getMessages(k, publicId, { before: first.seq }))
        .then(
          (page) => {
            merge(page.list);
            more = page.more;
          },
          () => {},
        )
        .finally(() => {
          loadingEarlier = false;
          emit();
        });
    },
    typed() {
      const now = Date.now();
      if (conversationId === null || now - lastTypingSent < TYPING_SEND_MS) return;
      if (socket?.send({ type: 'typing', conversationId })) lastTypingSent = now;
    },
    stop() {
      socket?.close();
      socket = null;
      clearTimeout(typingTimer);
      listeners.clear();
      document.removeEventListener('visibilitychange', onVisible);
    },
  };
  // back on screen with the view open: what arrived meanwhile is read now
  const onVisible = () => markRead();
  document.addEventListener('visibilitychange', onVisible);
  return chat;
}

/** One chat per guest app and page load, kept while its view is closed. */
const chats = new Map<string, Chat>();
export function chatFor(publicId: string): Chat {
  let chat = chats.get(publicId);
  if (!chat) chats.set(publicId, (chat = createChat(publicId)));
  return chat;
}

/** Stops and forgets every chat (tests). */
export function resetChats(): void {
  for (const chat of chats.values()) chat.stop();
  chats.clear();
}
