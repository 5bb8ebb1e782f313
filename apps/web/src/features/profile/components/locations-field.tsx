import { MAX_LOCATIONS, Visibility, type LocationInput, type Place } from '@spotlist/contracts';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { useController, type Control } from 'react-hook-form';
import { EmptyState } from '../../../components/empty-state';
import { useTranslation } from '../../../lib/translator';
import { formatLatLng, useLocale } from '../../../lib/format';
import { useCountries } from '../api/get-countries';
import type { ProfileFormValues } from '../profile-form';
import { CityAutocomplete } from './city-autocomplete';
import type { LatLng } from '../../../components/map-picker';

/** Leaflet (~45 KB gzip) loads only when the map picker is opened. */
const MapPicker = lazy(() => import('../../../components/map-picker'));

/** A point set on the map has no place id of its own: a geo URI (RFC 5870) names it. */
export const geoPlaceId = (p: LatLng): string => `geo:${p.lat.toFixed(5)},${p.lng.toFixed(5)}`;

interface Draft {
  /** The country chosen here; null follows the profile's country (Germany without one). */
  country: string | null;
  city: string;
  /** The city picked from the search (its coordinates and place id), if any. */
  place: Place | null;
  /** Set on the map; wins over the picked city's coordinates. */
  mapPoint: LatLng | null;
  name: string;
}

/**
 * The business locations (`locationList.list`, SPEC §3, §6): the list with a remove button each,
 * and a panel that adds one: a city from the city search (restricted to the chosen country),
 * optionally placed exactly with the map picker, and an optional name.
 */
export function LocationsField({ control, defaultCountry }: { control: Control<ProfileFormValues>; defaultCountry: string | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const { field } = useController({ control, name: 'locationList.list' });
  const list = field.value;
  const countries = useCountries();
  const emptyDraft = (): Draft => ({ country: null, city: '', place: null, mapPoint: null, name: '' });
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const country = draft.country ?? (defaultCountry ?? 'DE').toUpperCase();
  const [mapOpen, setMapOpen] = useState(false);

  // a city picked before the profile's country changed no longer counts
  const place = draft.place && draft.place.country.toUpperCase() === country ? draft.place : null;
  // a stable object per picked city: the map re-centres only when another city is picked
  const focus = useMemo(() => (place ? { lat: place.latitude, lng: place.longitude } : null), [place]);
  const point: LatLng | null = draft.mapPoint ?? focus;
  const full = list.length >= MAX_LOCATIONS;
  const canAdd = !full && draft.city.trim() !== '' && point !== null;

  const add = () => {
    if (!canAdd || !point) return;
    const location: LocationInput = {
      name: draft.name.trim() || null,
      city: draft.city.trim(),
      country,
      latitude: point.lat,
      longitude: point.lng,
      placeid: draft.mapPoint || !place ? geoPlaceId(point) : place.placeid,
      visibility: { id: Visibility.all },
    };
    field.onChange([...list, location]);
    setDraft(emptyDraft());
    setMapOpen(false);
  };

  const remove = (index: number) => field.onChange(list.filter((_, i) => i !== index));
  const title = (l: LocationInput) => (l.name ? `${l.name} (${l.city})` : l.city);

  return (
    <section className="form-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('LOCATIONS.TITLE')}</h2>
      {list.length === 0 ? (
        <EmptyState compact text={t('LOCATIONS.EMPTY')} />
      ) : (
        <ul className="location-list" aria-label={t('LOCATIONS.TITLE')}>
          {list.map((l, i) => (
            <li key={`${l.placeid}-${i}`} className="location-item">
              <span>
                <strong>{title(l)}</strong>
                <span className="form-hint">
                  {' '}
                  {l.country} · {formatLatLng(l.latitude, l.longitude, locale)}
                </span>
              </span>
              <button
                type="button"
                className="app-button app-button-outline app-button-small"
                aria-label={t('LOCATIONS.REMOVE_NAMED', { name: title(l) })}
                onClick={() => remove(i)}
              >
                {t('LOCATIONS.REMOVE')}
              </button>
            </li>
          ))}
        </ul>
      )}

      <fieldset className="location-add" disabled={full}>
        <legend>{t('LOCATIONS.ADD_TITLE')}</legend>
        <div className="form-field select-field">
          <label htmlFor={`${id}-country`}>{t('LOCATIONS.COUNTRY')}</label>
          <select
            id={`${id}-country`}
            className="native-select"
            value={country}
            onChange={(e) => setDraft({ ...draft, country: e.target.value, city: '', place: null, mapPoint: null })}
          >
            {(countries.data ?? []).map((c) => (
              <option key={c.id} value={c.countrykey}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <CityAutocomplete
          label={t('LOCATIONS.CITY')}
          value={draft.city}
          country={country}
          onType={(city) => setDraft({ ...draft, city, place: null })}
          onPick={(place) => setDraft({ ...draft, city: place.city, place, mapPoint: null })}
        />
        <div className="form-field select-field">
          <label htmlFor={`${id}-name`}>{t('LOCATIONS.NAME')}</label>
          <input
            id={`${id}-name`}
            className="native-select"
            maxLength={120}
            value={draft.name}
            onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          />
        </div>
        <p className="form-hint" role="status">
          {point ? t('LOCATIONS.POINT', { point: formatLatLng(point.lat, point.lng, locale) }) : t('LOCATIONS.NO_POINT')}
        </p>
        <div className="button-row">
          <button type="button" className="app-button app-button-outline" aria-expanded={mapOpen} onClick={() => setMapOpen(!mapOpen)}>
            {mapOpen ? t('LOCATIONS.HIDE_MAP') : t('LOCATIONS.SHOW_MAP')}
          </button>
          <button type="button" className="app-button" disabled={!canAdd} onClick={add}>
            {t('LOCATIONS.ADD')}
          </button>
        </div>
        {mapOpen && (
          <Suspense fallback={<p className="form-hint">{t('COMMON.LOADING')}</p>}>
            <MapPicker focus={focus} point={point} onPoint={(p) => setDraft((d) => ({ ...d, mapPoint: p }))} />
          </Suspense>
        )}
        {full && <p className="form-hint">{t('LOCATIONS.FULL', { max: MAX_LOCATIONS })}</p>}
      </fieldset>
    </section>
  );
}
