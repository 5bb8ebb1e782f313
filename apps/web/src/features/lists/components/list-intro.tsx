import { LIST_DESCRIPTION_MAX, type ListDetail } from '@spotlist/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translator';
import { TextInput } from '../../../components/text-input';
import { AiInline } from '../../../components/ai/ai-inline';
import { getCurrentLanguage } from '../../../lib/language';
import { useSetListDescription } from '../api/lists';

/**
 * The list's introduction while the owner edits the list: a text with Save, and the assistant's
 * ✨ actions (a draft from notes with the list's places as facts, or a rewrite of the text).
 */
export function ListIntro({ list }: { list: ListDetail }) {
  const { t } = useTranslation();
  const set = useSetListDescription(list.id);
  const stored = list.description ?? '';
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? stored;
  const places = list.items.list.slice(0, 30).map((i) => ({
    name: i.place.name,
    description: i.place.description ?? null,
    address: i.place.address ?? null,
    city: i.place.city ?? null,
  }));
  return (
    <section className="form-section" aria-labelledby="list-intro-heading">
      <h2 id="list-intro-heading">{t('LISTS.INTRO')}</h2>
      <TextInput label={t('LISTS.INTRO_LABEL')} value={shown} onValue={setText} rows={4} hint={t('LISTS.INTRO_HINT')} />
      <AiInline
        text={shown}
        language={getCurrentLanguage()}
        kind="listIntro"
        places={places}
        lists={[{ name: list.name, description: stored || null, places: places.map((p) => p.name) }]}
        maxChars={LIST_DESCRIPTION_MAX}
        onUse={setText}
      />
      <div className="button-row">
        <button
          type="button"
          className="app-button"
          disabled={set.isPending || text === null || text === stored || text.length > LIST_DESCRIPTION_MAX}
          onClick={() => set.mutate(shown.trim(), { onSuccess: () => setText(null) })}
        >
          {t('LISTS.INTRO_SAVE')}
        </button>
        {set.isSuccess && text === null && <p role="status">{t('LISTS.INTRO_SAVED')}</p>}
      </div>
      {set.isError && (
        <p className="form-error" role="alert">
          {t('ERROR.error.unknown')}
        </p>
      )}
    </section>
  );
}
