import { useEffect, useState } from 'react';

/**
 * How many items of a list to draw: items that are there when the list first shows (a list kept
 * from before, as when coming back to it) all at once; items that arrive later `step` at a time,
 * one browser task each. Twenty listing cards drawn in one go block a mid-range phone for a few
 * hundred milliseconds, in which taps and scrolling wait; drawn four at a time the first ones show
 * sooner and the phone answers in between (Lighthouse's total blocking time, docs/performance.md).
 */
export function useGradualCount(total: number, step = 4): number {
  const [drawn, setDrawn] = useState(total);
  const count = Math.min(total, drawn + step);
  useEffect(() => {
    if (count === drawn) return undefined;
    const timer = setTimeout(() => setDrawn(count), 0);
    return () => clearTimeout(timer);
  }, [count, drawn]);
  return count;
}
