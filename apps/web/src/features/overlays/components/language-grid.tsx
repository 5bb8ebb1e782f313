import type { OverlayView } from '@spotlist/contracts';
import { useTranslation } from '../../../lib/translator';
import { AppLink } from '../../../components/app-link';
import { languageNameKey } from '../../../lib/language';
import { cellState, FORMAT_KEYS, gridLanguages, missingLanguages, OVERLAY_PATHS, type CellState } from '../overlay-paths';

/** A state's words (the cell's visible text and its tooltip). */
export const STATE_KEYS: Record<CellState, string> = {
  published: 'OVERLAYS.STATE_PUBLISHED',
  changed: 'OVERLAYS.STATE_CHANGED',
  draft: 'OVERLAYS.STATE_DRAFT',
  missing: 'OVERLAYS.STATE_MISSING',
};

/** A small mark per state (decorative: the word beside it says it). */
const MARKS: Record<CellState, string> = { published: '✓', changed: '●', draft: '○', missing: '+' };

export function StateBadge({ state }: { state: CellState }) {
  const { t } = useTranslation();
  return (
    <span className={`overlay-state overlay-state-${state}`}>
      <span aria-hidden="true">{MARKS[state]}</span> {t(STATE_KEYS[state])}
    </span>
  );
}

/**
 * The overview: one row per overlay, one column per language the business offers; each cell is
 * that language's state (published, changed since publishing, draft, missing) and opens the
 * editor in that language. A real table: a screen reader reads each cell with its overlay and
 * language. On a phone the table scrolls sideways inside its box; the names stay first.
 */
export function LanguageGrid({ overlays, offered }: { overlays: OverlayView[]; offered: string[] }) {
  const { t } = useTranslation();
  const columns = gridLanguages(offered, overlays);
  return (
    <div className="overlay-grid-box">
      <table className="overlay-grid" data-testid="overlay-grid">
        <caption className="visually-hidden">{t('OVERLAYS.GRID')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('OVERLAYS.OVERLAY')}</th>
            {columns.map((lang) => (
              <th key={lang} scope="col" lang={lang}>
                {t(languageNameKey(lang))}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {overlays.map((o) => {
            const missing = missingLanguages(o, offered).length;
            return (
              <tr key={o.id} data-testid="overlay-row">
                <th scope="row">
                  <AppLink to={OVERLAY_PATHS.editor(o.id)} className="overlay-grid-name">
                    {o.name}
                  </AppLink>
                  <span className="overlay-grid-meta">
                    {t(FORMAT_KEYS[o.format])}
                    {missing > 0 && (
                      <span className="overlay-missing-badge" data-testid="missing-badge">
                        {t('OVERLAYS.MISSING_COUNT', { count: missing })}
                      </span>
                    )}
                  </span>
                </th>
                {columns.map((lang) => {
                  const state = cellState(o, lang);
                  return (
                    <td key={lang}>
                      <AppLink
                        to={OVERLAY_PATHS.editor(o.id, lang)}
                        className={`overlay-cell overlay-cell-${state}`}
                        aria-label={t('OVERLAYS.CELL_LABEL', {
                          name: o.name,
                          language: t(languageNameKey(lang)),
                          state: t(STATE_KEYS[state]),
                        })}
                      >
                        <StateBadge state={state} />
                      </AppLink>
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
