import { IonContent, IonMenu, useIonRouter } from '@ionic/react';
import { useRef } from 'react';
import { arrowBackOutline } from 'ionicons/icons';
import { useTranslation } from '../../lib/translator';
import { ExternalLink } from '../../components/app-link';
import { Icon } from '../../components/icon';
import { useAppMenu } from '../../lib/app-menu';
import { useAuth } from '../../lib/auth';
import { config } from '../../lib/config';
import { usableImageUrl } from '../../lib/image';
import { useCurrentLocation, useIsOnboarding } from '../../lib/navigation';
import { useUnreadMessages } from '../../lib/unread-messages';
import { menuState } from '../menu';
import { leaveGuarded } from '../../lib/leave-guard';

/**
 * SPEC §2 side menu: the user's picture (or logo, or a dummy image) and e-mail, a back button
 * when navigation can go back, the page list (hidden while onboarding), a logo link to the
 * external site. Disabled when logged out and during onboarding.
 * The entries are native buttons (one accessible button each, no ion-item in the first bundle).
 */
/**
 * Closes the overlay menu after an entry was chosen. Ionic ignores a close (and IonMenuToggle's
 * toggle) while the menu is still sliding in: an entry tapped then opened its page with the menu
 * left open over it. Such a close waits for the opening to end. Nothing to do when the menu is
 * closed or shown beside the page (from 1250 px).
 */
export async function closeMenu(menu: HTMLIonMenuElement | null): Promise<void> {
  if (!menu || (await menu.close())) return;
  if (!menu.classList.contains('show-menu')) return;
  await new Promise<void>((resolve) => {
    const settled = (event: Event) => {
      menu.removeEventListener('ionDidOpen', settled);
      menu.removeEventListener('ionDidClose', settled);
      if (event.type === 'ionDidOpen') void menu.close();
      resolve();
    };
    menu.addEventListener('ionDidOpen', settled);
    menu.addEventListener('ionDidClose', settled);
  });
}

export function SideMenu({ contentId }: { contentId: string }) {
  const { t } = useTranslation();
  const { status, user } = useAuth();
  const onboarding = useIsOnboarding();
  const { pathname } = useCurrentLocation();
  const router = useIonRouter();
  const items = useAppMenu();
  const unreadMessages = useUnreadMessages();
  const menu = useRef<HTMLIonMenuElement>(null);
  const choose = (action: () => void) => () => {
    action();
    void closeMenu(menu.current);
  };
  // While a stored session is being checked the pane already takes its place (empty): from 1250 px
  // the pages are then laid out beside it from the first frame instead of moving over when the
  // check answers. Its entries come with the user.
  const checking = status === 'checking';
  const state = menuState(status !== 'anonymous', onboarding);
  const picture =
    usableImageUrl(user?.picturedocument?.urlThumb240) ?? usableImageUrl(user?.logodocument?.urlThumb240) ?? '/assets/dummy-user.svg';

  return (
    <IonMenu ref={menu} contentId={contentId} type="overlay" disabled={!state.enabled}>
      <IonContent>
        {!checking && (
          <>
            <div className="side-menu-user">
              <img src={picture} alt="" width={72} height={72} className="side-menu-picture" />
              {user && <p className="side-menu-email">{user.email}</p>}
            </div>
            {state.enabled && router.canGoBack() && (
              <button type="button" className="side-menu-item" onClick={choose(() => leaveGuarded(pathname, () => router.goBack(), t))}>
                <Icon icon={arrowBackOutline} />
                <span>{t('MENU.BACK')}</span>
              </button>
            )}
            {state.showPageList && (
              <nav aria-label={t('MENU.LABEL')}>
                <ul className="side-menu-list">
                  {items.map((item) => (
                    <li key={item.id}>
                      <button
                        type="button"
                        className={item.active ? 'side-menu-item side-menu-item-active' : 'side-menu-item'}
                        aria-current={item.active ? 'page' : undefined}
                        onClick={choose(item.select)}
                      >
                        <Icon icon={item.icon} />
                        <span>{t(item.titleKey)}</span>
                        {item.id === 'notices' && !!user?.notices?.unread && (
                          <span className="badge" aria-label={t('NOTICES.UNREAD', { count: user.notices.unread })}>
                            {user.notices.unread}
                          </span>
                        )}
                        {item.id === 'messages' && unreadMessages > 0 && (
                          <span className="badge" aria-label={t('MESSAGES.UNREAD_BADGE', { count: unreadMessages })}>
                            {unreadMessages}
                          </span>
                        )}
                      </button>
                    </li>
                  ))}
                </ul>
              </nav>
            )}
            <ExternalLink href={config.logoLinkUrl} className="side-menu-logo">
              <img src="/assets/logo.svg" alt={t('APP.LOGO_LINK')} width={48} height={48} />
            </ExternalLink>
          </>
        )}
      </IonContent>
    </IonMenu>
  );
}
