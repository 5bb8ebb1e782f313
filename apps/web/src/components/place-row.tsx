import type { PlaceView } from '@spotlist/contracts';
import type { ReactNode } from 'react';
import { useFormatDistance } from '../lib/distance';
import { formatAddress } from '../lib/format';
import { PLACE_PATHS } from '../lib/place-paths';
import { useToggleLike } from '../lib/place-queries';
import { useTranslation } from '../lib/translator';
import { AppLink } from './app-link';
import { PlaceWithThumb, type ThumbPlace } from './place-thumb';

export type RowPlace = ThumbPlace & Pick<PlaceView, 'name' | 'address' | 'city' | 'distance'>;

/**
 * A place as a list row (theme/README.md "list rows with thumbnails"): its picture or cover, its
 * name opening its page, its address, its distance once the position is known, and one action.
 */
export function PlaceRow({ place, action }: { place: RowPlace; action?: ReactNode }) {
  const distance = useFormatDistance();
  return (
    <li className="place-row">
      <PlaceWithThumb place={place}>
        <AppLink to={PLACE_PATHS.place(place.id)} className="place-name">
          {place.name}
        </AppLink>
        <span className="form-hint">{formatAddress(place.address, place.city)}</span>
      </PlaceWithThumb>
      <span className="place-distance">{distance(place.distance)}</span>
      {action}
    </li>
  );
}

/**
 * The row's Like (or Unlike) button, named with the place; waits for its answer before it can be
 * pressed again. Outlined as a row's secondary action; `filled` where liking is the row's point
 * (the catalogue search).
 */
export function LikeButton({ place, like, filled = false }: { place: Pick<RowPlace, 'id' | 'name'>; like: boolean; filled?: boolean }) {
  const { t } = useTranslation();
  const toggle = useToggleLike();
  return (
    <button
      type="button"
      className={filled ? 'app-button app-button-small' : 'app-button app-button-small app-button-outline'}
      disabled={toggle.isPending}
      aria-label={t(like ? 'PLACES.LIKE_NAMED' : 'PLACES.UNLIKE_NAMED', { name: place.name })}
      onClick={() => toggle.mutate({ placeId: place.id, like })}
    >
      {t(like ? 'PLACES.LIKE' : 'PLACES.UNLIKE')}
    </button>
  );
}
