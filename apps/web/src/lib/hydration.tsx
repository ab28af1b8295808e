import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';

const Hydrating = createContext(false);

/**
 * Whether the page is still the server's: true on the server and while the browser hydrates its
 * HTML; false in every screen drawn in the browser alone. In the browser it turns false once the
 * hydrating render has committed, as a transition: the components that draw something else then
 * (the session kept on this device, a listing's heart, the rest of a list) are drawn again in
 * slices of a few milliseconds, not in one long task. (As a `useSyncExternalStore` with a server
 * snapshot it turned false in a synchronous render of all of them at once: 140 ms on /browse on
 * this machine without throttling, the longest task of the page; docs/performance.md, 'Figures
 * behind choices in the code'.)
 */
export function HydrationState({ hydrating, children }: { hydrating: boolean; children: ReactNode }): ReactNode {
  const [now, setNow] = useState(hydrating);
  useEffect(() => {
    if (now) startTransition(() => setNow(false));
  }, [now]);
  return <Hydrating.Provider value={now}>{children}</Hydrating.Provider>;
}

/**
 * True while a page is drawn on the server and while the browser hydrates that HTML (HydrationState).
 * What only the browser knows (the session in storage, a choice kept on this device) waits for false,
 * so the hydrating render is the server's exactly (entry-server.tsx, main.tsx).
 */
export function useHydrating(): boolean {
  return useContext(Hydrating);
}
