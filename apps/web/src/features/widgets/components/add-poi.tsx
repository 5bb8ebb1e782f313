import type { Country, PlacePosition, WidgetDetail } from '@spotlist/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translator';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useSettledText } from '../../../lib/place-search';
import { TextInput } from '../../../components/text-input';
import { CatalogueSearch } from '../../../components/catalogue-search';
import { type WidgetChange } from '../api/widgets';
import { MapLoading } from '../../../components/map-loading';

/** Leaflet loads only when "Pick on the map" is opened (components/map-picker.tsx, shared with the profile). */
const MapPicker = lazy(() => import('../../../components/map-picker'));

function AddFromCatalogue({
  widget,
  change,
  busy,
}: {
  widget: WidgetDetail;
  change: (c: WidgetChange) => Promise<unknown>;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const inWidget = new Set(widget.pois.map((p) => p.placeId));
  return (
    <div>
      <CatalogueSearch
        label={t('WIDGETS.SEARCH_CATALOGUE')}
        resultsLabel={t('WIDGETS.RESULTS')}
        emptyText={t('WIDGETS.NO_RESULTS')}
        action={(place) =>
          inWidget.has(place.id) ? (
            <span className="form-hint">{t('WIDGETS.IN_WIDGET')}</span>
          ) : (
            <button
              type="button"
              className="app-button app-button-small"
              disabled={busy}
              aria-label={t('WIDGETS.ADD_NAMED', { name: place.name })}
              onClick={() => void change({ kind: 'add', add: { placeId: place.id } }).catch(() => undefined)}
            >
              {t('WIDGETS.ADD')}
            </button>
          )
        }
      />
    </div>
  );
}

const EMPTY = { name: '', address: '', city: '', lat: '', lng: '' };

/** A coordinate typed in any locale (a comma as decimal separator), within its bounds; else null. */
export function parseCoordinate(text: string, max: number): number | null {
  const n = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(n) && Math.abs(n) <= max ? n : null;
}

const isPosition = (v: unknown): v is PlacePosition =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as PlacePosition).latitude === 'number' &&
  typeof (v as PlacePosition).longitude === 'number';

interface AddressFields {
  address: string;
  city: string;
  country: string;
}

/**
 * GET /api/place/position (the places feature asks the same; features do not share code): where
 * the server would put a place at this address (the geocoder's answer, else the city centre);
 * null when nothing is known (404) or the lookup fails.
 */
async function placePosition(f: AddressFields): Promise<PlacePosition | null> {
  const query: Record<string, string> = {};
  if (f.address) query.address = f.address;
  if (f.city) query.city = f.city;
  if (f.country) query.country = f.country;
  try {
    return await api.get<PlacePosition>('/place/position', { query, guard: isPosition, silent: true });
  } catch {
    return null;
  }
}
const positionQuery = (f: AddressFields) => ({
  queryKey: ['widget-place-position', f.address, f.city, f.country],
  queryFn: () => placePosition(f),
  staleTime: 10 * 60_000,
  retry: false,
});

const isCountryList = (v: unknown): v is { list: Country[] } =>
  typeof v === 'object' && v !== null && Array.isArray((v as { list?: unknown }).list);

/** SPEC §3 fallback countries, by code (named with Intl): the contracts' list would bring zod into this chunk. */
const FALLBACK_CODES = ['DE', 'AT', 'CH'];

/** GET /api/country/list2 (named in the app language), else the fallback countries (SPEC §3). */
function useCountryChoices(enabled: boolean): { code: string; name: string }[] {
  const lang = useTranslation().i18n.language;
  const fallback = () => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([lang], { type: 'region' });
    } catch {
      // codes as names
    }
    return FALLBACK_CODES.map((code) => ({ code, name: names?.of(code) ?? code }));
  };
  const query = useQuery({
    queryKey: ['widget-countries', lang],
    queryFn: async () => {
      try {
        const { list } = await api.get<{ list: Country[] }>('/country/list2', { guard: isCountryList, silent: true });
        if (list.length > 0) return list.map((c) => ({ code: c.countrykey, name: c.name }));
      } catch {
        // the fallback below
      }
      return fallback();
    },
    staleTime: Infinity,
    enabled,
  });
  return query.data ?? fallback();
}

/**
 * A new place (name, address; coordinates optional: typed or picked on the map), created in the
 * catalogue with the POI. Without coordinates it goes where the address leads (the position the
 * form shows, asked again on submit), else to the centre of its city; the country defaults to
 * the business's own.
 */
function NewPlaceForm({ change, busy }: { change: (c: WidgetChange) => Promise<unknown>; busy: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const client = useQueryClient();
  // the country list is asked for once the form is used (most visits only reorder or search)
  const [engaged, setEngaged] = useState(false);
  const countries = useCountryChoices(engaged);
  const ownCountry = useAuth().user?.country?.countrykey ?? '';
  const [draft, setDraft] = useState({ ...EMPTY, country: ownCountry });
  const [map, setMap] = useState(false);
  const [tried, setTried] = useState(false);
  const set = (patch: Partial<typeof draft>) => setDraft((d) => ({ ...d, ...patch }));
  const lat = parseCoordinate(draft.lat, 90);
  const lng = parseCoordinate(draft.lng, 180);
  const typed = draft.lat.trim() !== '' || draft.lng.trim() !== '';
  const fields: AddressFields = { address: draft.address.trim(), city: draft.city.trim(), country: draft.country };
  const settled = useSettledText(JSON.stringify(fields), 400);
  const lookup = !typed && settled === JSON.stringify(fields) && (fields.address !== '' || fields.city !== '');
  const preview = useQuery({ ...positionQuery(fields), enabled: lookup });
  const found = lookup ? preview.data : undefined;
  const valid = draft.name.trim() !== '' && (!typed || (lat !== null && lng !== null));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!valid) return;
    // the position the form showed (asked now if the typing had not settled yet)
    const position = typed ? null : fields.address || fields.city ? await client.fetchQuery(positionQuery(fields)) : null;
    const place = {
      name: draft.name.trim(),
      ...(typed ? { latitude: lat!, longitude: lng! } : position && { latitude: position.latitude, longitude: position.longitude }),
      ...(fields.address && { address: fields.address }),
      ...(fields.city && { city: fields.city }),
      ...(fields.country && { country: fields.country }),
    };
    try {
      await change({ kind: 'add', add: { place } });
      setDraft({ ...EMPTY, country: ownCountry });
      setTried(false);
      setMap(false);
    } catch {
      // the shell shows the error toast (SPEC §8)
    }
  };
  const status = typed
    ? t('PLACE.POSITION_MANUAL')
    : fields.address === '' && fields.city === ''
      ? t('PLACE.POSITION_NONE')
      : !lookup || preview.isPending
        ? t('PLACE.POSITION_LOOKING')
        : found
          ? found.source === 'city'
            ? t('PLACE.POSITION_FROM_CITY', { city: found.city ?? fields.city })
            : t('PLACE.POSITION_FROM_ADDRESS')
          : t('PLACE.POSITION_UNKNOWN');
  const point = lat !== null && lng !== null ? { lat, lng } : found ? { lat: found.latitude, lng: found.longitude } : null;
  return (
    <form
      className="form new-place"
      aria-labelledby={`${id}-h`}
      onSubmit={(e) => void submit(e)}
      onFocus={() => setEngaged(true)}
      noValidate
    >
      <h3 id={`${id}-h`}>{t('WIDGETS.NEW_PLACE')}</h3>
      <TextInput
        label={t('WIDGETS.PLACE_NAME')}
        value={draft.name}
        onValue={(name) => set({ name })}
        error={tried && draft.name.trim() === '' ? t('FORM.ERROR.REQUIRED') : null}
      />
      <TextInput label={t('WIDGETS.PLACE_ADDRESS')} value={draft.address} onValue={(address) => set({ address })} />
      <TextInput label={t('FORM.CITY')} value={draft.city} onValue={(city) => set({ city })} />
      <div className="plain-input">
        <label htmlFor={`${id}-country`}>{t('FORM.COUNTRY')}</label>
        <select id={`${id}-country`} value={draft.country} onChange={(e) => set({ country: e.target.value })}>
          <option value="">{t('PLACE.NO_COUNTRY')}</option>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
          {draft.country && !countries.some((c) => c.code === draft.country) && <option value={draft.country}>{draft.country}</option>}
        </select>
      </div>
      <p className="form-hint" role="status">
        {status}
      </p>
      <div className="coordinate-fields">
        <TextInput label={t('WIDGETS.LATITUDE')} value={draft.lat} onValue={(v) => set({ lat: v })} inputMode="decimal" />
        <TextInput label={t('WIDGETS.LONGITUDE')} value={draft.lng} onValue={(v) => set({ lng: v })} inputMode="decimal" />
      </div>
      {tried && typed && (lat === null || lng === null) && <p className="field-error">{t('FORM.ERROR.NUMBER')}</p>}
      <button
        type="button"
        className="app-button app-button-small app-button-outline"
        aria-expanded={map}
        onClick={() => setMap((m) => !m)}
      >
        {t(point ? 'PLACE.REFINE_ON_MAP' : 'WIDGETS.PICK_ON_MAP')}
      </button>
      {map && (
        <Suspense fallback={<MapLoading picker />}>
          <MapPicker
            focus={found ? { lat: found.latitude, lng: found.longitude } : null}
            point={point}
            onPoint={(p) => set({ lat: p.lat.toFixed(6), lng: p.lng.toFixed(6) })}
          />
        </Suspense>
      )}
      <button type="submit" className="app-button" disabled={busy}>
        {t('WIDGETS.CREATE_PLACE')}
      </button>
    </form>
  );
}

/** Adding POIs: from the places catalogue (search) or as a new place. */
export function AddPoi({ widget, change, busy }: { widget: WidgetDetail; change: (c: WidgetChange) => Promise<unknown>; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="form-section" aria-labelledby="widget-add-heading">
      <h2 id="widget-add-heading">{t('WIDGETS.ADD_POIS')}</h2>
      <AddFromCatalogue widget={widget} change={change} busy={busy} />
      <NewPlaceForm change={change} busy={busy} />
    </section>
  );
}
