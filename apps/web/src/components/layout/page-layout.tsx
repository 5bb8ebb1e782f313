import { IonContent, IonPage } from '@ionic/react';
import type { ReactNode } from 'react';
import { useAuth } from '../../lib/auth';
import { useIsOnboarding } from '../../lib/navigation';
import { PageFooter } from './page-footer';
import { PageHeader } from './page-header';

/**
 * Every page: IonPage → IonHeader/IonToolbar → IonContent, and the footer when logged out or
 * onboarding (SPEC §2). The header and footer live here (not in app/shell) because each page
 * renders them inside its own IonPage; features may import components/, not app/.
 */
export function PageLayout({ title, children, narrow = true }: { title: string; children: ReactNode; narrow?: boolean }) {
  const { status } = useAuth();
  const onboarding = useIsOnboarding();
  return (
    <IonPage>
      <PageHeader title={title} />
      <IonContent className="ion-padding">
        <div className={narrow ? 'page-body page-body-narrow' : 'page-body'}>{children}</div>
      </IonContent>
      {(status !== 'authenticated' || onboarding) && <PageFooter />}
    </IonPage>
  );
}
