import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { AppLink, ExternalLink } from '../../../components/app-link';
import { PageLayout } from '../../../components/layout/page-layout';
import { NotFound } from '../../../components/not-found';
import { Skeleton } from '../../../components/skeleton';
import { isApiError } from '../../../lib/api-client';
import { formatDateTime, useLocale } from '../../../lib/format';
import { useAppNavigate } from '../../../lib/navigation';
import { withQueryClient } from '../../../lib/query-client';
import { useTranslation } from '../../../lib/translator';
import { jitsiOptions, loadJitsi, type JitsiApi } from '../api/jitsi';
import { useMeetingJoin } from '../api/meeting';
import '../meetings.css';

const conversationPath = (id: number) => `/messages/${id}`;

/**
 * A video meeting (SPEC §1, §9): Jitsi Meet through its IFrame API, from the host the server names
 * (MEETING_HOST), with the server's token when it signs one. The page is opened with a full load:
 * only its own content security policy allows that host.
 */
function MeetingPage() {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const navigate = useAppNavigate();
  const id = Number(useParams<{ id: string }>().id);
  const join = useMeetingJoin(Number.isInteger(id) && id > 0 ? id : 0);
  const frame = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);

  const data = join.data;
  useEffect(() => {
    if (!data || !frame.current) return;
    let api: JitsiApi | null = null;
    let gone = false;
    setState('loading');
    loadJitsi(data.domain)
      .then((Jitsi) => {
        if (gone || !frame.current) return;
        api = new Jitsi(data.domain, jitsiOptions(data, frame.current, i18n.language));
        // the call's own "leave" ends here: back to the conversation
        api.addListener('readyToClose', () => navigate(conversationPath(data.meeting.conversationId), 'back'));
        setState('ready');
      })
      .catch(() => {
        if (!gone) setState('failed');
      });
    return () => {
      gone = true;
      api?.dispose();
    };
  }, [data, attempt, i18n.language, navigate]);

  if (join.isError) {
    const missing = isApiError(join.error) && join.error.status === 404;
    return (
      <PageLayout title={t('MEETING.TITLE')}>
        {missing ? <NotFound text={t('MEETING.NOT_FOUND')} /> : <p role="alert">{t('MEETING.LOAD_FAILED')}</p>}
      </PageLayout>
    );
  }
  if (!data) {
    return (
      <PageLayout title={t('MEETING.TITLE')}>
        <Skeleton count={3} />
      </PageLayout>
    );
  }
  const starts = data.meeting.startsAt;
  return (
    <PageLayout title={data.meeting.title ?? t('MEETING.TITLE')} narrow={false}>
      <div className="meeting-page">
        <div className="meeting-bar">
          <AppLink to={conversationPath(data.meeting.conversationId)} mode="back" className="app-button app-button-secondary">
            {t('MEETING.BACK')}
          </AppLink>
          {starts && <span className="meeting-when">{t('MEETING.SCHEDULED_FOR', { time: formatDateTime(starts, locale) })}</span>}
          {data.publicHost && (
            <ExternalLink href={`https://${data.domain}/${encodeURIComponent(data.roomName)}`} className="meeting-newtab">
              {t('MEETING.OPEN_NEW_TAB')}
            </ExternalLink>
          )}
        </div>
        {data.publicHost && (
          <p className="meeting-note" role="note">
            {t('MEETING.PUBLIC_HOST_NOTE', { host: data.domain })}
          </p>
        )}
        {state === 'failed' && (
          <div className="meeting-failed" role="alert">
            <p>{t('MEETING.HOST_UNREACHABLE', { host: data.domain })}</p>
            <button type="button" className="app-button" onClick={() => setAttempt((n) => n + 1)}>
              {t('MEETING.RETRY')}
            </button>
          </div>
        )}
        {state === 'loading' && <p className="meeting-loading">{t('MEETING.CONNECTING')}</p>}
        <div ref={frame} className="meeting-frame" data-state={state} aria-label={t('MEETING.FRAME_LABEL')} role="region" />
      </div>
    </PageLayout>
  );
}

export default withQueryClient(MeetingPage);
