import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An address in the app: a path (`/l/{id}`) with its query if any, or a query (`?cursor=…`) or fragment of the page shown. */
  to: string;
  /** Kept with the new entry of the history (React Router's location state). */
  state?: unknown;
  /** Replaces the current entry of the history instead of adding one. */
  replace?: boolean;
  /** Left to the browser: the whole page loads from the server (a fresh start after an error, a sign-in away from the app). */
  reloadDocument?: boolean;
}

/** A press on a link that opens it in a new tab or window (a modifier key, another button). */
export function isNewTabPress(event: MouseEvent): boolean {
  return event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0;
}

/** An address with a scheme (`https:`, `tg:`) or a host (`//`): outside the app. */
const ELSEWHERE = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/**
 * The address a link goes to, whole: a query or a fragment alone is the page shown's (an empty
 * query is none), as React Router writes them; anything else as the browser reads it from here.
 */
function addressOf(to: string, pathname: string, search: string): string {
  if (to.startsWith('/') || ELSEWHERE.test(to)) return to;
  if (to.startsWith('?')) return to === '?' ? pathname : `${pathname}${to}`;
  if (to.startsWith('#')) return `${pathname}${search}${to}`;
  const url = new URL(to, `http://app${pathname}`);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * A link within the app: a plain <a href>, which the browser follows before the page's code has
 * run and without JavaScript, and which the app's router follows in place once it runs (as React
 * Router's Link does, to the same address as the href; a link to the page shown replaces it).
 * React Router's Link also works out addresses relative to the route, data routers' discovery and
 * prefetching, which this app does not use: its hooks made each link cost the server several
 * times what an <a> does (a listing page has 28 links, /browse 45; docs/performance.md).
 */
export function AppLink({ to, state, replace, reloadDocument = false, onClick, target, ...rest }: AppLinkProps) {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const href = addressOf(to, pathname, search);
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || reloadDocument || ELSEWHERE.test(href) || isNewTabPress(event) || (Boolean(target) && target !== '_self')) return;
        event.preventDefault();
        void navigate(href, { state, replace: replace ?? href === `${pathname}${search}${hash}` });
      }}
    />
  );
}
