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
  /**
   * On /browse: the call whose answer is the first page of the browse query in `queries` (by its
   * hash), as the call answered it. The service worker keeps it for offline (browseAnswerOf).
   */
  browse?: { url: string; queryHash: string };
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

const STATE_ELEMENT = new RegExp(`<script id="${SSR_STATE_ID}" type="application/json">([\\s\\S]*?)</script>`);

/**
 * The browse call and its answer (JSON) that a page drawn on the server carries in its state, found
 * in the page's HTML; null for any other page. Used by the service worker, which has no document.
 */
export function browseAnswerOf(html: string): { url: string; json: string } | null {
  const element = STATE_ELEMENT.exec(html);
  if (!element) return null;
  let state: SsrState;
  try {
    state = JSON.parse(element[1]!) as SsrState;
  } catch {
    return null;
  }
  const browse = state.browse;
  if (!browse) return null;
  const query = state.queries.queries.find((q) => q.queryHash === browse.queryHash);
  const first = (query?.state.data as { pages?: unknown[] } | undefined)?.pages?.[0];
  return first ? { url: browse.url, json: JSON.stringify(first) } : null;
}
