import { useState } from 'react';
import { VisibilityPicker } from '../../../components/visibility-picker';
import { useTranslation } from '../../../lib/translator';
import { useSetListVisibility } from '../api/lists';

/**
 * The owner's choice of who reads the list: the five levels, saved as soon as one is picked. The
 * choice shows at once and stays while the answer comes back (a failed save shows the level as
 * stored again, with the error).
 */
export function ListVisibility({ listId, level }: { listId: number; level: number }) {
  const { t } = useTranslation();
  const set = useSetListVisibility(listId);
  // the level picked here, until the stored one says the same (or the save failed)
  const [picked, setPicked] = useState<number | null>(null);
  const shown = picked !== null && picked !== level && !set.isError ? picked : level;
  return (
    <section className="form-section" aria-labelledby="visibility-heading">
      <h2 id="visibility-heading">{t('LISTS.VISIBILITY')}</h2>
      <VisibilityPicker
        label={t('LISTS.VISIBILITY_LEGEND')}
        value={shown}
        onChange={(l) => {
          setPicked(l);
          set.mutate(l);
        }}
      />
      {set.isError && (
        <p className="form-error" role="alert">
          {t('ERROR.error.unknown')}
        </p>
      )}
    </section>
  );
}
