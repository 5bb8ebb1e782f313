import { useTranslation } from '../../../lib/translator';
import { CatalogueSearch } from '../../../components/catalogue-search';
import { useFormatDistance } from '../../../lib/distance';
import type { LatLng } from '../../../lib/geolocation';
import { LikeButton } from '../../../components/place-row';
import { formatAddress } from '../../../lib/format';

/** The catalogue search with a Like button per place (nearest first when the location is known). */
export function PlaceSearch({ location }: { location: LatLng | null }) {
  const { t } = useTranslation();
  const distance = useFormatDistance();
  return (
    <section className="form-section" aria-labelledby="place-search-heading">
      <h2 id="place-search-heading">{t('PLACES.FIND')}</h2>
      <CatalogueSearch
        label={t('PLACES.SEARCH')}
        resultsLabel={t('PLACES.RESULTS')}
        emptyText={t('PLACES.NO_RESULTS')}
        location={location}
        meta={(place) => [formatAddress(place.address, place.city), distance(place.distance)].filter(Boolean).join(' · ')}
        action={(place) =>
          place.liked ? <span className="form-hint">{t('PLACES.LIKED')}</span> : <LikeButton place={place} like filled />
        }
      />
    </section>
  );
}
