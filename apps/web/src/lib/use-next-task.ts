import { useEffect, useState } from 'react';
import { afterNextPaint } from './after-paint';

/**
 * False while a component is first drawn, true once that drawing has been shown: a page draws what
 * shows first at once and the rest (further down, out of sight on a phone) right after the first
 * paint, so no single task blocks a slow phone for long and the first screen shows as early as it
 * can (Lighthouse's total blocking time and largest paint, docs/performance.md).
 */
export function useNextTask(): boolean {
  const [next, setNext] = useState(false);
  useEffect(() => afterNextPaint(() => setNext(true)), []);
  return next;
}
