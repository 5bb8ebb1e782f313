import type { ReactNode } from 'react';
import './empty-state.css';

/** The small pictures an empty state can show (decorative: the sentence says it). */
export type EmptyPicture = 'empty' | 'not-found' | 'search';

/** Inline SVG, drawn with the theme's colours (empty-state.css), so it follows dark mode. */
export function EmptyStatePicture({ picture = 'empty' }: { picture?: EmptyPicture }) {
  return (
    <svg className="empty-state-picture" viewBox="0 0 120 96" aria-hidden="true">
      {picture === 'not-found' && (
        <>
          <path className="empty-state-shape" d="M20 84 44 20l28 40 12-16 20 40z" />
          <circle className="empty-state-accent" cx="88" cy="24" r="10" />
          <path className="empty-state-line" d="M52 70h16M60 62v16" transform="rotate(45 60 70)" />
        </>
      )}
      {picture === 'empty' && (
        <>
          <path className="empty-state-shape" d="M14 52h28l6 12h24l6-12h28v30a6 6 0 0 1-6 6H20a6 6 0 0 1-6-6z" />
          <path className="empty-state-line" d="M22 52 32 26h56l10 26" />
          <circle className="empty-state-accent" cx="60" cy="18" r="8" />
        </>
      )}
      {picture === 'search' && (
        <>
          <circle className="empty-state-shape" cx="52" cy="44" r="30" />
          <circle className="empty-state-accent" cx="52" cy="44" r="14" />
          <path className="empty-state-line" d="M74 66l20 20" />
        </>
      )}
    </svg>
  );
}

/**
 * What a page or section shows when it has nothing to show: a small picture, one sentence and
 * one way on (a link or button styled .app-button). `title` adds a heading above the sentence
 * (a page-level empty state; `level` 1 when it is the page's only heading).
 */
export function EmptyState({
  text,
  action,
  title,
  level = 2,
  picture = 'empty',
  role,
  compact = false,
}: {
  text: string;
  action?: ReactNode;
  title?: string;
  level?: 1 | 2;
  picture?: EmptyPicture;
  /** 'status' when it replaces content the reader was waiting for (a not-found answer). */
  role?: 'status';
  /** Inside a form: a small picture beside the sentence, the form's own control below being the way on. */
  compact?: boolean;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className={compact ? 'empty-state empty-state-compact' : 'empty-state'} role={role}>
      <EmptyStatePicture picture={picture} />
      {title && <Heading>{title}</Heading>}
      <p>{text}</p>
      {action}
    </div>
  );
}
