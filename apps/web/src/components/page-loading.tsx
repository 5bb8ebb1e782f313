import { IonContent, IonPage } from '@ionic/react';
import { useTranslation } from 'react-i18next';

/** Shown while a guard waits for the session check (an IonPage, so Ionic's page stack stays sound). */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <IonPage>
      <IonContent>
        <div className="page-loading" role="status" aria-label={t('COMMON.LOADING')}>
          <span className="app-spinner" />
        </div>
      </IonContent>
    </IonPage>
  );
}

/**
 * Shown over the current page while a lazy page's code loads. Deliberately not an IonPage: Ionic's
 * router runs the page transition for the first IonPage a route registers, so a placeholder page
 * would take the transition and leave the real page, which registers after it, invisible
 * (ion-page-invisible) on its first visit. Without one, the router waits for the real page.
 */
export function RouteLoading() {
  const { t } = useTranslation();
  return (
    <div className="route-loading" role="status" aria-label={t('COMMON.LOADING')}>
      <span className="app-spinner" />
    </div>
  );
}
