import { useTranslation } from '../lib/translator';
import { useAuth } from '../lib/auth';
import { PATHS } from '../lib/paths';
import { AppLink } from './app-link';

/**
 * What a page shows when what it was asked for is not there (an unknown address, a list that does
 * not exist or is not the reader's): a picture, one sentence, one way on — the dashboard when
 * logged in, else the login. Never an empty page, never a silent redirect.
 */
export function NotFound({ text }: { text?: string }) {
  const { t } = useTranslation();
  const loggedIn = useAuth().status === 'authenticated';
  return (
    <div className="empty-state" role="status">
      <svg className="empty-state-picture" viewBox="0 0 120 96" aria-hidden="true">
        <path d="M20 84 44 20l28 40 12-16 20 40z" fill="var(--ion-color-light-shade, #d7d8da)" />
        <circle cx="88" cy="24" r="10" fill="var(--ion-color-primary, #1b6e5a)" opacity=".5" />
        <path
          d="M52 70h16M60 62v16"
          stroke="var(--ion-color-medium, #92949c)"
          strokeWidth="5"
          strokeLinecap="round"
          transform="rotate(45 60 70)"
        />
      </svg>
      <h1>{t('NOTFOUND.TITLE')}</h1>
      <p>{text ?? t('NOTFOUND.TEXT')}</p>
      <AppLink to={loggedIn ? PATHS.dashboard : PATHS.login} className="app-button">
        {loggedIn ? t('WIDGETS.TO_DASHBOARD') : t('NOTFOUND.TO_LOGIN')}
      </AppLink>
    </div>
  );
}
