import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { afterNextPaint } from './after-paint';
import { useHydrating } from './hydration';

/**
 * Its children from the task after its first drawing has been shown: a page draws what shows first
 * at once and the rest (further down, out of sight on a phone) right after the first paint, so no
 * single task blocks a slow phone for long and the first screen shows as early as it can
 * (Lighthouse's total blocking time and largest paint, docs/performance.md). A page drawn on the
 * server is drawn whole (a phone without JavaScript reads all of it), and hydrated whole. A
 * component of its own rather than a hook: only it is drawn again when hydration ends.
 */
export function NextTask({ children }: { children: ReactNode }): ReactNode {
  const hydrating = useHydrating();
  const [next, setNext] = useState(hydrating);
  useEffect(() => (next ? undefined : afterNextPaint(() => startTransition(() => setNext(true)))), [next]);
  return next ? children : null;
}
