import { useIonRouter } from '@ionic/react';
import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { appEvents } from './events';
import { PATHS } from './paths';

/**
 * The router's current location, read once at the top of the app. Ionic keeps hidden pages of
 * the stack mounted; their guards compare against this location, not against their own route.
 */
export interface CurrentLocation {
  pathname: string;
  search: string;
}

const CurrentLocationContext = createContext<CurrentLocation | null>(null);

export function CurrentLocationProvider({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const value = useMemo(() => ({ pathname, search }), [pathname, search]);
  useDeepLinks();
  return <CurrentLocationContext.Provider value={value}>{children}</CurrentLocationContext.Provider>;
}

/**
 * The page a link opened the running native app with (the `deep-link` event of lib/native/shell.ts),
 * or a tapped / clicked notification (lib/native/push.ts, lib/pwa.ts), shown through Ionic's
 * router. Here because this provider is the one part of lib/ mounted inside the router.
 */
function useDeepLinks(): void {
  const navigate = useAppNavigate();
  useEffect(() => appEvents.on('deep-link', ({ path }) => navigate(path)), [navigate]);
}

export function useCurrentLocation(): CurrentLocation {
  const value = useContext(CurrentLocationContext);
  if (!value) throw new Error('useCurrentLocation needs CurrentLocationProvider');
  return value;
}

/** SPEC §2: "onboarding is active" while the onboarding page is shown. */
export const useIsOnboarding = (): boolean => useCurrentLocation().pathname === PATHS.onboarding;

export type NavigationMode = 'forward' | 'back' | 'root';

/** Navigation through Ionic's router (keeps its page stack and transitions right). */
export function useAppNavigate(): (path: string, mode?: NavigationMode) => void {
  const router = useIonRouter();
  const push = router.push;
  return useCallback((path: string, mode: NavigationMode = 'forward') => push(path, mode, mode === 'root' ? 'replace' : 'push'), [push]);
}
