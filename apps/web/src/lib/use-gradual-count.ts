import { useEffect, useState } from 'react';

/**
 * How many items of a list to draw: items that arrive after the list first shows `step` at a time,
 * one browser task each; those there from the start all at once (a list kept from before, as when
 * coming back to it, so the browser can scroll back to where the person was), or only `first` of
 * them when given (the app's very first screen). Twenty listing cards drawn in one go block a
 * mid-range phone for a few hundred milliseconds, in which taps and scrolling wait; drawn a few at
 * a time the first ones show sooner and the phone answers in between (Lighthouse's total blocking
 * time, docs/performance.md).
 */
export function useGradualCount(total: number, step = 4, first?: number): number {
  const [drawn, setDrawn] = useState(() => Math.max(0, Math.min(total, first ?? total) - step));
  const count = Math.min(total, drawn + step);
  useEffect(() => {
    if (count === drawn) return undefined;
    const timer = setTimeout(() => setDrawn(count), 0);
    return () => clearTimeout(timer);
  }, [count, drawn]);
  return count;
}
