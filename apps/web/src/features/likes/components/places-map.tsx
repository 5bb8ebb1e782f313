import type { LikedPlace } from '@spotlist/contracts';
import { useTranslation } from '../../../lib/translator';
import { AppLink } from '../../../components/app-link';
import PlaceMap from '../../../components/place-map';
import type { LatLng } from '../../../lib/geolocation';
import { PLACE_PATHS } from '../../../lib/place-paths';

/** The liked places on the shared place map (its own chunk), with a word and a way on when none is there. */
export default function PlacesMap({ places, center }: { places: LikedPlace[]; center: LatLng | null }) {
  const { t } = useTranslation();
  return (
    <PlaceMap
      places={places}
      center={center}
      label={t('PLACES.MAP')}
      empty={
        <>
          <p>{t('PLACES.MAP_EMPTY')}</p>
          <AppLink to={PLACE_PATHS.marked} className="app-button">
            {t('PLACES.FIND')}
          </AppLink>
        </>
      }
    />
  );
}
