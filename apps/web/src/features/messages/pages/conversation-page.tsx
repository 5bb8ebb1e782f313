import { IonContent, IonPage } from '@ionic/react';
import { useParams } from 'react-router-dom';
import { PageHeader } from '../../../components/layout/page-header';
import { NotFound } from '../../../components/not-found';
import { queryClient, withQueryClient } from '../../../lib/query-client';
import { useTranslation } from '../../../lib/translator';
import { conversationQuery } from '../api/conversation';
import { featuresQuery } from '../api/overview';
import { ConversationView } from '../components/conversation-view';
import { Inbox } from '../components/inbox';
import { useWide } from '../../../lib/use-wide';
import '../../../components/empty-state.css';
import '../messages.css';

/**
 * One conversation (`/messages/:id`). From 1250 px the inbox stays on the left (the conversation
 * marked in it), so choosing another one is one click; on a phone the conversation is the page.
 */
function ConversationPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const wide = useWide();
  const valid = Number.isInteger(id) && id > 0;
  return (
    <IonPage>
      <PageHeader title={t('MESSAGES.TITLE')} />
      <IonContent className="messages-content" scrollY={!valid}>
        {valid ? (
          <div className="messages-panes messages-panes-conversation">
            {wide && (
              <div className="messages-pane messages-pane-inbox">
                <Inbox activeId={id} level={2} />
              </div>
            )}
            <div className="messages-pane messages-pane-conversation">
              <ConversationView key={id} id={id} />
            </div>
          </div>
        ) : (
          <div className="page-body page-body-narrow ion-padding">
            <NotFound text={t('MESSAGES.NOT_FOUND')} />
          </div>
        )}
      </IonContent>
    </IonPage>
  );
}

export default withQueryClient(ConversationPage);

/** The conversation and what messaging offers, asked for at start (app/lazy-page.tsx `PageModule`). */
export function prefetch(params: Readonly<Record<string, string | undefined>>): void {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) return;
  void queryClient.prefetchQuery(conversationQuery(id));
  void queryClient.prefetchQuery(featuresQuery());
}
