import { useTranslation } from '../lib/translator';
import './skeleton.css';

/**
 * Grey shapes where content is about to be (while the first answer loads; a later refetch keeps
 * the old content instead). `rows`: list rows with a thumbnail (like .place-row with
 * components/place-thumb); `cards`: cards of a grid. One status for assistive technology says
 * "Loading…"; the shapes themselves are hidden from it. The shimmer stops under
 * prefers-reduced-motion.
 */
export function Skeleton({ variant = 'rows', count = 3 }: { variant?: 'rows' | 'cards'; count?: number }) {
  const { t } = useTranslation();
  const items = Array.from({ length: count }, (_, i) => i);
  const lines = (
    <span className="skeleton-lines">
      <span className="skeleton-line" />
      <span className="skeleton-line" />
    </span>
  );
  return (
    <div role="status" aria-label={t('COMMON.LOADING')}>
      <ul className={variant === 'cards' ? 'skeleton skeleton-cards' : 'skeleton'} aria-hidden="true">
        {items.map((i) =>
          variant === 'cards' ? (
            <li key={i} className="skeleton-card">
              <span className="skeleton-block skeleton-media" />
              {lines}
            </li>
          ) : (
            <li key={i} className="skeleton-row">
              <span className="skeleton-block skeleton-thumb" />
              {lines}
            </li>
          ),
        )}
      </ul>
    </div>
  );
}
