import type { LikedPlace } from '@spotlist/contracts';
import { useIonViewDidLeave, useIonViewWillEnter } from '@ionic/react';
import { lazy, Suspense, useState } from 'react';
import type { LatLng } from '../../../lib/geolocation';
import { useTranslation } from '../../../lib/translator';

/** Leaflet and its CSS load with the map itself (the same chunk as the map page's). */
const PlaceMap = lazy(() => import('../../../components/place-map'));

/**
 * The liked places' map in the right pane of "My places" (two panes from 1250 px). It is drawn
 * only while the page is shown: Ionic keeps a page it left in the DOM, and one map (with its
 * markers) at a time is what the map page and its tests expect.
 */
export function PlacesPaneMap({ places, center }: { places: LikedPlace[]; center: LatLng | null }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(true);
  useIonViewWillEnter(() => setShown(true));
  useIonViewDidLeave(() => setShown(false));
  return (
    <div className="places-pane-map">
      <div className="places-pane-map-sticky">
        {shown && (
          <Suspense fallback={<div className="places-pane-map-loading" />}>
            <PlaceMap places={places} center={center} label={t('PLACES.MAP')} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
