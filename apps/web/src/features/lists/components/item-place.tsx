import type { ListItem } from '@spotlist/contracts';
import { useTranslation } from '../../../lib/translator';
import { AppLink } from '../../../components/app-link';
import { PlaceWithThumb } from '../../../components/place-thumb';
import { useAuth } from '../../../lib/auth';
import { useFormatDistance } from '../../../lib/distance';
import { PLACE_PATHS } from '../../../lib/place-paths';
import { formatAddress } from '../../../lib/format';

/**
 * A list item's place: its picture or cover, name, address and SPEC §5 distance, plus a
 * needs-location hint. The name opens the place's page for a logged-in reader (the public
 * shared-list page shows it as text: that page needs a login).
 */
export function ItemPlace({ item }: { item: ListItem }) {
  const { t } = useTranslation();
  const distance = useFormatDistance();
  const loggedIn = useAuth().status === 'authenticated';
  const { place } = item;
  return (
    <PlaceWithThumb place={place}>
      {loggedIn ? (
        <AppLink to={PLACE_PATHS.place(place.id)} className="place-name">
          {place.name}
        </AppLink>
      ) : (
        <strong>{place.name}</strong>
      )}
      <span className="form-hint">
        {[formatAddress(place.address, place.city), place.needsLocation ? t('LISTS.NEEDS_LOCATION') : distance(place.distance)]
          .filter(Boolean)
          .join(' · ')}
      </span>
    </PlaceWithThumb>
  );
}
