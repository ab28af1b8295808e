import { useEffect, useState } from 'react';
import { afterNextPaint } from './after-paint';
import { useHydrating } from './hydration';

/**
 * False while a component is first drawn, true once that drawing has been shown: a page draws what
 * shows first at once and the rest (further down, out of sight on a phone) right after the first
 * paint, so no single task blocks a slow phone for long and the first screen shows as early as it
 * can (Lighthouse's total blocking time and largest paint, docs/performance.md). A page drawn on
 * the server is drawn whole (a phone without JavaScript reads all of it), and hydrated whole.
 */
export function useNextTask(): boolean {
  const hydrating = useHydrating();
  const [next, setNext] = useState(hydrating);
  useEffect(() => (next ? undefined : afterNextPaint(() => setNext(true))), [next]);
  return next;
}
