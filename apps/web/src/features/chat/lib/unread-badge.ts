import { UNREAD_BADGE_MAX } from '@betoch/contracts/constants';

/** What an unread badge says: the count, '99+' above 99, nothing (null) at 0. */
export function unreadBadgeText(count: number | undefined | null): string | null {
  if (!count || count <= 0) return null;
  return count > UNREAD_BADGE_MAX ? `${UNREAD_BADGE_MAX}+` : String(count);
}
