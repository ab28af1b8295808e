import type { TUser } from '@betoch/contracts/auth';
import type { UserType } from '@betoch/contracts/constants';
import { paths } from '@/config/paths';
import { hasRole } from '@/lib/session';

/** Links that carry a badge: Messages (unread count) and the broker's Wallet (post credits). */
export type NavLinkKind = 'messages' | 'wallet';

export interface NavLink {
  to: string;
  /** Key in the common namespace. */
  labelKey: string;
  kind?: NavLinkKind;
}

/** The role's home: tenants browse, landlords and brokers manage their listings. */
export function homeFor(user: TUser | null, userType: UserType | null): string {
  if (!user) return paths.home;
  const type = userType ?? user.userType;
  return type === 'landlord' || type === 'delala' ? paths.myListings : paths.browse;
}

/** Top links of the global layout, by role. */
export function navLinksFor(user: TUser | null, userType: UserType | null): NavLink[] {
  if (!user) return [{ to: paths.browse, labelKey: 'nav.browse' }];
  const type = userType ?? user.userType;
  const links: NavLink[] = [];
  if (type === 'tenant') links.push({ to: paths.browse, labelKey: 'nav.browse' });
  if (hasRole(user, 'admin')) links.push({ to: paths.admin, labelKey: 'nav.admin' });
  links.push({ to: paths.chat, labelKey: 'nav.messages', kind: 'messages' });
  if (type === 'tenant') links.push({ to: paths.myUnlocks, labelKey: 'nav.myUnlocks' });
  if (type === 'landlord' || type === 'delala') links.push({ to: paths.myListings, labelKey: 'nav.myListings' });
  if (type === 'delala') {
    links.push({ to: paths.postDelala, labelKey: 'nav.postProperty' });
    links.push({ to: paths.wallet, labelKey: 'nav.wallet', kind: 'wallet' });
  }
  return links;
}

/**
 * Where the 'Post property' menu sits on a phone: in the link row for visitors and landlords (for
 * whom posting is a main task), in the account menu for tenants (the row keeps their three or
 * four links whole at 360 px). Brokers have their direct link instead.
 */
export function postMenuPlace(user: TUser | null, userType: UserType | null): 'links' | 'account' | 'none' {
  if (!user) return 'links';
  const type = userType ?? user.userType;
  if (type === 'delala') return 'none';
  return type === 'landlord' ? 'links' : 'account';
}

/** Wallet in the avatar menu for everyone but landlords (their profile menu does not show it). */
export function showWalletInMenu(user: TUser | null, userType: UserType | null): boolean {
  const type = userType ?? user?.userType;
  return Boolean(user) && type !== 'landlord';
}
