import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/translator';
import { isApiError } from '../../../lib/api-client';
import { useDeleteFilter, useSaveFilter, useSavedFilters } from '../api/admin';

/** Only the filters that say something: empty ones are not saved. */
const meaningful = (filters: Record<string, string>) => Object.fromEntries(Object.entries(filters).filter(([, v]) => v.trim() !== ''));

/**
 * A list view's saved filters (SPEC §7): choose one to apply it, save the current filters under a
 * name, delete the chosen one. Each account keeps its own.
 */
export function SavedFilters({
  view,
  filters,
  onApply,
}: {
  view: string;
  filters: Record<string, string>;
  onApply: (query: Record<string, string>) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const saved = useSavedFilters(view);
  const save = useSaveFilter(view);
  const remove = useDeleteFilter(view);
  const [chosen, setChosen] = useState('');
  const [message, setMessage] = useState<{ kind: 'status' | 'alert'; text: string } | null>(null);
  const current = meaningful(filters);
  const ask = async () => {
    setMessage(null);
    // ion-alert loads with the first question (components/ionic/alert)
    const { presentAlert } = await import('../../../components/ionic/alert');
    const { role, data } = await presentAlert({
      header: t('CONSOLE.SAVE_FILTER'),
      message: t('CONSOLE.SAVE_FILTER_MESSAGE'),
      inputs: [
        {
          name: 'name',
          type: 'text',
          attributes: { maxlength: 80, 'aria-label': t('CONSOLE.FILTER_NAME') },
          placeholder: t('CONSOLE.FILTER_NAME'),
        },
      ],
      buttons: [
        { text: t('COMMON.CANCEL'), role: 'cancel' },
        { text: t('CONSOLE.SAVE'), role: 'confirm' },
      ],
    });
    const name = ((data as { values?: { name?: string } } | undefined)?.values?.name ?? '').trim();
    if (role !== 'confirm' || !name) return;
    try {
      const made = await save.mutateAsync({ name, query: current });
      setChosen(String(made.id));
      setMessage({ kind: 'status', text: t('CONSOLE.FILTER_SAVED', { name }) });
    } catch (error) {
      setMessage({ kind: 'alert', text: t(`ERROR.${isApiError(error) ? error.key : 'error.unknown'}`) });
    }
  };
  const list = saved.data ?? [];
  return (
    <div className="saved-filters">
      {list.length > 0 && (
        <div className="form-field select-field">
          <label htmlFor={`${id}-saved`}>{t('CONSOLE.SAVED_FILTERS')}</label>
          <select
            id={`${id}-saved`}
            className="native-select"
            value={chosen}
            onChange={(e) => {
              setChosen(e.target.value);
              setMessage(null);
              const f = list.find((x) => String(x.id) === e.target.value);
              if (f) onApply(f.query);
            }}
          >
            <option value="">{t('CONSOLE.CHOOSE_FILTER')}</option>
            {list.map((f) => (
              <option key={f.id} value={String(f.id)}>
                {f.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="button-row">
        <button
          type="button"
          className="app-button app-button-outline app-button-small"
          onClick={() => void ask()}
          disabled={save.isPending}
        >
          {t('CONSOLE.SAVE_FILTER')}
        </button>
        {chosen && (
          <button
            type="button"
            className="app-button app-button-clear app-button-small"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(Number(chosen), {
                onSuccess: () => {
                  setChosen('');
                  setMessage({ kind: 'status', text: t('CONSOLE.FILTER_DELETED') });
                },
              })
            }
          >
            {t('CONSOLE.DELETE_FILTER')}
          </button>
        )}
      </div>
      {message && (
        <p className={message.kind === 'status' ? 'form-success' : 'form-error'} role={message.kind}>
          {message.text}
        </p>
      )}
    </div>
  );
}
