import type { LikedPlace } from '@spotlist/contracts';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { MapLoading } from '../../../components/map-loading';
import type { LatLng } from '../../../lib/geolocation';
import { useTranslation } from '../../../lib/translator';

/** Leaflet and its CSS load with the map itself (the same chunk as the map page's). */
const PlaceMap = lazy(() => import('../../../components/place-map'));

/**
 * The liked places' map in the right pane of "My places" (two panes from 1250 px). It is drawn
 * only while the address is this page's (`path`): Ionic keeps a page it left in the DOM, and one
 * map (with its markers) at a time is what the map page shows; the address changes the moment
 * another page is opened, before Ionic's transition ends.
 */
export function PlacesPaneMap({ places, center, path }: { places: LikedPlace[]; center: LatLng | null; path: string }) {
  const { t } = useTranslation();
  const shown = useLocation().pathname === path;
  return (
    <div className="places-pane-map">
      <div className="places-pane-map-sticky">
        {shown && (
          <Suspense fallback={<MapLoading />}>
            <PlaceMap places={places} center={center} label={t('PLACES.MAP')} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
