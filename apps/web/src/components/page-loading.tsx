import { IonContent, IonPage } from '@ionic/react';
import { useTranslation } from 'react-i18next';

/** Shown while a lazy page loads or a guard waits (an IonPage, so Ionic's page stack stays sound). */
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
