import { startTransition, useEffect, useState } from 'react';

/** Rows rendered in the first pass, and added in each pass after it. */
export const ROWS_PER_PASS = 24;

/**
 * How many of `total` rows to render now: the first `step` at once, the rest `step` more per
 * pass, each pass a transition of its own after the one before was shown. A list of 100 rows
 * was one render and one commit (~150 ms on a slow phone, taps waiting); the first rows now show
 * sooner and no pass holds the main thread long. A list that grows later is caught up the same way.
 */
export function useProgressiveCount(total: number, step = ROWS_PER_PASS): number {
  const [shown, setShown] = useState(step);
  useEffect(() => {
    if (shown >= total) return;
    // after the browser has painted this pass
    const timer = setTimeout(() => startTransition(() => setShown((n) => n + step)), 0);
    return () => clearTimeout(timer);
  }, [shown, total, step]);
  return Math.min(total, shown);
}
