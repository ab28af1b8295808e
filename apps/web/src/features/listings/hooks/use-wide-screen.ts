import { useSyncExternalStore } from 'react';

/**
 * Wide enough for the /browse filters in one row (browse-filters.module.css uses the same width).
 * Narrower, on a phone, the results come first and the filters wait in a sheet.
 */
export const WIDE_SCREEN_QUERY = '(min-width: 900px)';

function media(): MediaQueryList | undefined {
  return typeof window.matchMedia === 'function' ? window.matchMedia(WIDE_SCREEN_QUERY) : undefined;
}

function subscribe(onChange: () => void): () => void {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** Without matchMedia (tests in jsdom) the screen counts as wide. */
const isWide = () => media()?.matches ?? true;

/** Whether the screen is wide (a tablet across, a computer): follows rotation and resizing. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, isWide, () => true);
}
