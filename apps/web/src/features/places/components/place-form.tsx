import '../place-pages.css';
import { UploadStatus, type PlacePicture, type PlaceView } from '@spotlist/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from '../../../lib/translator';
import { SelectField } from '../../../components/form/select-field';
import { VisibilityPicker } from '../../../components/visibility-picker';
import { TextAreaField } from '../../../components/form/text-area-field';
import { TextField } from '../../../components/form/text-field';
import { isApiError } from '../../../lib/api-client';
import { getCurrentLanguage } from '../../../lib/language';
import { useAppNavigate, useCurrentLocation } from '../../../lib/navigation';
import { PLACE_PATHS } from '../../../lib/place-paths';
import { invalidatePlaces } from '../../../lib/place-queries';
import { uploadPicture } from '../../../lib/uploads/picture';
import { isRetryableUpload } from '../../../lib/uploads/transport';
import { useUploadQueue } from '../../../lib/uploads/use-upload-queue';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { addPlace, deletePicture, updatePlace, useCountries } from '../api/save-place';
import { ACCESSIBILITY_KEYS, ACCESSIBILITY_TAGS, CATEGORIES, CATEGORY_KEYS, countryName } from './place-labels';
import { PlaceFormPictures } from './place-form-pictures';
import { EMPTY_PLACE, placeResolver, toAddBody, toFormValues, toUpdateBody, type PlaceFormValues } from './place-form-values';
import { PositionStatus, usePositionPreview } from './place-position';
import { MapLoading } from '../../../components/map-loading';
import { AiInline } from '../../../components/ai/ai-inline';

/** Leaflet loads only when "Pick on the map" is opened (components/map-picker.tsx). */
const MapPicker = lazy(() => import('../../../components/map-picker'));

const FIELDS: ReadonlySet<string> = new Set(Object.keys(EMPTY_PLACE));

/** An error.validation field (`body.website`, `body.texts.de.name`) as the form's field, if it has one. */
function formField(path: string): FieldPath<PlaceFormValues> | null {
  const parts = path.replace(/^body\./, '').split('.');
  const field = parts[0] === 'texts' ? parts[2] : parts[0];
  return field && FIELDS.has(field) ? (field as FieldPath<PlaceFormValues>) : null;
}

/**
 * The place form (its own chunk: react-hook-form, zod, the contracts' schemas, the upload pieces):
 * a new place (`place` null: POST /api/place/add, then its pictures, then its page) or one the user
 * may change (POST /api/place/update/{id}, then back to its page). Validated by the contracts'
 * PlaceInputSchema (place-form-values.ts); the server's refusals land on the fields (error.validation
 * `fields`) or above the buttons (any other key). Unsaved changes (also pictures waiting for the
 * save) are registered for the menu (SPEC §4). Coordinates are optional: the form says where the
 * place will be (its address, its city's centre, or the point set on the map; place-position.tsx).
 */
export default function PlaceForm({ place }: { place: PlaceView | null }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const navigate = useAppNavigate();
  const countries = useCountries();
  const [path] = useState(useCurrentLocation().pathname);
  // the language the texts were read in (see toUpdateBody): a later switch does not move them
  const [lang] = useState(getCurrentLanguage);
  /** The place saved by this form (a new place once added, else the one edited). */
  const [saved, setSaved] = useState<PlaceView | null>(place);
  /** Its id for the uploads (read when an upload starts, right after the place was added). */
  const placeId = useRef<number | null>(place?.id ?? null);
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [map, setMap] = useState(false);

  const errorText = (error: unknown): string => {
    const key = isApiError(error) ? `ERROR.${error.key}` : 'ERROR.error.unknown';
    return i18n.exists(key) ? t(key) : t('ERROR.error.unknown');
  };

  const {
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    formState: { isDirty, isSubmitted, isSubmitting },
  } = useForm<PlaceFormValues>({ resolver: placeResolver, defaultValues: place ? toFormValues(place) : EMPTY_PLACE });

  const { queue, state } = useUploadQueue<unknown>({
    send: (item, hooks) => {
      const id = placeId.current;
      if (id === null) return Promise.reject(new Error('the place is not saved yet'));
      return uploadPicture(item.file, { path: `/place/${id}/picture`, id, fileName: item.fileName }, hooks);
    },
    retryable: isRetryableUpload,
    // the place is read again: its answer lists the new picture
    onDone: () => void invalidatePlaces(client),
  });
  const waiting = state.items.some((it) => it.status === UploadStatus.New);

  // SPEC §4: the menu asks before leaving unsaved changes; "No" drops them (pictures not yet sent too)
  useUnsavedChanges(path, isDirty || waiting, () => {
    reset();
    for (const it of queue.getState().items) if (it.status === UploadStatus.New) queue.remove(it.id);
  });

  const onPicked = (file: File) => {
    const item = queue.add(file);
    if (placeId.current !== null) void queue.retry(item.id);
  };

  const onRemovePicture = async (picture: PlacePicture) => {
    setFormError(null);
    try {
      await deletePicture(picture.id);
      await invalidatePlaces(client);
    } catch (error) {
      setFormError(errorText(error));
    }
  };

  const submit = async (values: PlaceFormValues) => {
    setFormError(null);
    setNotice(null);
    let answer: PlaceView;
    try {
      answer = saved ? await updatePlace(saved.id, toUpdateBody(values, saved, lang)) : await addPlace(toAddBody(values));
    } catch (error) {
      const fields = isApiError(error) ? (error.fields ?? []) : [];
      let shown = false;
      for (const f of fields) {
        const field = formField(f.path);
        if (field) {
          setError(field, { message: f.key }, { shouldFocus: !shown });
          shown = true;
        }
      }
      if (!shown) setFormError(errorText(error));
      return;
    }
    reset(toFormValues(answer));
    setSaved(answer);
    placeId.current = answer.id;
    void invalidatePlaces(client);
    // a new place: the pictures picked for it go up now
    if (!saved && queue.getState().items.some((it) => it.status === UploadStatus.New)) await queue.uploadAll();
    const items = queue.getState().items;
    if (items.some((it) => it.status === UploadStatus.Error || it.status === UploadStatus.Cancel)) {
      // the form stays: Try again per picture, or go to the place
      setNotice(t('PLACE.SAVED_PICTURES_FAILED'));
      return;
    }
    if (items.some((it) => it.status === UploadStatus.Start || it.status === UploadStatus.Progress)) {
      // a picture picked while editing still goes up: leaving would cancel it
      setNotice(t('PLACE.SAVED'));
      return;
    }
    // an edit goes back to the place; a new place's page replaces the form (root: no way back to an
    // empty form; the page links to My places)
    navigate(PLACE_PATHS.place(answer.id), saved ? 'back' : 'root');
  };

  const [name, address, city, country, latitude, longitude, description, category] = useWatch({
    control,
    name: ['name', 'address', 'city', 'country', 'latitude', 'longitude', 'description', 'category'],
  });
  // where the place will be: compared with the place as saved (`saved`, the answer after a save)
  const preview = usePositionPreview({ address, city, country, latitude, longitude }, saved);
  const pointLat = 'point' in preview ? preview.point.lat : null;
  const pointLng = 'point' in preview ? preview.point.lng : null;
  // one object per position: the map follows it (components/map-picker.tsx), not every render
  const point = useMemo(() => (pointLat !== null && pointLng !== null ? { lat: pointLat, lng: pointLng } : null), [pointLat, pointLng]);
  const setCoordinates = (lat: string, lng: string) => {
    const options = { shouldDirty: true, shouldValidate: isSubmitted };
    setValue('latitude', lat, options);
    setValue('longitude', lng, options);
  };
  const setPoint = (p: { lat: number; lng: number }) => setCoordinates(p.lat.toFixed(6), p.lng.toFixed(6));

  const countryChoices = [
    { value: '', label: t('PLACE.NO_COUNTRY') },
    ...(countries.data ?? []).map((c) => ({ value: c.countrykey, label: c.name })),
  ];
  // a code the list does not have (the fallback list) is still shown, by its Intl name
  if (country && !countryChoices.some((c) => c.value === country))
    countryChoices.push({ value: country, label: countryName(country, i18n.language) });
  const savedNew = !place && saved !== null;

  return (
    <form onSubmit={(e) => void handleSubmit(submit)(e)} noValidate className="form place-form">
      <section className="form-section" aria-labelledby="place-form-about">
        <h2 id="place-form-about">{t('PLACE.ABOUT')}</h2>
        <TextField control={control} name="name" label={t('PLACE.NAME')} />
        <TextAreaField control={control} name="description" label={t('PLACE.DESCRIPTION')} maxLength={5000} />
        <AiInline
          text={description ?? ''}
          language={lang}
          kind="placeDescription"
          places={name.trim() ? [{ name: name.trim(), address: address || null, city: city || null, category: category || null }] : []}
          maxChars={5000}
          onUse={(text) => setValue('description', text, { shouldDirty: true, shouldValidate: isSubmitted })}
        />
        <SelectField
          control={control}
          name="category"
          label={t('PLACE.CATEGORY_LABEL')}
          choices={CATEGORIES.map((c) => ({ value: c, label: t(CATEGORY_KEYS[c]) }))}
        />
        <Controller
          control={control}
          name="accessibility"
          render={({ field }) => (
            <fieldset className="radio-field place-tags">
              <legend>{t('PLACE.ACCESSIBILITY_LABEL')}</legend>
              {ACCESSIBILITY_TAGS.map((tag) => (
                <label key={tag} className="check-field">
                  <input
                    type="checkbox"
                    name={field.name}
                    checked={field.value.includes(tag)}
                    onChange={(e) => field.onChange(e.target.checked ? [...field.value, tag] : field.value.filter((x) => x !== tag))}
                    onBlur={field.onBlur}
                  />
                  {t(ACCESSIBILITY_KEYS[tag])}
                </label>
              ))}
            </fieldset>
          )}
        />
        <Controller
          control={control}
          name="visibility"
          render={({ field }) => <VisibilityPicker label={t('PLACE.VISIBILITY')} value={field.value} onChange={field.onChange} />}
        />
      </section>

      <section className="form-section" aria-labelledby="place-form-address">
        <h2 id="place-form-address">{t('PLACE.ADDRESS')}</h2>
        <TextField control={control} name="address" label={t('PLACE.STREET')} autocomplete="street-address" />
        <div className="form-row">
          <TextField control={control} name="city" label={t('FORM.CITY')} autocomplete="address-level2" />
          <SelectField control={control} name="country" label={t('FORM.COUNTRY')} choices={countryChoices} />
        </div>
        <div className="form-row">
          <TextField control={control} name="website" label={t('PLACE.WEBSITE')} type="url" inputmode="url" autocomplete="url" />
          <TextField control={control} name="phone" label={t('PLACE.PHONE')} inputmode="tel" autocomplete="tel" />
        </div>
      </section>

      <section className="form-section" aria-labelledby="place-form-position">
        <h2 id="place-form-position">{t('PLACE.POSITION')}</h2>
        <PositionStatus preview={preview} />
        <p className="button-row">
          <button
            type="button"
            className="app-button app-button-small app-button-outline"
            aria-expanded={map}
            onClick={() => setMap((m) => !m)}
          >
            {t(map ? 'LOCATIONS.HIDE_MAP' : point ? 'PLACE.REFINE_ON_MAP' : 'LOCATIONS.SHOW_MAP')}
          </button>
          {(latitude.trim() !== '' || longitude.trim() !== '') && (
            <button type="button" className="app-button app-button-small app-button-outline" onClick={() => setCoordinates('', '')}>
              {t('PLACE.POSITION_RESET')}
            </button>
          )}
        </p>
        {map && (
          <Suspense fallback={<MapLoading picker />}>
            <MapPicker focus={point} point={point} onPoint={setPoint} />
          </Suspense>
        )}
        <div className="form-row">
          <TextField control={control} name="latitude" label={t('WIDGETS.LATITUDE')} inputmode="decimal" />
          <TextField control={control} name="longitude" label={t('WIDGETS.LONGITUDE')} inputmode="decimal" />
        </div>
      </section>

      <PlaceFormPictures
        name={name || t('PLACE.TITLE')}
        pictures={place?.pictures ?? []}
        queue={queue}
        state={state}
        saved={saved !== null}
        onPicked={onPicked}
        onRemove={onRemovePicture}
      />

      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      {notice && !isDirty && (
        <p className="form-success" role="status">
          {notice}
        </p>
      )}
      <div className="button-row">
        {saved && (
          <button type="button" className="app-button app-button-outline" onClick={() => navigate(PLACE_PATHS.place(saved.id), 'back')}>
            {t(savedNew ? 'PLACE.SHOW' : 'COMMON.CANCEL')}
          </button>
        )}
        <button type="submit" className="app-button" disabled={isSubmitting}>
          {t(saved ? 'PLACE.SAVE' : 'PLACE.CREATE')}
        </button>
      </div>
    </form>
  );
}
