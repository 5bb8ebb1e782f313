import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainInput } from '../../../components/plain-input';
import { useFormatDistance } from '../../../lib/distance';
import type { LatLng } from '../../../lib/geolocation';
import { useSearchPlaces, useToggleLike } from '../api/likes';

/** The catalogue search: text (300 ms after typing stops) → places with a Like button. */
export function PlaceSearch({ location }: { location: LatLng | null }) {
  const { t } = useTranslation();
  const distance = useFormatDistance();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const results = useSearchPlaces(q, location);
  const toggle = useToggleLike();
  return (
    <section className="form-section" aria-labelledby="place-search-heading">
      <h2 id="place-search-heading">{t('PLACES.FIND')}</h2>
      <PlainInput label={t('PLACES.SEARCH')} value={text} onValue={setText} type="search" />
      {q !== '' && results.isSuccess && results.data.length === 0 && <p className="form-hint">{t('PLACES.NO_RESULTS')}</p>}
      {results.data && q !== '' && (
        <ul className="place-list" aria-label={t('PLACES.RESULTS')}>
          {results.data.map((place) => (
            <li key={place.id} className="place-row">
              <div>
                <strong>{place.name}</strong>
                <span className="form-hint">
                  {[place.address, place.city].filter(Boolean).join(', ')} · {distance(place.distance)}
                </span>
              </div>
              {place.liked ? (
                <span className="form-hint">{t('PLACES.LIKED')}</span>
              ) : (
                <button
                  type="button"
                  className="app-button app-button-small"
                  disabled={toggle.isPending}
                  aria-label={t('PLACES.LIKE_NAMED', { name: place.name })}
                  onClick={() => toggle.mutate({ placeId: place.id, like: true })}
                >
                  {t('PLACES.LIKE')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
