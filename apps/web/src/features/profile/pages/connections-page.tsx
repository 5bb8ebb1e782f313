import { AccountType, EXTERNAL_TOAST_MS, type ExternalAccount, type ExternalProviders } from '@spotlist/contracts';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { PageLayout } from '../../../components/layout/page-layout';
import { LoadingStatus } from '../../../components/page-loading';
import { useAuth } from '../../../lib/auth';
import { errorText } from '../../../lib/error-text';
import { formatDate, formatDateTime, useLocale } from '../../../lib/format';
import { isNativePlatform } from '../../../lib/platform';
import { withQueryClient } from '../../../lib/query-client';
import { useTranslation } from '../../../lib/translator';
import { ProviderMark } from '../../../components/provider-mark';
import { startExternalSignIn } from '../../../lib/external-sign-in';
import { useConnectionMedia, useConnections, useDisconnect } from '../api/external-accounts';
import '../../../components/card.css';
import './connections-page.css';

type ProviderInfo = ExternalProviders['list'][number];

/**
 * Profile → Connected accounts (SPEC §1, §4, §8): a card per configured provider with the
 * connection's health (connected as, since, last refresh, access granted, broken → reconnect),
 * connect and disconnect with the connection toasts (3000 ms). Business-only providers (booking
 * suite, apaleo) are offered to business accounts only.
 */
function ConnectionsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const connections = useConnections(user?.id ?? 0);
  const business = user?.accountType.id === AccountType.business;
  const providers = (connections.data?.providers ?? []).filter((p) => business || !p.businessOnly);

  return (
    <PageLayout title={t('CONNECTIONS.TITLE')} narrow={false}>
      <h1>{t('CONNECTIONS.TITLE')}</h1>
      <p className="page-intro">{t('CONNECTIONS.INTRO')}</p>
      {connections.isPending ? (
        <LoadingStatus />
      ) : connections.isError ? (
        <p role="alert">{t('ERROR.error.unknown')}</p>
      ) : providers.length === 0 ? (
        <EmptyState title={t('CONNECTIONS.NONE_TITLE')} text={t('CONNECTIONS.NONE_TEXT')} />
      ) : (
        <div className="card-grid connection-cards">
          {providers.map((p) => (
            <ConnectionCard key={p.provider} info={p} account={connections.data!.accounts.find((a) => a.provider === p.provider) ?? null} />
          ))}
        </div>
      )}
    </PageLayout>
  );
}

function ConnectionCard({ info, account }: { info: ProviderInfo; account: ExternalAccount | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const disconnect = useDisconnect();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const name = t(`EXTERNAL.PROVIDER.${info.provider.toUpperCase()}`);
  const broken = account?.status === 'broken';

  const connect = async () => {
    setBusy(true);
    setMessage(null);
    try {
      await startExternalSignIn(info.provider, 'connect');
    } catch (error) {
      setMessage(errorText(error));
      setBusy(false);
    }
  };

  const askDisconnect = async () => {
    if (!account) return;
    setMessage(null);
    const { presentAlert } = await import('../../../components/ionic/alert');
    const { role } = await presentAlert({
      header: t('CONNECTIONS.DISCONNECT_TITLE', { provider: name }),
      message: t('CONNECTIONS.DISCONNECT_MESSAGE', { provider: name }),
      buttons: [
        { text: t('COMMON.CANCEL'), role: 'cancel' },
        { text: t('CONNECTIONS.DISCONNECT'), role: 'destructive' },
      ],
    });
    if (role !== 'destructive') return;
    try {
      await disconnect.mutateAsync(account.id);
      const { presentToast } = await import('../../../components/ionic/toast');
      void presentToast(t(`SOCIALACCOUNT.${info.provider.toUpperCase()}.MESSAGE.DISCONNECTED`), EXTERNAL_TOAST_MS);
    } catch (error) {
      setMessage(errorText(error));
    }
  };

  return (
    <article className={`card connection-card${broken ? ' connection-broken' : ''}`} aria-label={name}>
      <header className="connection-head">
        <span className={`connection-mark provider-${info.provider}`}>
          <ProviderMark provider={info.provider} />
        </span>
        <h2>{name}</h2>
        <span className={`connection-status status-${account ? (broken ? 'broken' : 'ok') : 'none'}`}>
          {t(account ? (broken ? 'CONNECTIONS.STATUS_BROKEN' : 'CONNECTIONS.STATUS_CONNECTED') : 'CONNECTIONS.STATUS_NONE')}
        </span>
      </header>
      <p className="connection-purpose">{t(`CONNECTIONS.PURPOSE.${info.provider.toUpperCase()}`)}</p>
      {account && (
        <dl className="connection-facts">
          {account.displayName && (
            <>
              <dt>{t('CONNECTIONS.AS')}</dt>
              <dd>{account.displayName}</dd>
            </>
          )}
          <dt>{t('CONNECTIONS.SINCE')}</dt>
          <dd>{formatDate(account.createdAt, locale)}</dd>
          {account.lastRefreshAt && (
            <>
              <dt>{t('CONNECTIONS.LAST_REFRESH')}</dt>
              <dd>{formatDateTime(account.lastRefreshAt, locale)}</dd>
            </>
          )}
          {account.scopes.length > 0 && (
            <>
              <dt>{t('CONNECTIONS.ACCESS')}</dt>
              <dd className="connection-scopes">
                {account.scopes.map((s) => (
                  <span key={s} className="connection-scope">
                    {s}
                  </span>
                ))}
              </dd>
            </>
          )}
          {account.hotelIds.length > 0 && (
            <>
              <dt>{t('CONNECTIONS.HOTELS')}</dt>
              <dd>{account.hotelIds.join(', ')}</dd>
            </>
          )}
        </dl>
      )}
      {broken && <p className="connection-warning">{t('CONNECTIONS.BROKEN_TEXT', { provider: name })}</p>}
      {account && !account.canDisconnect && <p className="form-hint">{t('CONNECTIONS.LAST_LOGIN')}</p>}
      {info.provider === 'instagram' && account && !broken && <InstagramPosts id={account.id} />}
      {message && (
        <p className="form-error" role="alert">
          {message}
        </p>
      )}
      <div className="connection-actions">
        {(!account || broken) && !isNativePlatform() && (
          <button type="button" className="app-button" disabled={busy} onClick={() => void connect()}>
            {t(broken ? 'CONNECTIONS.RECONNECT' : 'CONNECTIONS.CONNECT')}
          </button>
        )}
        {account && (
          <button
            type="button"
            className="app-button app-button-outline"
            disabled={!account.canDisconnect || disconnect.isPending}
            onClick={() => void askDisconnect()}
          >
            {t('CONNECTIONS.DISCONNECT')}
          </button>
        )}
      </div>
    </article>
  );
}

function InstagramPosts({ id }: { id: number }) {
  const { t } = useTranslation();
  const media = useConnectionMedia(id, true);
  if (media.isPending) return <p className="form-hint">{t('COMMON.LOADING')}</p>;
  if (media.isError || media.data.list.length === 0) return null;
  return (
    <section aria-label={t('CONNECTIONS.RECENT_POSTS')}>
      <h3 className="connection-subhead">{t('CONNECTIONS.RECENT_POSTS')}</h3>
      <ul className="connection-media">
        {media.data.list.slice(0, 6).map((m) => (
          <li key={m.id}>
            <a href={m.permalink} target="_blank" rel="noopener noreferrer">
              <img src={m.imageUrl} alt={m.caption ?? ''} loading="lazy" width="96" height="96" />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default withQueryClient(ConnectionsPage);
