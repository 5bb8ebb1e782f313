import { IonButtons, IonHeader, IonMenuToggle, IonTitle, IonToolbar } from '@ionic/react';
import { menuOutline } from 'ionicons/icons';
import { useTranslation } from '../../lib/translator';
import { useAuth } from '../../lib/auth';
import { useIsOnboarding } from '../../lib/navigation';
import { Icon } from '../icon';
import { LanguageMenu } from './language-menu';

/**
 * SPEC §2 header: logo, title, the language menu only when logged out, the menu toggle only
 * when logged in and not onboarding, and below 1250 px (the menu is shown permanently from there:
 * layout.css). Hidden by CSS, not by IonMenuToggle's autoHide, which decides a moment after the
 * first paint and moved the title by the toggle's width as the page loaded.
 */
export function PageHeader({ title }: { title: string }) {
  const { t } = useTranslation();
  const { status } = useAuth();
  const onboarding = useIsOnboarding();
  const loggedIn = status === 'authenticated';
  return (
    <IonHeader>
      <IonToolbar>
        <IonButtons slot="start">
          {loggedIn && !onboarding && (
            <IonMenuToggle autoHide={false} className="header-menu-toggle">
              <button type="button" className="icon-button" aria-label={t('HEADER.MENU')}>
                <Icon icon={menuOutline} />
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
