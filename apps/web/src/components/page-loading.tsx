import { IonContent, IonPage } from '@ionic/react';
import { useTranslation } from '../lib/translator';

/** The spinner of a page whose content is on its way (pages use it inside their layout). */
export function LoadingStatus() {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="status" aria-label={t('COMMON.LOADING')}>
      <span className="app-spinner" />
    </div>
  );
}

/** Shown while a guard waits for the session check (an IonPage, so Ionic's page stack stays sound). */
export function PageLoading() {
  return (
    <IonPage>
      <IonContent>
        <LoadingStatus />
      </IonContent>
    </IonPage>
  );
}

/** Shown over the current page while a lazy page's code loads; not an IonPage (docs/decisions/0014). */
export function RouteLoading() {
  const { t } = useTranslation();
  return (
    <div className="route-loading" role="status" aria-label={t('COMMON.LOADING')}>
      <span className="app-spinner" />
    </div>
  );
}
