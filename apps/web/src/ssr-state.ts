import type { DehydratedState } from '@tanstack/react-query';
import type { Language } from '@betoch/contracts/constants';

/** The id of the script element in which the server hands a drawn page's state to the browser. */
export const SSR_STATE_ID = 'ssr-state';

/** What the server drew a page with (entry-server.tsx), for the browser to hydrate it (main.tsx). */
export interface SsrState {
  lng: Language;
  /** The text namespaces the page used. */
  ns: string[];
  dataSaver: boolean;
  /** False when the browser must draw the page itself (a call failed, a 404). */
  hydrate: boolean;
  queries: DehydratedState;
}

/** The state of the page the server drew, taken out of the page; null for a page it did not draw. */
export function takeSsrState(): SsrState | null {
  const element = document.getElementById(SSR_STATE_ID);
  if (!element) return null;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '') as SsrState;
  } catch {
    return null;
  }
}
