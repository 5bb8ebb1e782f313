import type { ReactNode } from 'react';
import { useId } from 'react';
import { AppLink } from '../../../components/app-link';
import { EmptyState } from '../../../components/empty-state';
import { useTranslation } from '../../../lib/translator';
import '../../../components/card.css';
import '../../../components/skeleton.css';

/**
 * A dashboard section: a card (components/card.css) with its heading, an optional link to the
 * section's full page, and one of four states — loading (skeleton rows), failed (one sentence and
 * a retry), empty (components/empty-state: a picture, one sentence and one action) or its
 * content. A region named by its heading.
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
    <section className={wide ? 'card dashboard-card-wide' : 'card'} aria-labelledby={id} aria-busy={state === 'loading'}>
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
      {state === 'empty' && empty && <EmptyState text={empty.text} action={empty.action} />}
      {state === 'ready' && children}
    </section>
  );
}

/**
 * Grey rows in the shape of the content while it loads (components/skeleton.css's shapes;
 * decorative: the section is aria-busy). `dashboard-skeleton` is what the e2e checks wait for.
 */
export function SkeletonRows({ rows = 3 }: { rows?: number }) {
  return (
    <ul className="skeleton dashboard-skeleton" aria-hidden="true" data-testid="skeleton">
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className="skeleton-row">
          <span className="skeleton-block skeleton-thumb" />
          <span className="skeleton-lines">
            <span className="skeleton-line" />
            <span className="skeleton-line" />
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
