import { useLocation } from 'react-router';
import { AppLink, type AppLinkProps } from './app-link';

export interface NavItemLinkProps extends Omit<AppLinkProps, 'className'> {
  /** A class, or the class for whether the link is the page shown's. */
  className?: string | ((current: boolean) => string);
}

/**
 * Whether `to` is the page shown or a page under it (`/wallet` on /wallet/topup), in either case
 * of letters; `/` only on itself: where React Router's NavLink marks a link current.
 */
export function isCurrentPath(pathname: string, to: string): boolean {
  const here = pathname.toLowerCase();
  const target = (to.split(/[?#]/, 1)[0] ?? '').toLowerCase();
  const end = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  return here === target || (here.startsWith(target) && here.charAt(end) === '/');
}

/**
 * A link of a menu or a bar (AppLink) that says when it is the page shown (`aria-current="page"`,
 * and its class), as React Router's NavLink does without its seven hooks per link.
 */
export function NavItemLink({ to, className, ...rest }: NavItemLinkProps) {
  const { pathname } = useLocation();
  const current = isCurrentPath(pathname, to);
  return <AppLink {...rest} to={to} aria-current={current ? 'page' : undefined} className={typeof className === 'function' ? className(current) : className} />;
}
