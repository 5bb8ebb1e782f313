import { useDeferredValue } from 'react';

/**
 * A query's answer as the page should render it: at transition priority, which React renders in
 * slices between which the browser can answer taps. A query's answer alone is rendered at once,
 * in one task (react-query reads its cache through useSyncExternalStore), and so is a page that
 * mounts with its answer already there (the router outlet mounts pages at once): a page of 100
 * rows was a long task either way. `null` until the deferred render; never late to go away.
 */
export function useDeferredAnswer<T>(data: T | undefined): T | null {
  const deferred = useDeferredValue(data ?? null, null);
  return data === undefined ? null : deferred;
}
