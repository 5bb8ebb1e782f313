import { IonContent, IonPage } from '@ionic/react';
import { EmptyStatePicture } from '../../../components/empty-state';
import { PageHeader } from '../../../components/layout/page-header';
import { queryClient, withQueryClient } from '../../../lib/query-client';
import { useTranslation } from '../../../lib/translator';
import { categoriesQuery, NO_FILTER, overviewQuery } from '../api/overview';
import { Inbox } from '../components/inbox';
import '../../../components/empty-state.css';
import '../messages.css';

/**
 * The inbox (`/messages`): my conversations. From 1250 px the right pane waits for one to be
 * chosen (it opens as `/messages/:id`, the inbox staying beside it).
 */
function MessagesPage() {
  const { t } = useTranslation();
  return (
    <IonPage>
      <PageHeader title={t('MESSAGES.TITLE')} />
      <IonContent className="messages-content" scrollY={false}>
        <div className="messages-panes messages-panes-inbox">
          <div className="messages-pane messages-pane-inbox">
            <Inbox level={1} />
          </div>
          <div className="messages-pane messages-pane-choose" aria-hidden="true">
            <EmptyStatePicture />
            <p>{t('MESSAGES.CHOOSE')}</p>
          </div>
        </div>
      </IonContent>
    </IonPage>
  );
}

export default withQueryClient(MessagesPage);

/** The first page of the inbox and the categories, asked for at start (app/lazy-page.tsx `PageModule`). */
export function prefetch(): void {
  void queryClient.prefetchInfiniteQuery(overviewQuery(NO_FILTER));
  void queryClient.prefetchQuery(categoriesQuery());
}
