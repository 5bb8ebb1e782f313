import { useEffect, useState } from 'react';

/** The one wide breakpoint of the visual system (theme/README.md "Two panes from 1250 px"). */
export const PANES_QUERY = '(min-width: 1250px)';

/** Whether the window is at least 1250 px wide (two panes), following resizes and rotation. */
export function useWide(): boolean {
  const [wide, setWide] = useState(() => typeof window !== 'undefined' && window.matchMedia?.(PANES_QUERY).matches === true);
  useEffect(() => {
    const query = window.matchMedia?.(PANES_QUERY);
    if (!query) return;
    const update = () => setWide(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return wide;
}
