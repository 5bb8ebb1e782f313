import type { ExternalProvider, ExternalProviders } from '@spotlist/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/translator';
import { ProviderMark } from '../../../components/provider-mark';
import { startExternalSignIn } from '../../../lib/external-sign-in';
import { isNativePlatform } from '../../../lib/platform';
import { getExternalProviders } from '../api/external';
import './provider-buttons.css';

/**
 * "Continue with Apple / Facebook / LinkedIn / apaleo …" for the providers this server is
 * configured for (none configured: nothing at all). On the signup page `before` checks the form
 * (the terms) and gives the account type; a provider login makes the account with them.
 */
export function ProviderButtons({ before }: { before?: () => Promise<{ accountType: { id: 1 | 2 | 4 }; termsaccepted: boolean } | null> }) {
  const { t } = useTranslation();
  const [providers, setProviders] = useState<ExternalProviders['list']>([]);
  const [busy, setBusy] = useState<ExternalProvider | null>(null);
  useEffect(() => {
    // the shells would leave the app for the provider's page and not come back to it: their
    // platform sign-in (which the server takes) is not wired yet, so nothing is offered there
    if (isNativePlatform()) return;
    let live = true;
    getExternalProviders()
      .then((p) => live && setProviders(p.list.filter((x) => x.login)))
      // without the list, the page is the password form alone
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (providers.length === 0) return null;

  const go = async (provider: ExternalProvider) => {
    const extra = before ? await before() : {};
    if (extra === null) return;
    setBusy(provider);
    try {
      await startExternalSignIn(provider, 'login', extra);
    } catch {
      // the shell shows the error toast (SPEC §8)
      setBusy(null);
    }
  };

  const button = (p: ExternalProviders['list'][number]) => (
    <button
      key={p.provider}
      type="button"
      className={`app-button app-button-block provider-button provider-${p.provider}`}
      disabled={busy !== null}
      aria-busy={busy === p.provider}
      onClick={() => void go(p.provider)}
    >
      <ProviderMark provider={p.provider} />
      <span>{t('EXTERNAL.CONTINUE_WITH', { provider: t(`EXTERNAL.PROVIDER.${p.provider.toUpperCase()}`) })}</span>
    </button>
  );

  return (
    <section className="provider-buttons" aria-label={t('EXTERNAL.OR_CONTINUE')}>
      <p className="provider-divider">
        <span>{t('EXTERNAL.OR_CONTINUE')}</span>
      </p>
      {providers.filter((p) => !p.businessOnly).map(button)}
      {providers.some((p) => p.businessOnly) && <p className="provider-group">{t('EXTERNAL.FOR_BUSINESS')}</p>}
      {providers.filter((p) => p.businessOnly).map(button)}
    </section>
  );
}
