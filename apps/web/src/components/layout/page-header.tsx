import { IonButtons, IonHeader, IonMenuToggle, IonTitle, IonToolbar } from '@ionic/react';
import { menuOutline } from 'ionicons/icons';
import { useTranslation } from '../../lib/translator';
import { useAuth } from '../../lib/auth';
import { useIsOnboarding } from '../../lib/navigation';
import { Icon } from '../icon';
import { LanguageMenu } from './language-menu';

/**
 * SPEC §2 header: logo, title, the language menu only when logged out, the menu toggle only
 * when logged in and not onboarding (IonMenuToggle also hides it while the menu is shown
 * permanently, from 1250px).
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
            <IonMenuToggle>
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
