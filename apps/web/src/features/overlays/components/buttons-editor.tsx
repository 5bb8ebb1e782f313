import { OVERLAY_BUTTONS_MAX, type OverlayButton } from '@spotlist/contracts';
import { useTranslation } from '../../../lib/translator';
import { CatalogueSearch } from '../../../components/catalogue-search';
import { PlainSelect } from '../../../components/plain-select';
import { TextInput } from '../../../components/text-input';
import { useOwnLists } from '../api/overlays';
import { BUTTON_KIND_KEYS } from '../overlay-paths';

/** A button while it is edited: the kind's target may still be missing (saving then asks for it). */
export interface EditButton {
  kind: OverlayButton['kind'];
  label: string;
  url?: string;
  placeId?: number;
  /** The chosen place's name (shown here only, not saved). */
  placeName?: string;
  listId?: number;
}

const KINDS: OverlayButton['kind'][] = ['url', 'place', 'list', 'message'];

/** Stored buttons → editable ones. */
export const editButtons = (buttons: readonly OverlayButton[]): EditButton[] => buttons.map((b) => ({ ...b }));

/** Editable buttons → what the API takes (a button whose target is missing is sent as it is and refused with its key). */
export const apiButtons = (buttons: readonly EditButton[]): OverlayButton[] =>
  buttons.map((b): OverlayButton => {
    if (b.kind === 'url') return { kind: 'url', label: b.label, url: b.url ?? '' };
    if (b.kind === 'place') return { kind: 'place', label: b.label, placeId: b.placeId ?? 0 };
    if (b.kind === 'list') return { kind: 'list', label: b.label, listId: b.listId ?? 0 };
    return { kind: 'message', label: b.label };
  });

function ButtonRow({
  button,
  index,
  onChange,
  onRemove,
}: {
  button: EditButton;
  index: number;
  onChange: (b: EditButton) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  // a list button must name one of the business's public lists (the server checks)
  const lists = useOwnLists();
  const n = index + 1;
  return (
    <fieldset className="overlay-button-row" data-testid="overlay-button">
      <legend>{t('OVERLAYS.BUTTON_N', { n })}</legend>
      <div className="overlay-create-row">
        <PlainSelect
          label={t('OVERLAYS.BUTTON_KIND')}
          value={button.kind}
          onValue={(kind) => onChange({ kind, label: button.label })}
          options={KINDS.map((k) => ({ value: k, label: t(BUTTON_KIND_KEYS[k]) }))}
        />
        <TextInput label={t('OVERLAYS.BUTTON_LABEL')} value={button.label} onValue={(label) => onChange({ ...button, label })} />
      </div>
      {button.kind === 'url' && (
        <TextInput
          label={t('OVERLAYS.BUTTON_URL')}
          type="url"
          hint={t('OVERLAYS.BUTTON_URL_HINT')}
          value={button.url ?? ''}
          onValue={(url) => onChange({ ...button, url })}
        />
      )}
      {button.kind === 'place' && (
        <>
          <p className="form-hint">
            {button.placeId
              ? t('OVERLAYS.BUTTON_PLACE_CHOSEN', { name: button.placeName ?? `#${button.placeId}` })
              : t('OVERLAYS.BUTTON_PLACE_NONE')}
          </p>
          <CatalogueSearch
            label={t('OVERLAYS.BUTTON_PLACE_SEARCH')}
            resultsLabel={t('WIDGETS.RESULTS')}
            emptyText={t('WIDGETS.NO_RESULTS')}
            action={(place) => (
              <button
                type="button"
                className="app-button app-button-small app-button-outline"
                aria-pressed={button.placeId === place.id}
                onClick={() => onChange({ ...button, placeId: place.id, placeName: place.name })}
              >
                {t('OVERLAYS.BUTTON_PLACE_CHOOSE')}
              </button>
            )}
          />
        </>
      )}
      {button.kind === 'list' &&
        (lists.data && lists.data.length > 0 ? (
          <PlainSelect
            label={t('OVERLAYS.BUTTON_LIST')}
            hint={t('OVERLAYS.BUTTON_LIST_HINT')}
            value={String(button.listId ?? '')}
            onValue={(v) => onChange({ ...button, listId: Number(v) || undefined })}
            options={[{ value: '', label: t('FORM.CHOOSE') }, ...lists.data.map((l) => ({ value: String(l.id), label: l.name }))]}
          />
        ) : (
          <p className="form-hint">{t('OVERLAYS.BUTTON_NO_LISTS')}</p>
        ))}
      {button.kind === 'message' && <p className="form-hint">{t('OVERLAYS.BUTTON_MESSAGE_HINT')}</p>}
      <button type="button" className="app-button app-button-small app-button-clear" onClick={onRemove}>
        {t('OVERLAYS.BUTTON_REMOVE', { n })}
      </button>
    </fieldset>
  );
}

/** Up to two buttons: a link, a Spotlist place, a list, or "message us" (the guest app's chat). */
export function ButtonsEditor({ buttons, onChange }: { buttons: EditButton[]; onChange: (buttons: EditButton[]) => void }) {
  const { t } = useTranslation();
  return (
    <div className="overlay-buttons">
      <span className="rich-text-label">{t('OVERLAYS.BUTTONS')}</span>
      {buttons.map((b, i) => (
        <ButtonRow
          key={i}
          button={b}
          index={i}
          onChange={(next) => onChange(buttons.map((x, j) => (j === i ? next : x)))}
          onRemove={() => onChange(buttons.filter((_, j) => j !== i))}
        />
      ))}
      {buttons.length < OVERLAY_BUTTONS_MAX && (
        <button
          type="button"
          className="app-button app-button-small app-button-outline"
          onClick={() => onChange([...buttons, { kind: 'url', label: '', url: 'https://' }])}
        >
          {t('OVERLAYS.BUTTON_ADD')}
        </button>
      )}
    </div>
  );
}
