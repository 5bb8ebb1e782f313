import type { WidgetDetail } from '@spotlist/contracts';
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../components/text-input';
import { CatalogueSearch } from '../../../components/catalogue-search';
import { type WidgetChange } from '../api/widgets';

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

/** A new place (name, address, coordinates typed or picked on the map): created in the catalogue with the POI. */
function NewPlaceForm({ change, busy }: { change: (c: WidgetChange) => Promise<unknown>; busy: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState(EMPTY);
  const [map, setMap] = useState(false);
  const [tried, setTried] = useState(false);
  const set = (patch: Partial<typeof EMPTY>) => setDraft((d) => ({ ...d, ...patch }));
  const lat = parseCoordinate(draft.lat, 90);
  const lng = parseCoordinate(draft.lng, 180);
  const valid = draft.name.trim() !== '' && lat !== null && lng !== null;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!valid) return;
    const place = {
      name: draft.name.trim(),
      latitude: lat,
      longitude: lng,
      ...(draft.address.trim() && { address: draft.address.trim() }),
      ...(draft.city.trim() && { city: draft.city.trim() }),
    };
    try {
      await change({ kind: 'add', add: { place } });
      setDraft(EMPTY);
      setTried(false);
      setMap(false);
    } catch {
      // the shell shows the error toast (SPEC §8)
    }
  };
  return (
    <form className="form new-place" aria-labelledby={`${id}-h`} onSubmit={(e) => void submit(e)} noValidate>
      <h3 id={`${id}-h`}>{t('WIDGETS.NEW_PLACE')}</h3>
      <TextInput
        label={t('WIDGETS.PLACE_NAME')}
        value={draft.name}
        onValue={(name) => set({ name })}
        error={tried && draft.name.trim() === '' ? t('FORM.ERROR.REQUIRED') : null}
      />
      <TextInput label={t('WIDGETS.PLACE_ADDRESS')} value={draft.address} onValue={(address) => set({ address })} />
      <TextInput label={t('FORM.CITY')} value={draft.city} onValue={(city) => set({ city })} />
      <div className="coordinate-fields">
        <TextInput label={t('WIDGETS.LATITUDE')} value={draft.lat} onValue={(v) => set({ lat: v })} inputMode="decimal" />
        <TextInput label={t('WIDGETS.LONGITUDE')} value={draft.lng} onValue={(v) => set({ lng: v })} inputMode="decimal" />
      </div>
      {tried && (lat === null || lng === null) && <p className="field-error">{t('WIDGETS.COORDINATES_REQUIRED')}</p>}
      <button
        type="button"
        className="app-button app-button-small app-button-outline"
        aria-expanded={map}
        onClick={() => setMap((m) => !m)}
      >
        {t('WIDGETS.PICK_ON_MAP')}
      </button>
      {map && (
        <Suspense fallback={<p className="form-hint">{t('COMMON.LOADING')}</p>}>
          <MapPicker
            focus={null}
            point={lat !== null && lng !== null ? { lat, lng } : null}
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
