import { IonButtons, IonHeader, IonMenuToggle, IonTitle, IonToolbar } from '@ionic/react';
import { menuOutline } from 'ionicons/icons';
import { useTranslation } from '../../lib/translator';
import { useAuth } from '../../lib/auth';
import { useIsOnboarding } from '../../lib/navigation';
import { useUnreadMessages } from '../../lib/unread-messages';
import { Icon } from '../icon';
import { LanguageMenu } from './language-menu';

/**
 * SPEC §2 header: logo, title, the language menu only when logged out, the menu toggle only
 * when logged in and not onboarding; the stylesheet hides it while the menu is shown
 * permanently, from 1250px. A stored session being checked counts as logged in (as the side
 * menu does), and the toggle is not IonMenuToggle's autoHide (that shows it a frame after the
 * title, which then moves right: a layout shift on every page).
 */
export function PageHeader({ title }: { title: string }) {
  const { t } = useTranslation();
  const { status } = useAuth();
  const onboarding = useIsOnboarding();
  const loggedIn = status !== 'anonymous';
  // where the menu is hidden (phones), its toggle says that messages wait, as the menu's badge does
  const unread = useUnreadMessages();
  return (
    <IonHeader>
      <IonToolbar>
        <IonButtons slot="start">
          {loggedIn && !onboarding && (
            <IonMenuToggle autoHide={false} className="header-menu-toggle">
              <button
                type="button"
                className="icon-button"
                aria-label={unread > 0 ? `${t('HEADER.MENU')} (${t('MESSAGES.UNREAD_BADGE', { count: unread })})` : t('HEADER.MENU')}
              >
                <Icon icon={menuOutline} />
                {unread > 0 && <span className="header-menu-dot" aria-hidden="true" />}
              </button>
            </IonMenuToggle>
          )}
          <img className="header-logo" src="/assets/logo.svg" alt={t('APP.LOGO_ALT')} width={32} height={32} />
        </IonButtons>
        <IonTitle>{title}</IonTitle>
        {!loggedIn && (
          <IonButtons slot="end">
            <LanguageMenu />
          </IonButtons>
        )}
      </IonToolbar>
    </IonHeader>
  );
}
