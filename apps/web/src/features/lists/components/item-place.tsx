import type { ListItem } from '@spotlist/contracts';
import { useTranslation } from 'react-i18next';
import { useFormatDistance } from '../../../lib/distance';

/** A list item's place: name, address and SPEC §5 distance, plus a needs-location hint. */
export function ItemPlace({ item }: { item: ListItem }) {
  const { t } = useTranslation();
  const distance = useFormatDistance();
  const { place } = item;
  return (
    <div>
      <strong>{place.name}</strong>
      <span className="form-hint">
        {[place.address, place.city].filter(Boolean).join(', ')}
        {[place.address, place.city].some(Boolean) ? ' · ' : ''}
        {place.needsLocation ? t('LISTS.NEEDS_LOCATION') : distance(place.distance)}
      </span>
    </div>
  );
}
