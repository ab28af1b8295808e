import { useSyncExternalStore } from 'react';

const noSubscribe = () => () => undefined;

/**
 * True while a page is drawn on the server and while the browser hydrates that HTML; false once
 * hydrated and in every screen drawn in the browser alone. What only the browser knows (the
 * session in storage, a choice kept on this device) waits for false, so the hydrating render is
 * the server's exactly (entry-server.tsx, main.tsx).
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => false,
    () => true,
  );
}
