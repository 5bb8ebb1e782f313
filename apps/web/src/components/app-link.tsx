import type { MouseEvent, ReactNode } from 'react';
import { useAppNavigate, type NavigationMode } from '../lib/navigation';

/**
 * An in-app link: a real <a href> (role link, opens in a new tab with a modifier key) that
 * navigates through Ionic's router on a plain click.
 */
export function AppLink({
  to,
  mode = 'forward',
  className,
  children,
  'aria-current': current,
  'aria-label': label,
}: {
  to: string;
  mode?: NavigationMode;
  className?: string;
  children: ReactNode;
  /** 'page' on the link to the page shown (a tab, a menu). */
  'aria-current'?: 'page';
  /** A name for a link whose visible text is not enough alone (a grid cell). */
  'aria-label'?: string;
}) {
  const navigate = useAppNavigate();
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(to, mode);
  };
  return (
    <a href={to} onClick={onClick} className={className} aria-current={current} aria-label={label}>
      {children}
    </a>
  );
}

/** A link to another site (footer, help, logo): new tab, no opener. */
export function ExternalLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
    </a>
  );
}
