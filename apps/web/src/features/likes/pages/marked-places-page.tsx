import { useTranslation } from '../../../lib/translator';
import { AppLink } from '../../../components/app-link';
import { PlaceWithThumb } from '../../../components/place-thumb';
import { PageLayout } from '../../../components/layout/page-layout';
import { byDistance, useFormatDistance } from '../../../lib/distance';
import { PLACE_PATHS } from '../../../lib/place-paths';
import { useToggleLike } from '../../../lib/place-queries';
import { withQueryClient } from '../../../lib/query-client';
import { useLocation } from '../../../lib/use-location';
import { useLikes } from '../api/get-likes';
import { PlaceSearch } from '../components/place-search';
import { formatAddress } from '../../../lib/format';

/**
 * WidgetMarkedMylikePage (SPEC §2): the places the user liked (the default like list), nearest
 * first once the position is known, each with its SPEC §5 distance and an Unlike button, its name
 * opening its page; a catalogue search to like more, and a link to add a place.
 */
function MarkedPlacesPage() {
  const { t } = useTranslation();
  const distance = useFormatDistance();
  const location = useLocation();
  const likes = useLikes(location);
  const toggle = useToggleLike();
  const places = likes.data ? (location ? byDistance(likes.data) : likes.data) : [];
  return (
    <PageLayout title={t('PLACES.TITLE')}>
      <h1>{t('PLACES.HEADING')}</h1>
      <p className="link-row">
        <AppLink to={PLACE_PATHS.map}>{t('PLACES.SHOW_MAP')}</AppLink> · <AppLink to={PLACE_PATHS.lists}>{t('LISTS.TITLE')}</AppLink> ·{' '}
        <AppLink to={PLACE_PATHS.newPlace}>{t('PLACES.ADD')}</AppLink>
      </p>
      {likes.isPending && <p className="form-hint">{t('COMMON.LOADING')}</p>}
      {likes.isSuccess && places.length === 0 && <p className="form-hint">{t('PLACES.EMPTY')}</p>}
      {places.length > 0 && (
        <ul className="place-list" aria-label={t('PLACES.LIKED_LIST')}>
          {places.map((place) => (
            <li key={place.id} className="place-row">
              <PlaceWithThumb place={place}>
                <AppLink to={PLACE_PATHS.place(place.id)} className="place-name">
                  {place.name}
                </AppLink>
                <span className="form-hint">{formatAddress(place.address, place.city)}</span>
              </PlaceWithThumb>
              <span className="place-distance">{distance(place.distance)}</span>
              <button
                type="button"
                className="app-button app-button-small app-button-outline"
                disabled={toggle.isPending}
                aria-label={t('PLACES.UNLIKE_NAMED', { name: place.name })}
                onClick={() => toggle.mutate({ placeId: place.id, like: false })}
              >
                {t('PLACES.UNLIKE')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <PlaceSearch location={location} />
    </PageLayout>
  );
}

export default withQueryClient(MarkedPlacesPage);
