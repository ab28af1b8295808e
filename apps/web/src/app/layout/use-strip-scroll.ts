import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * The mobile strip scrolls sideways: after each navigation the current page's link is brought
 * into view, so a person on /wallet sees 'Wallet' highlighted even when it sits past the edge.
 */
export function useStripScroll<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const strip = ref.current;
    const active = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!strip || !active) return;
    const left = active.offsetLeft - strip.offsetLeft;
    const right = left + active.offsetWidth;
    if (left < strip.scrollLeft || right > strip.scrollLeft + strip.clientWidth) {
      strip.scrollLeft = Math.max(0, right - strip.clientWidth + 32);
    }
  }, [pathname]);
  return ref;
}
