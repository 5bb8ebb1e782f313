import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/translator';
import { useParams } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { PageLayout } from '../../../components/layout/page-layout';
import { Skeleton } from '../../../components/skeleton';
import { isApiError } from '../../../lib/api-client';
import { withQueryClient } from '../../../lib/query-client';
import { getSharedList } from '../api/lists';
import { ItemPlace } from '../components/item-place';

/** What the page says for the API's refusals (SPEC §8 keys of GET /api/share/{token}). */
const STATE_KEYS: Record<string, string> = {
  'error.share.revoked': 'SHARED.REVOKED',
  'error.share.expired': 'SHARED.EXPIRED',
};

/** A list shared by public link (/s/:token): read-only, no login needed. */
function SharedListPage() {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const shared = useQuery({ queryKey: ['share', token], queryFn: () => getSharedList(token), retry: false });
  const errorKey = shared.error ? (STATE_KEYS[isApiError(shared.error) ? shared.error.key : ''] ?? 'SHARED.NOT_FOUND') : null;
  const items = shared.data?.items.list ?? [];
  return (
    <PageLayout title={shared.data?.name ?? t('SHARED.TITLE')}>
      {shared.isPending && <Skeleton count={4} />}
      {errorKey && (
        <>
          <h1>{t('SHARED.TITLE')}</h1>
          <p role="alert">{t(errorKey)}</p>
        </>
      )}
      {shared.data && (
        <>
          <h1>{shared.data.name}</h1>
          <p className="form-hint">{t('SHARED.BY', { name: shared.data.owner.nickname })}</p>
          {shared.data.description && <p>{shared.data.description}</p>}
          {items.length === 0 ? (
            <EmptyState text={t('LISTS.NO_ITEMS')} />
          ) : (
            <ol className="place-list" aria-label={t('LISTS.ITEMS')}>
              {items.map((item) => (
                <li key={item.id} className="place-row">
                  <ItemPlace item={item} />
                  {item.note && <p>{item.note}</p>}
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </PageLayout>
  );
}

export default withQueryClient(SharedListPage);
