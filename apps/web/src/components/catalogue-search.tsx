import type { PlaceView } from '@spotlist/contracts';
import { useState, type ReactNode } from 'react';
import type { LatLng } from '../lib/geolocation';
import { useSearchPlaces, useSettledText } from '../lib/place-search';
import { TextInput } from './text-input';
import { EmptyState } from './empty-state';
import { useTranslation } from '../lib/translator';
import { formatAddress } from '../lib/format';

/**
 * The places catalogue search used wherever a place is picked (liking one, adding one to a list or
 * a widget): a search field (300 ms after typing stops), the results with their address, and what
 * each page offers per result (`action`).
 */
export function CatalogueSearch(props: {
  label: string;
  resultsLabel: string;
  emptyText: string;
  /** Nearest first, with distances, when known. */
  location?: LatLng | null;
  /** The line under a result's name; by default its address and city. */
  meta?: (place: PlaceView) => string;
  action: (place: PlaceView) => ReactNode;
}) {
  const { label, resultsLabel, emptyText, location = null, meta = addressOf, action } = props;
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const q = useSettledText(text);
  const results = useSearchPlaces(q, location);
  return (
    <>
      <TextInput label={label} value={text} onValue={setText} type="search" />
      {q !== '' && results.isSuccess && results.data.length === 0 && (
        <EmptyState
          picture="search"
          text={emptyText}
          action={
            <button type="button" className="app-button app-button-outline" onClick={() => setText('')}>
              {t('COMMON.CLEAR_SEARCH')}
            </button>
          }
        />
      )}
      {q !== '' && results.data && results.data.length > 0 && (
        <ul className="place-list" aria-label={resultsLabel}>
          {results.data.map((place) => (
            <li key={place.id} className="place-row">
              <div>
                <strong>{place.name}</strong>
                <span className="form-hint">{meta(place)}</span>
              </div>
              {action(place)}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

const addressOf = (place: PlaceView): string => formatAddress(place.address, place.city);
