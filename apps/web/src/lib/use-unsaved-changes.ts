import { useEffect, useRef } from 'react';
import { unsavedChanges } from './unsaved-changes';

/**
 * Registers a page's dirty form as unsaved changes (SPEC §4) while it is dirty and mounted; the
 * browser also asks before the tab is closed or reloaded. `discard` resets the form (the menu's
 * "No"). Only lazy pages use this, so it stays out of the first bundle.
 */
export function useUnsavedChanges(path: string, dirty: boolean, discard: () => void): void {
  const latest = useRef(discard);
  useEffect(() => {
    latest.current = discard;
  });
  useEffect(() => {
    if (!dirty) return;
    unsavedChanges.set(path, () => latest.current());
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      unsavedChanges.clear(path);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [path, dirty]);
}
