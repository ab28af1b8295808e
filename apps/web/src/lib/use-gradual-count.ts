import { startTransition, useEffect, useState } from 'react';
import { afterNextPaint } from './after-paint';
import { useHydrating } from './hydration';

/**
 * How many items of a list to draw: items that arrive after the list first shows `step` at a time,
 * one browser task each; those there from the start all at once (a list kept from before, as when
 * coming back to it, so the browser can scroll back to where the person was), or only `first` of
 * them when given (the app's very first screen), the rest coming once that screen has been shown.
 * Twenty listing cards drawn in one go block a mid-range phone for a few hundred milliseconds, in
 * which taps and scrolling wait; drawn a few at a time the first ones show sooner and the phone
 * answers in between (Lighthouse's total blocking time, docs/performance.md). A list the server
 * draws has `serverFirst` items in its HTML (all when not given): the browser hydrates those and
 * draws the rest in steps once the page is shown. (A page of cards drawn whole on the server took
 * most of its render time and, on 3G, a third of its bytes, for cards below the first screen.)
 */
export function useGradualCount(total: number, step = 4, first?: number, serverFirst?: number): number {
  const hydrating = useHydrating();
  const [start] = useState(() => Math.min(total, (hydrating ? serverFirst : first) ?? total));
  const [drawn, setDrawn] = useState(() => (hydrating && start === total ? total : Math.max(0, start - step)));
  const count = Math.min(total, drawn + step);
  useEffect(() => {
    if (count === drawn) return undefined;
    // The first screen is shown before anything more is drawn; after that, one step at a time, each
    // a transition: React draws it in slices of a few milliseconds (a render at the default
    // priority is one task, the whole list's page with it).
    const more = () => startTransition(() => setDrawn(count));
    if (drawn + step === start && start < total) return afterNextPaint(more);
    const timer = setTimeout(more, 0);
    return () => clearTimeout(timer);
  }, [count, drawn, start, step, total]);
  return count;
}
