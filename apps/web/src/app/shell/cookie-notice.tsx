import { useState } from 'react';
import { useTranslation } from '../../lib/translator';
import { ExternalLink } from '../../components/app-link';
import { config } from '../../lib/config';
import { local, STORAGE_KEYS } from '../../lib/storage';

/**
 * SPEC §2: a cookie notice bar until dismissed; the dismissal is remembered in localStorage.
 * It takes its own row under the app (it never covers a page's buttons).
 */
export function CookieNotice() {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(() => local.get(STORAGE_KEYS.cookieNotice) === '1');
  if (dismissed) return null;
  const dismiss = () => {
    local.set(STORAGE_KEYS.cookieNotice, '1');
    setDismissed(true);
  };
  return (
    <section className="cookie-notice" aria-label={t('COOKIE.LABEL')}>
      <p>
        {t('COOKIE.TEXT')} <ExternalLink href={config.privacyUrl}>{t('COOKIE.MORE')}</ExternalLink>
      </p>
      <button type="button" className="app-button" onClick={dismiss}>
        {t('COOKIE.ACCEPT')}
      </button>
    </section>
  );
}
