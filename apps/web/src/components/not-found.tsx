import { useTranslation } from '../lib/translator';
import { useAuth } from '../lib/auth';
import { PATHS } from '../lib/paths';
import { AppLink } from './app-link';
import { EmptyState } from './empty-state';

/**
 * What a page shows when what it was asked for is not there (an unknown address, a list that does
 * not exist or is not the reader's): a picture, one sentence, one way on — the dashboard when
 * logged in, else the login. Never an empty page, never a silent redirect.
 */
export function NotFound({ text }: { text?: string }) {
  const { t } = useTranslation();
  const loggedIn = useAuth().status === 'authenticated';
  return (
    <EmptyState
      role="status"
      picture="not-found"
      level={1}
      title={t('NOTFOUND.TITLE')}
      text={text ?? t('NOTFOUND.TEXT')}
      action={
        <AppLink to={loggedIn ? PATHS.dashboard : PATHS.login} className="app-button">
          {loggedIn ? t('WIDGETS.TO_DASHBOARD') : t('NOTFOUND.TO_LOGIN')}
        </AppLink>
      }
    />
  );
}
