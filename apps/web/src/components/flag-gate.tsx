import type { UserFlag } from '@spotlist/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from '../lib/translator';
import { useAuth } from '../lib/auth';
import { PATHS } from '../lib/paths';
import { AppLink } from './app-link';

/**
 * SPEC §2: feature pages are only for users with their activation flag (the API refuses others
 * with 403 `error.flag.missing`). A user without it who opens the page's address sees why and a
 * way back; nothing of the page is rendered and nothing is requested.
 */
export function FlagGate({ flag, anyOf, children }: { flag: UserFlag; anyOf?: UserFlag; children: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  if (user?.[flag] === true || (anyOf !== undefined && user?.[anyOf] === true)) return children;
  return (
    <>
      <p role="alert">{t('WIDGETS.NOT_ACTIVATED')}</p>
      <p className="link-row">
        <AppLink to={PATHS.dashboard} mode="root">
          {t('WIDGETS.TO_DASHBOARD')}
        </AppLink>
      </p>
    </>
  );
}
