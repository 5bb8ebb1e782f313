import { lazy, Suspense } from 'react';
import { useTranslation } from '../../../lib/translator';
import { AppLink } from '../../../components/app-link';
import { PageLayout } from '../../../components/layout/page-layout';
import { PLACE_PATHS } from '../../../lib/place-paths';
import { queryClient, withQueryClient } from '../../../lib/query-client';
import { getKnownLocation } from '../../../lib/geolocation';
import { useLocation } from '../../../lib/use-location';
import { useDeferredAnswer } from '../../../lib/use-deferred-answer';
import { likesQuery, useLikes } from '../api/get-likes';
import { MapLoading } from '../../../components/map-loading';

/** Leaflet and its CSS load with the map itself. */
const PlacesMap = lazy(() => import('../components/places-map'));

/**
 * WidgetMarkedMylikeMapPage (SPEC §2): the liked places as markers, centred on the user when the
 * position is known, else on the SPEC §3 default (Munich, zoom 10).
 */
function PlacesMapPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const likes = useLikes(location);
  const liked = useDeferredAnswer(likes.data);
  return (
    <PageLayout title={t('PLACES.MAP_TITLE')} narrow={false}>
      <h1>{t('PLACES.MAP_TITLE')}</h1>
      <p className="link-row">
        <AppLink to={PLACE_PATHS.marked}>{t('PLACES.SHOW_LIST')}</AppLink>
      </p>
      <Suspense fallback={<MapLoading />}>
        <PlacesMap places={liked ?? []} center={location} />
      </Suspense>
    </PageLayout>
  );
}

export default withQueryClient(PlacesMapPage);

/** The liked places, asked for at start (app/lazy-page.tsx `PageModule`), for the position known then. */
export function prefetch(): void {
  void queryClient.prefetchQuery(likesQuery(getKnownLocation()));
}
