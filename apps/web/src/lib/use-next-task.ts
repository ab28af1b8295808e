import { useEffect, useState } from 'react';

/**
 * False while a component is first drawn, true from the next browser task on: a page draws what
 * shows first at once and the rest (further down, out of sight on a phone) right after, so no
 * single task blocks a slow phone for long (Lighthouse's total blocking time, docs/performance.md).
 */
export function useNextTask(): boolean {
  const [next, setNext] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setNext(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return next;
}
