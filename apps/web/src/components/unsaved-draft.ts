import { useEffect, useRef } from 'react';
import { unsavedChanges } from '../lib/unsaved-changes';

/**
 * lib/use-unsaved-changes.ts for the widget and guest-app pages (SPEC §4: the menu asks before
 * leaving a dirty form; "No" calls `discard`; the browser asks before a reload or tab close). The
 * same few lines, kept in the widgets chunk: importing the lib hook from a second chunk would split
 * it off the profile page into a chunk of its own, named in the first bundle's preload lists.
 */
export function useUnsavedDraft(path: string, dirty: boolean, discard: () => void): void {
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
