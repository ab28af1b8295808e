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

/**
 * Whether the screen is wide (a tablet across, a computer): follows rotation and resizing. The
 * server cannot know the screen and draws the phone's layout (most visitors are on phones: their
 * first paint, before any script, shows the listings first and nothing moves when the app wakes);
 * a wide screen switches to the inline form once hydrated.
 */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, isWide, () => false);
}
