import { Permission, type PermissionKey } from '@spotlist/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/translator';
import { AppLink } from '../../../components/app-link';
import { useAuth } from '../../../lib/auth';
import { PATHS } from '../../../lib/paths';
import '../../../components/tab-strip.css';
import '../admin.css';

export interface ConsoleSection {
  id: 'users' | 'reports' | 'audit' | 'jobs' | 'translations' | 'reference';
  path: string;
  titleKey: string;
  hintKey: string;
  /** Any one of these opens the section (the server checks the same, route by route). */
  permissions: readonly PermissionKey[];
}

export const CONSOLE_SECTIONS: readonly ConsoleSection[] = [
  {
    id: 'reports',
    path: PATHS.consoleReports,
    titleKey: 'CONSOLE.REPORTS',
    hintKey: 'CONSOLE.REPORTS_HINT',
    permissions: [Permission.moderationReports],
  },
  {
    id: 'users',
    path: PATHS.consoleUsers,
    titleKey: 'CONSOLE.USERS',
    hintKey: 'CONSOLE.USERS_HINT',
    permissions: [Permission.adminUsers, Permission.adminRoles, Permission.clientStaff],
  },
  {
    id: 'audit',
    path: PATHS.consoleAudit,
    titleKey: 'CONSOLE.AUDIT',
    hintKey: 'CONSOLE.AUDIT_HINT',
    permissions: [Permission.auditView],
  },
  {
    id: 'jobs',
    path: PATHS.consoleJobs,
    titleKey: 'CONSOLE.JOBS',
    hintKey: 'CONSOLE.JOBS_HINT',
    permissions: [Permission.jobsView],
  },
  {
    id: 'translations',
    path: PATHS.consoleTranslations,
    titleKey: 'CONSOLE.TRANSLATIONS',
    hintKey: 'CONSOLE.TRANSLATIONS_CARD',
    permissions: [Permission.translationsEdit],
  },
  {
    id: 'reference',
    path: PATHS.consoleReference,
    titleKey: 'CONSOLE.REFERENCE',
    hintKey: 'CONSOLE.REFERENCE_HINT',
    permissions: [Permission.referenceEdit],
  },
];

/** Whether the logged-in user holds any one of the permissions. */
export function useCan(): (...permissions: readonly PermissionKey[]) => boolean {
  const { user } = useAuth();
  const held = user?.permissionsInclude ?? [];
  return (...permissions) => permissions.some((p) => held.includes(p));
}

/** The sections of the console this user may open, as tabs across the top of each console page. */
export function ConsoleNav({ current }: { current: ConsoleSection['id'] | 'home' }) {
  const { t } = useTranslation();
  const can = useCan();
  const sections = CONSOLE_SECTIONS.filter((s) => can(...s.permissions));
  const nav = useRef<HTMLElement>(null);
  // on a phone the tabs scroll sideways: the current one is brought into view once the bar has its width
  useEffect(() => {
    const bar = nav.current;
    if (!bar || typeof ResizeObserver === 'undefined') return;
    const center = () => {
      const active = bar.querySelector<HTMLElement>('[aria-current="page"]');
      if (active && bar.scrollWidth > bar.clientWidth) bar.scrollLeft = active.offsetLeft - (bar.clientWidth - active.offsetWidth) / 2;
    };
    const observer = new ResizeObserver(center);
    observer.observe(bar);
    return () => observer.disconnect();
  }, [current]);
  return (
    <nav ref={nav} className="console-nav tab-strip" aria-label={t('CONSOLE.SECTIONS')}>
      <AppLink to={PATHS.console} className="tab-pill" aria-current={current === 'home' ? 'page' : undefined}>
        {t('CONSOLE.OVERVIEW')}
      </AppLink>
      {sections.map((s) => (
        <AppLink key={s.id} to={s.path} className="tab-pill" aria-current={current === s.id ? 'page' : undefined}>
          {t(s.titleKey)}
        </AppLink>
      ))}
    </nav>
  );
}

/** A whole hour count for ages ("26 h"): the queue's measure against the 24-hour rule. */
export const hoursSince = (iso: string, now = Date.now()): number => Math.max(0, Math.floor((now - Date.parse(iso)) / 3_600_000));
