import { lazy, Suspense } from 'react';
import { useTranslation } from '../../../lib/translator';
import { useParams } from 'react-router-dom';
import { AppLink } from '../../../components/app-link';
import { PageLayout } from '../../../components/layout/page-layout';
import { isApiError } from '../../../lib/api-client';
import { PLACE_PATHS } from '../../../lib/place-paths';
import { withQueryClient } from '../../../lib/query-client';
import { usePlace } from '../api/place';

/** The form itself (react-hook-form, zod, the contracts' schemas, the upload pieces) is its own chunk. */
const PlaceForm = lazy(() => import('../components/place-form'));

const loading = (label: string) => (
  <div className="page-loading" role="status" aria-label={label}>
    <span className="app-spinner" />
  </div>
);

function EditPlace({ id }: { id: number }) {
  const { t } = useTranslation();
  const query = usePlace(id, null);
  const place = query.data;
  if (!place) {
    if (!query.isError) return loading(t('COMMON.LOADING'));
    const key = isApiError(query.error) ? `ERROR.${query.error.key}` : '';
    return (
      <p className="form-error" role="alert">
        {t(key === 'ERROR.error.place.notfound' ? key : 'ERROR.error.unknown')}
      </p>
    );
  }
  // the API says who may change it (its creator, an admin): others are not offered a form
  if (!place.editable)
    return (
      <p className="form-error" role="alert">
        {t('ERROR.error.place.forbidden')}
      </p>
    );
  return (
    <>
      <p className="link-row">
        <AppLink to={PLACE_PATHS.place(id)} mode="back">
          {t('PLACE.BACK_TO_PLACE', { name: place.name })}
        </AppLink>
      </p>
      <PlaceForm place={place} />
    </>
  );
}

/**
 * PlaceEditPage (route `place-edit`): `/place-edit/new` adds a place, `/place-edit/:id` changes one
 * the user may change. One route for both: the form is the same, and every route entry costs the
 * first bundle bytes.
 */
function PlaceEditPage() {
  const { t } = useTranslation();
  const param = useParams().id;
  const id = param === 'new' ? null : Number(param);
  const title = t(id === null ? 'PLACE.NEW_TITLE' : 'PLACE.EDIT_TITLE');
  return (
    <PageLayout title={title}>
      <h1>{title}</h1>
      <Suspense fallback={loading(t('COMMON.LOADING'))}>
        {id === null ? (
          <PlaceForm place={null} />
        ) : Number.isInteger(id) && id > 0 ? (
          <EditPlace id={id} />
        ) : (
          <p className="form-error" role="alert">
            {t('ERROR.error.place.notfound')}
          </p>
        )}
      </Suspense>
    </PageLayout>
  );
}

export default withQueryClient(PlaceEditPage);
