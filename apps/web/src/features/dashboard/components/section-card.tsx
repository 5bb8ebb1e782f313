import type { ReactNode } from 'react';
import { useId } from 'react';
import { AppLink } from '../../../components/app-link';
import { useTranslation } from '../../../lib/translator';

/**
 * A dashboard section: a card with its heading, an optional link to the section's full page, and
 * one of four states — loading (skeleton rows), failed (one sentence and a retry), empty (one
 * sentence and one action) or its content. A region named by its heading.
 */
export function SectionCard({
  title,
  more,
  state,
  empty,
  onRetry,
  children,
  wide = false,
}: {
  title: string;
  /** The section's full page: `{ to, label }`. */
  more?: { to: string; label: string };
  state: 'loading' | 'error' | 'empty' | 'ready';
  empty?: { text: string; action: ReactNode };
  onRetry?: () => void;
  children?: ReactNode;
  /** Spans two grid columns on wide screens. */
  wide?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section
      className={wide ? 'dashboard-card dashboard-card-wide' : 'dashboard-card'}
      aria-labelledby={id}
      aria-busy={state === 'loading'}
    >
      <header className="dashboard-card-header">
        <h2 id={id}>{title}</h2>
        {more && <AppLink to={more.to}>{more.label}</AppLink>}
      </header>
      {state === 'loading' && <SkeletonRows />}
      {state === 'error' && (
        <p className="dashboard-empty">
          <span>{t('DASHBOARD.LOAD_FAILED')}</span>
          {onRetry && (
            <button type="button" className="app-button app-button-small app-button-outline" onClick={onRetry}>
              {t('DASHBOARD.RETRY')}
            </button>
          )}
        </p>
      )}
      {state === 'empty' && empty && (
        <div className="dashboard-empty">
          <p>{empty.text}</p>
          {empty.action}
        </div>
      )}
      {state === 'ready' && children}
    </section>
  );
}

/** Grey rows in the shape of the content while it loads (decorative: the section is aria-busy). */
export function SkeletonRows({ rows = 3 }: { rows?: number }) {
  return (
    <ul className="dashboard-skeleton" aria-hidden="true" data-testid="skeleton">
      {Array.from({ length: rows }, (_, i) => (
        <li key={i}>
          <span className="dashboard-skeleton-thumb" />
          <span className="dashboard-skeleton-lines">
            <span />
            <span />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The state of a section fed by one query whose data is a list. */
export function sectionState(query: { isPending: boolean; isError: boolean }, count: number): 'loading' | 'error' | 'empty' | 'ready' {
  if (query.isPending) return 'loading';
  if (query.isError) return 'error';
  return count === 0 ? 'empty' : 'ready';
}
