import { authStore } from './auth-store';

/**
 * Loads the realtime client (lib/realtime.ts, a lazy chunk: the first bundle has no room for it)
 * once someone is logged in; from then on it follows the session itself. Returns the stop.
 */
export function startRealtimeWhenLoggedIn(): () => void {
  let started: Promise<(() => void) | undefined> | undefined;
  const check = () => {
    // a chunk that failed to load (offline, a new deployment) is tried again at the next session change
    if (!started && authStore.getState().stored) started = import('./realtime').then((m) => m.startRealtime(), () => (started = undefined));
  };
  const unsubscribe = authStore.subscribe(check);
  check();
  return () => {
    unsubscribe();
    void started?.then((stop) => stop?.());
  };
}
