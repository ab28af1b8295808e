import type { ReactNode } from 'react';
import { useHydrating } from './hydration';

/**
 * Its children once the page is hydrated, nothing on the server and while the browser hydrates
 * (what only the browser knows: the user, a share sheet, a choice kept on this device). A small
 * component of its own, so that when hydration ends React draws again only it, not the page
 * around it (on /l/{id} the whole page once did: docs/performance.md, 'Figures behind choices in the code').
 */
export function WhenHydrated({ children }: { children: ReactNode }): ReactNode {
  return useHydrating() ? null : children;
}
