import { createContext, useContext } from 'react';

/**
 * The site's own address (`https://betoch.example`) as the server drew the page with (its renderer
 * provides it); in the browser, the page's. For what needs a full address in the page itself,
 * such as a listing's link to share on Telegram without JavaScript.
 */
export const ServerOrigin = createContext('');

export function usePageOrigin(): string {
  const onServer = useContext(ServerOrigin);
  return onServer || (typeof window === 'undefined' ? '' : window.location.origin);
}
