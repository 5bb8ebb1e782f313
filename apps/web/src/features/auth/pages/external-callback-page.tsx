import { ErrorKey, EXTERNAL_PROVIDERS, EXTERNAL_TOAST_MS, type ExternalProvider, type SocialLogin } from '@spotlist/contracts';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { AppLink } from '../../../components/app-link';
import { PageLayout } from '../../../components/layout/page-layout';
import { isApiError } from '../../../lib/api-client';
import { postLoginPath } from '../../../lib/auth';
import { useAppNavigate } from '../../../lib/navigation';
import { PATHS } from '../../../lib/paths';
import { useTranslation } from '../../../lib/translator';
import { endSignIn, pendingSignIn } from '../../../lib/external-sign-in';
import { finishExternalSignIn } from '../api/external';
import { askExistingPassword, askTerms } from '../social-connect-prompt';

const isProvider = (v: string | null): v is ExternalProvider => v !== null && (EXTERNAL_PROVIDERS as readonly string[]).includes(v);

/**
 * Where a provider sends the browser back (redirect URI `/auth/callback`; Apple's form_post comes
 * through the server as the fragment). Finishes the sign-in with the provider's code and state
 * (SPEC §7), prompting for the existing account's password (SPEC §2, §5) or the terms of a new
 * account where the server asks, then shows the connected toast (SPEC §4, §8) and goes on.
 */
/** The provider's answer as the address brings it (query, or the fragment Apple's form_post is handed on in). */
function readCallback(search: string, hash: string) {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const read = (k: string) => fragment.get(k) ?? query.get(k);
  const pending = pendingSignIn();
  const named = read('provider');
  const provider = isProvider(named) ? named : (pending?.provider ?? null);
  const state = read('state');
  const body: SocialLogin = state ? { state } : {};
  for (const k of ['code', 'iss', 'user', 'error'] as const) {
    const v = read(k);
    if (v) body[k] = v;
  }
  return { provider, state, body, connect: pending?.intent === 'connect' };
}

export default function ExternalCallbackPage() {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const location = useLocation();
  const [callback] = useState(() => readCallback(location.search, location.hash));
  const failed = !callback.provider || !callback.state;
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // the code leaves the address bar and the history at once
    window.history.replaceState(window.history.state, '', PATHS.externalCallback);
    const { provider, body, connect } = callback;
    const back = connect ? PATHS.profileConnections : PATHS.login;
    if (!provider || failed) {
      endSignIn();
      return;
    }

    void (async () => {
      for (;;) {
        try {
          const answer = await finishExternalSignIn(provider, body);
          endSignIn();
          if (answer.connectedProvider) {
            const { presentToast } = await import('../../../components/ionic/toast');
            void presentToast(t(`SOCIALACCOUNT.${answer.connectedProvider.toUpperCase()}.MESSAGE.CONNECTED`), EXTERNAL_TOAST_MS);
          }
          navigate(connect ? PATHS.profileConnections : postLoginPath(answer), 'root');
          return;
        } catch (error) {
          const key = isApiError(error) ? error.key : null;
          if (key === ErrorKey.existingPasswordRequired || key === ErrorKey.existingPasswordWrong) {
            const password = await askExistingPassword(t, key === ErrorKey.existingPasswordWrong);
            // dismissed: nothing further happens (SPEC §5)
            if (password === null) break;
            body.password = password;
            continue;
          }
          if (key === ErrorKey.externalTermsRequired) {
            if (!(await askTerms(t))) break;
            body.termsaccepted = true;
            continue;
          }
          // the shell showed the error toast (SPEC §8)
          break;
        }
      }
      endSignIn();
      navigate(back, 'root');
    })();
  }, [callback, failed, navigate, t]);

  return (
    <PageLayout title={t('EXTERNAL.SIGNING_IN')}>
      {failed ? (
        <div className="empty-state">
          <p role="alert">{t('EXTERNAL.NOTHING_TO_FINISH')}</p>
          <AppLink to={PATHS.login}>{t('SIGNUP.TO_LOGIN')}</AppLink>
        </div>
      ) : (
        <div className="page-loading" role="status" aria-label={t('EXTERNAL.SIGNING_IN')}>
          <span className="app-spinner" />
          <p>{t('EXTERNAL.SIGNING_IN')}</p>
        </div>
      )}
    </PageLayout>
  );
}
