import { useMemo } from 'react';
import { useTranslation } from '../../lib/translator';
import type { AppMenuItem } from '../../lib/app-menu';
import { logout, useAuth } from '../../lib/auth';
import { config } from '../../lib/config';
import { useAppNavigate, useCurrentLocation } from '../../lib/navigation';
import { PATHS } from '../../lib/paths';
import { helpUrl, menuNavigation, visibleMenuEntries } from '../menu';
import { pathOfPage, REGISTERED_PAGES } from '../routes';
import { leaveGuarded } from '../../lib/leave-guard';

/** The visible menu entries of the current user with what choosing each one does (SPEC §2). */
export function useMenuItems(): AppMenuItem[] {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const { pathname } = useCurrentLocation();
  const navigate = useAppNavigate();
  const language = i18n.language;

  return useMemo(
    () =>
      visibleMenuEntries(user, REGISTERED_PAGES).map((entry) => ({
        id: entry.id,
        titleKey: entry.titleKey,
        icon: entry.icon ?? '',
        active: entry.page !== undefined && pathOfPage(entry.page) === pathname,
        select() {
          const action = menuNavigation(entry, pathname, pathOfPage, helpUrl(language, config));
          switch (action.kind) {
            case 'none':
              return;
            case 'root':
            case 'navigate':
              // SPEC §4: unsaved changes on the current page are asked about first
              return leaveGuarded(pathname, () => navigate(action.path, action.kind === 'root' ? 'root' : 'forward'), t);
            case 'external':
              window.open(action.url, '_blank', 'noopener,noreferrer');
              return;
            case 'logout':
              return leaveGuarded(pathname, () => void logout().then(() => navigate(PATHS.login, 'root')), t);
          }
        },
      })),
    [user, pathname, navigate, language, t],
  );
}
