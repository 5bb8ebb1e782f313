import { useRef } from 'react';
import { useTranslation } from '../../../lib/translator';
import { AppLink } from '../../../components/app-link';
import { EmptyState } from '../../../components/empty-state';
import { LikeButton, PlaceRow } from '../../../components/place-row';
import { PageLayout } from '../../../components/layout/page-layout';
import { Skeleton } from '../../../components/skeleton';
import { byDistance } from '../../../lib/distance';
import { PLACE_PATHS } from '../../../lib/place-paths';
import { queryClient, withQueryClient } from '../../../lib/query-client';
import { getKnownLocation } from '../../../lib/geolocation';
import { useLocation } from '../../../lib/use-location';
import { useDeferredAnswer } from '../../../lib/use-deferred-answer';
import { useProgressiveCount } from '../../../lib/use-progressive-count';
import { likesQuery, useLikes } from '../api/get-likes';
import { PlaceSearch } from '../components/place-search';
import { PlacesPaneMap } from '../components/places-pane-map';
import { useWide } from '../../../lib/use-wide';
import '../likes.css';

/**
 * WidgetMarkedMylikePage (SPEC §2): the places the user liked (the default like list), nearest
 * first once the position is known, each with its SPEC §5 distance and an Unlike button, its name
 * opening its page; a catalogue search to like more, and a link to add a place. From 1250 px the
 * list and the search are the left pane and the places' map the right one.
 */
function MarkedPlacesPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const likes = useLikes(location);
  const liked = useDeferredAnswer(likes.data);
  const pending = liked === null && !likes.isError;
  const wide = useWide();
  const search = useRef<HTMLDivElement>(null);
  const places = liked ? (location ? byDistance(liked) : liked) : [];
  const shownRows = useProgressiveCount(places.length);
  const panes = wide && places.length > 0;
  // wide from the first frame on wide screens (the heading does not move when the places arrive);
  // without places the list column alone keeps the narrow width (likes.css)
  return (
    <PageLayout title={t('PLACES.TITLE')} narrow={!wide}>
      <h1>{t('PLACES.HEADING')}</h1>
      <p className="link-row">
        <AppLink to={PLACE_PATHS.map}>{t('PLACES.SHOW_MAP')}</AppLink> · <AppLink to={PLACE_PATHS.lists}>{t('LISTS.TITLE')}</AppLink> ·{' '}
        <AppLink to={PLACE_PATHS.newPlace}>{t('PLACES.ADD')}</AppLink>
      </p>
      {pending && <Skeleton count={4} />}
      {/* the rest comes with the first answer: what the skeleton stood for takes its place, nothing shifts */}
      {!pending && (
        <div className={panes ? 'places-panes' : 'places-alone'}>
          <div className="places-pane-list">
            {liked && places.length === 0 && (
              <EmptyState
                text={t('PLACES.EMPTY')}
                action={
                  <button type="button" className="app-button" onClick={() => search.current?.querySelector('input')?.focus()}>
                    {t('PLACES.FIND')}
                  </button>
                }
              />
            )}
            {places.length > 0 && (
              <ul className="place-list" aria-label={t('PLACES.LIKED_LIST')}>
                {places.slice(0, shownRows).map((place) => (
                  <PlaceRow key={place.id} place={place} action={<LikeButton place={place} like={false} />} />
                ))}
              </ul>
            )}
            <div ref={search}>
              <PlaceSearch location={location} />
            </div>
          </div>
          {panes && <PlacesPaneMap places={places} center={location} path={PLACE_PATHS.marked} />}
        </div>
      )}
    </PageLayout>
  );
}

export default withQueryClient(MarkedPlacesPage);

/** The liked places, asked for at start (app/lazy-page.tsx `PageModule`), for the position known then. */
export function prefetch(): void {
  void queryClient.prefetchQuery(likesQuery(getKnownLocation()));
}
