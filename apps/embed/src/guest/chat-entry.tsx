/**
 * The guest app's way into the chat with the business ("Message Hotel Adler"). Only this and the
 * one request it makes are in the guest page's first load; the chat itself (chat-panel.tsx) is
 * loaded when the guest opens it — or at once when the guest has a conversation already, so the
 * entry shows the business's new messages as they arrive. The open chat is `#chat` in the
 * address (the phone's Back closes it; a link to `/g/{publicId}#chat` opens it).
 */
import type { Ref } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { HttpError } from '../lib/api.ts';
import { getGuestChat } from '../lib/chat-api.ts';
import { readGuestKey } from '../lib/guest.ts';
import type { Translate } from '../lib/i18n.ts';

export type ChatModule = typeof import('../components/chat-panel.tsx');
let chatModule: Promise<ChatModule> | undefined;
const loadChat = () =>
  (chatModule ??= import('../components/chat-panel.tsx').catch((err: unknown) => {
    chatModule = undefined;
    throw err;
  }));

const CHAT_HASH = '#chat';
const isChatHash = () => location.hash === CHAT_HASH;

export interface ChatEntry {
  /** Whether to offer the chat: not when the guest app is unknown or off (404). */
  shown: boolean;
  unread: boolean;
  open: boolean;
  /** The chat's chunk once loaded. */
  module: ChatModule | null;
  /** The chunk could not be loaded (offline on the first visit). */
  failed: boolean;
  openChat(): void;
  closeChat(): void;
}

export function useChatEntry(publicId: string | null): ChatEntry {
  const [known, setKnown] = useState<'unknown' | 'shown' | 'hidden'>('unknown');
  const [unread, setUnread] = useState(false);
  const [open, setOpen] = useState(isChatHash);
  const [module, setModule] = useState<ChatModule | null>(null);
  const [failed, setFailed] = useState(false);
  const [gone, setGone] = useState(false);

  // What the guest's key says about this app's chat (a guest of several businesses has one
  // conversation with each). Without a key the chat is offered: opening it makes the guest.
  useEffect(() => {
    if (!publicId) return;
    const key = readGuestKey();
    if (!key) return setKnown('shown');
    let live = true;
    getGuestChat(key, publicId).then(
      (chat) => {
        if (!live) return;
        setKnown('shown');
        setUnread(!!chat.conversation?.unread);
        if (chat.conversation)
          loadChat().then(
            (m) => {
              m.chatFor(publicId).start({ guestKey: key, chat });
              if (live) setModule(m);
            },
            () => {},
          );
      },
      // 404: the guest app is unknown or off; anything else (a refused key, offline) offers the chat
      (err: unknown) => live && setKnown(err instanceof HttpError && err.status === 404 ? 'hidden' : 'shown'),
    );
    return () => {
      live = false;
    };
  }, [publicId]);

  useEffect(() => {
    const sync = () => setOpen(isChatHash());
    addEventListener('popstate', sync);
    return () => removeEventListener('popstate', sync);
  }, []);

  useEffect(() => {
    if (!open || module || known === 'hidden') return;
    setFailed(false);
    loadChat().then(setModule, () => setFailed(true));
  }, [open, module, known]);

  // Once loaded, the chat itself tells whether there is something unread, or nobody to write to.
  useEffect(() => {
    if (!module || !publicId) return;
    const chat = module.chatFor(publicId);
    const update = () => {
      const s = chat.state();
      if (s.status === 'ready') setUnread(s.unread);
      if (s.status === 'gone') {
        setKnown('hidden');
        setGone(true);
      }
    };
    update();
    return chat.subscribe(update);
  }, [module, publicId]);

  return {
    shown: known === 'shown',
    unread,
    // an open chat that finds nobody to write to says so itself
    open: open && (known !== 'hidden' || gone),
    module,
    failed,
    openChat() {
      history.pushState({ spotlistChat: true }, '', CHAT_HASH);
      setOpen(true);
    },
    closeChat() {
      if ((history.state as { spotlistChat?: boolean } | null)?.spotlistChat) history.back();
      else {
        history.replaceState(null, '', location.pathname + location.search);
        setOpen(false);
      }
    },
  };
}

function ChatIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4A2.5 2.5 0 0 1 4 13.5z"
        fill="none"
        stroke="currentColor"
        stroke-width="2"
        stroke-linejoin="round"
      />
    </svg>
  );
}

/** The button that opens the chat, with a dot for unread messages. */
export function ChatButton({
  entry,
  name,
  t,
  buttonRef,
}: {
  entry: ChatEntry;
  name: string;
  t: Translate;
  buttonRef: Ref<HTMLButtonElement>;
}) {
  return (
    <div class="sl-actions">
      <button type="button" class="sl-btn sl-chat-entry" ref={buttonRef} onClick={entry.openChat}>
        <ChatIcon />
        {t('chat').replace('{name}', name)}
        {entry.unread && (
          <>
            <span class="sl-dot" aria-hidden="true" />
            <span class="sr-only">({t('unread')})</span>
          </>
        )}
      </button>
    </div>
  );
}
