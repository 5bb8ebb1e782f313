import type { WidgetDetail, WidgetPoiView } from '@spotlist/contracts';
import { createElement, lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../lib/translator';
import { EmptyState } from '../../../components/empty-state';
import { IonReorderGroup } from '../../../components/ionic/reorder-group';
import { TextInput } from '../../../components/text-input';
import type { WidgetChange } from '../api/widgets';
import { languageNameKey } from '../widget-paths';
import { LanguageSwitch } from './language-switch';
import { config } from '../../../lib/config';
import { formatAddress } from '../../../lib/format';
import { apiResourceUrl } from '../../../lib/image';

/** The picture upload (the upload client and queue) loads when a POI's picture is first changed. */
const PoiPicture = lazy(() => import('./poi-picture'));

/** `order` with the item at `from` moved to `to`. */
export function moved<T>(order: readonly T[], from: number, to: number): T[] {
  const next = [...order];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

function PoiTexts({
  poi,
  lang,
  change,
  busy,
}: {
  poi: WidgetPoiView;
  lang: string;
  change: (c: WidgetChange) => Promise<unknown>;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const own = poi.texts[lang as keyof typeof poi.texts];
  const [name, setName] = useState(own?.name ?? '');
  const [description, setDescription] = useState(own?.description ?? '');
  const language = t(languageNameKey(lang));
  const save = () => {
    const texts: Record<string, { name?: string; description?: string }> = { ...poi.texts, [lang]: { name, description } };
    void change({ kind: 'texts', poiId: poi.id, texts }).catch(() => undefined);
  };
  return (
    <div className="poi-texts">
      <p className="form-hint">{t('WIDGETS.POI_TEXTS_HINT')}</p>
      <TextInput label={t('WIDGETS.POI_NAME_IN', { language })} value={name} onValue={setName} placeholder={poi.place.name} />
      <TextInput
        label={t('WIDGETS.POI_DESCRIPTION_IN', { language })}
        value={description}
        onValue={setDescription}
        rows={3}
        placeholder={poi.place.description ?? ''}
      />
      <button type="button" className="app-button app-button-small" disabled={busy} onClick={save}>
        {t('WIDGETS.SAVE_TEXTS')}
      </button>
    </div>
  );
}

function PoiRow(props: {
  poi: WidgetPoiView;
  index: number;
  count: number;
  lang: string;
  busy: boolean;
  move: (from: number, to: number) => void;
  change: (c: WidgetChange) => Promise<unknown>;
  onUploaded: (w: WidgetDetail | null) => void;
}) {
  const { poi, index, count, lang, busy, move, change, onUploaded } = props;
  const { t } = useTranslation();
  const [open, setOpen] = useState<'texts' | 'picture' | null>(null);
  const [coverFailed, setCoverFailed] = useState(false);
  const localName = poi.texts[lang as keyof typeof poi.texts]?.name;
  const name = localName || poi.place.name;
  const toggle = (part: 'texts' | 'picture') => setOpen((o) => (o === part ? null : part));
  return (
    <div className="place-row poi-row" role="listitem" data-testid="widget-poi">
      {createElement('ion-reorder', { 'aria-hidden': 'true', class: 'poi-handle' }, '≡')}
      {poi.picture ? (
        <img className="poi-thumb" src={apiResourceUrl(poi.picture.urlThumb240)} alt="" width={48} height={48} />
      ) : coverFailed ? (
        <span className="poi-thumb" />
      ) : (
        // the place's drawn cover (category colour and icon); a place only its owner may see has none without a login
        <img
          className="poi-thumb"
          src={`${config.apiBase}/place/${poi.place.id}/cover.svg?lang=${encodeURIComponent(lang)}`}
          alt=""
          width={48}
          height={48}
          loading="lazy"
          onError={() => setCoverFailed(true)}
        />
      )}
      <div>
        <strong>{name}</strong>
        <span className="form-hint">{formatAddress(poi.place.address, poi.place.city)}</span>
      </div>
      <span className="row-actions">
        <button
          type="button"
          className="app-button app-button-small app-button-outline"
          disabled={busy || index === 0}
          aria-label={t('WIDGETS.UP', { name })}
          onClick={() => move(index, index - 1)}
        >
          ↑
        </button>
        <button
          type="button"
          className="app-button app-button-small app-button-outline"
          disabled={busy || index === count - 1}
          aria-label={t('WIDGETS.DOWN', { name })}
          onClick={() => move(index, index + 1)}
        >
          ↓
        </button>
        <button
          type="button"
          className="app-button app-button-small app-button-outline"
          aria-expanded={open === 'texts'}
          aria-label={t('WIDGETS.EDIT_TEXTS', { name })}
          onClick={() => toggle('texts')}
        >
          {t('WIDGETS.TEXTS')}
        </button>
        <button
          type="button"
          className="app-button app-button-small app-button-outline"
          aria-expanded={open === 'picture'}
          aria-label={t('WIDGETS.EDIT_PICTURE', { name })}
          onClick={() => toggle('picture')}
        >
          {t('WIDGETS.PICTURE')}
        </button>
        <button
          type="button"
          className="app-button app-button-small app-button-danger"
          disabled={busy}
          aria-label={t('WIDGETS.REMOVE', { name })}
          onClick={() => void change({ kind: 'remove', poiId: poi.id }).catch(() => undefined)}
        >
          {t('WIDGETS.REMOVE_SHORT')}
        </button>
      </span>
      {open === 'texts' && <PoiTexts key={lang} poi={poi} lang={lang} change={change} busy={busy} />}
      {open === 'picture' && (
        <Suspense fallback={<p className="form-hint">{t('COMMON.LOADING')}</p>}>
          <PoiPicture poi={poi} name={name} onUploaded={onUploaded} />
        </Suspense>
      )}
    </div>
  );
}

/**
 * The widget's POIs in order: drag by the handle (ion-reorder-group) or move with the arrow
 * buttons (keyboard), remove, the POI's own name and description per content language, a picture.
 * A move shows at once and sends every POI id in the new order (POST /api/widgetpoi/reorder);
 * the answer (or, on failure, the cached widget) decides what stays.
 */
export function PoiList({
  widget,
  languages,
  change,
  busy,
  onUploaded,
}: {
  widget: WidgetDetail;
  languages: string[];
  change: (c: WidgetChange) => Promise<unknown>;
  busy: boolean;
  onUploaded: (w: WidgetDetail | null) => void;
}) {
  const { t } = useTranslation();
  const sorted = [...widget.pois].sort((a, b) => a.position - b.position);
  // a move shows at once; the answer (or, on failure, the cached widget) then decides
  const [pending, setPending] = useState<WidgetPoiView[] | null>(null);
  const order = pending ?? sorted;
  const [lang, setLang] = useState(languages[0]);
  const shownLang = languages.includes(lang) ? lang : languages[0];

  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= order.length) return;
    const next = moved(order, from, to);
    setPending(next);
    change({ kind: 'reorder', poiIds: next.map((p) => p.id) })
      .catch(() => undefined)
      .finally(() => setPending(null));
  };

  return (
    <section className="form-section" aria-labelledby="widget-pois-heading">
      <h2 id="widget-pois-heading">{t('WIDGETS.POIS')}</h2>
      <LanguageSwitch languages={languages} value={shownLang} onChange={setLang} label={t('WIDGETS.TEXT_LANGUAGE')} />
      {order.length === 0 ? (
        <EmptyState
          text={t('WIDGETS.NO_POIS')}
          action={
            <button
              type="button"
              className="app-button"
              // the search of "Add places" below, on this page (Ionic may keep another widget's page in the DOM)
              onClick={(e) =>
                e.currentTarget.closest('.ion-page')?.querySelector<HTMLElement>('[aria-labelledby="widget-add-heading"] input')?.focus()
              }
            >
              {t('WIDGETS.ADD_POIS')}
            </button>
          }
        />
      ) : (
        <IonReorderGroup
          disabled={busy}
          role="list"
          aria-label={t('WIDGETS.POIS')}
          className="place-list poi-list"
          onIonItemReorder={(e) => {
            const { from, to } = e.detail;
            // the DOM stays as React drew it; the new order is rendered from state
            void e.detail.complete(false);
            move(from, to);
          }}
        >
          {order.map((poi, index) => (
            <PoiRow
              key={poi.id}
              poi={poi}
              index={index}
              count={order.length}
              lang={shownLang}
              busy={busy}
              move={move}
              change={change}
              onUploaded={onUploaded}
            />
          ))}
        </IonReorderGroup>
      )}
    </section>
  );
}
