import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { AppLink } from '../../../components/app-link';
import { userProfilePath } from '../../../lib/paths';
import { useStartConversation } from '../../../lib/start-conversation';
import { useTranslation } from '../../../lib/translator';
import { PersonAvatar, type AvatarPerson } from '../../../components/person-avatar';

/**
 * "It's a match!": both said yes, so they are friends now. A modal dialog over the page (in
 * <body>, above Ionic's pages): both pictures and names, "View profile" (left out on their
 * profile itself) and Close. "Say hello" opens the conversation with them (started when there is
 * none). Focus starts on the first button and stays inside; Escape closes.
 */
export function MatchCelebration(props: {
  me: AvatarPerson;
  them: AvatarPerson & { id: number };
  onClose: () => void;
  profileLink?: boolean;
}) {
  const { me, them, onClose, profileLink = true } = props;
  const { t } = useTranslation();
  const id = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const hello = useStartConversation();
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.current?.querySelector<HTMLElement>('a, button')?.focus();
    return () => {
      if (before?.isConnected) before.focus();
    };
  }, []);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'Tab') return;
    const focusable = [...(dialog.current?.querySelectorAll<HTMLElement>('a, button') ?? [])];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last?.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first?.focus();
    }
  };
  return createPortal(
    <div className="people-match-backdrop">
      <div
        ref={dialog}
        className="people-match"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        onKeyDown={onKeyDown}
      >
        <div className="people-match-pair" aria-hidden="true">
          <PersonAvatar person={me} size="lg" />
          <svg className="people-match-heart" viewBox="0 0 512 512">
            <path d="M256 432S64 320 64 184a96 96 0 0 1 192-32 96 96 0 0 1 192 32c0 136-192 248-192 248z" />
          </svg>
          <PersonAvatar person={them} size="lg" />
        </div>
        <h2 id={`${id}-title`}>{t('PEOPLE.MATCH_TITLE')}</h2>
        <p id={`${id}-text`}>{t('PEOPLE.MATCH_TEXT', { me: me.nickname, name: them.nickname })}</p>
        <div className="people-match-actions">
          <button type="button" className="app-button" disabled={hello.busy} onClick={() => void hello.open(them.id, onClose)}>
            {t('PEOPLE.SAY_HELLO')}
          </button>
          {profileLink && (
            <span onClick={onClose}>
              <AppLink to={userProfilePath(them.id)} className="app-button app-button-outline">
                {t('PEOPLE.VIEW_PROFILE_NAMED', { name: them.nickname })}
              </AppLink>
            </span>
          )}
          <button type="button" className="app-button app-button-outline" onClick={onClose}>
            {t('COMMON.CLOSE')}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
