import type { Share } from '@spotlist/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { dateFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/translator';
import { revokeShareById, shareList, sharesKey, useShares } from '../api/lists';

/** toLocaleString's own fields, for a formatter made once per language. */
const LOCALE_STRING: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
};

/**
 * The list's public links: create one (its address is shown once, to copy), the links still
 * working with their dates, and revoke any of them.
 */
export function ShareSection({ listId }: { listId: number }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const shares = useShares(listId);
  const [share, setShare] = useState<Share | null>(null);
  const [status, setStatus] = useState<'idle' | 'busy' | 'copied' | 'revoked'>('idle');
  const url = share?.url ? new URL(share.url, location.origin).toString() : null;
  const now = shares.dataUpdatedAt; // when the shares were read (render stays pure)
  // links still working, other than the one just created (its URL is shown above)
  const active = (shares.data ?? []).filter(
    (s) => s.public && !s.revokedAt && (!s.expiresAt || Date.parse(s.expiresAt) > now) && s.id !== share?.id,
  );
  // toLocaleString's own fields, from a formatter made once per language (each call made one)
  const date = (iso: string) => dateFormat(i18n.language, LOCALE_STRING).format(new Date(iso));
  const refresh = () => client.invalidateQueries({ queryKey: sharesKey(listId) });
  const run = async (work: () => Promise<void>) => {
    setStatus('busy');
    try {
      await work();
    } catch {
      setStatus('idle');
    }
  };
  const create = () =>
    run(async () => {
      setShare(await shareList(listId));
      setStatus('idle');
      await refresh();
    });
  const revoke = (id: number) =>
    run(async () => {
      await revokeShareById(id);
      if (id === share?.id) setShare(null);
      setStatus('revoked');
      await refresh();
    });
  return (
    <section className="form-section" aria-labelledby="share-heading">
      <h2 id="share-heading">{t('LISTS.SHARE')}</h2>
      <p className="form-hint">{t('LISTS.SHARE_HINT')}</p>
      {url && share ? (
        <>
          <p className="share-url">
            <a href={url} target="_blank" rel="noopener noreferrer" aria-label={t('LISTS.SHARE_LINK')}>
              {url}
            </a>
          </p>
          <span className="row-actions">
            <button
              type="button"
              className="app-button app-button-small"
              onClick={() =>
                void navigator.clipboard?.writeText(url).then(
                  () => setStatus('copied'),
                  () => undefined,
                )
              }
            >
              {t('LISTS.COPY_LINK')}
            </button>
            <button
              type="button"
              className="app-button app-button-small app-button-danger"
              disabled={status === 'busy'}
              onClick={() => void revoke(share.id)}
            >
              {t('LISTS.REVOKE_LINK')}
            </button>
          </span>
          {status === 'copied' && <p role="status">{t('LISTS.COPIED')}</p>}
        </>
      ) : (
        <button type="button" className="app-button" disabled={status === 'busy'} onClick={() => void create()}>
          {t('LISTS.CREATE_LINK')}
        </button>
      )}
      {status === 'revoked' && <p role="status">{t('LISTS.REVOKED')}</p>}
      {active.length > 0 && (
        <>
          <h3>{t('LISTS.ACTIVE_LINKS')}</h3>
          <ul className="place-list" aria-label={t('LISTS.ACTIVE_LINKS')}>
            {active.map((s) => (
              <li key={s.id} className="place-row">
                <span>
                  {t('LISTS.LINK_CREATED_AT', { date: date(s.createdAt) })}
                  {s.expiresAt && ` · ${t('LISTS.LINK_EXPIRES', { date: date(s.expiresAt) })}`}
                </span>
                <button
                  type="button"
                  className="app-button app-button-small app-button-danger"
                  disabled={status === 'busy'}
                  aria-label={t('LISTS.REVOKE_LINK_FROM', { date: date(s.createdAt) })}
                  onClick={() => void revoke(s.id)}
                >
                  {t('LISTS.REVOKE_LINK')}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
