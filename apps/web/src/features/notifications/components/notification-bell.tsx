import { memo } from 'react';
import { NavItemLink } from '@/components/ui/nav-item-link';
import { useTexts } from '@/lib/use-texts';
import { UNREAD_BADGE_MAX } from '@betoch/contracts/constants';
import { BellIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { APP_EVENTS } from '@/lib/app-events';
import { useCountRefresh } from '@/lib/use-count-refresh';
import { useSession } from '@/lib/session';
import { notificationKeys } from '../api/query-keys';
import { useUnreadNotifications } from '../api/unread-notifications';
import styles from './notification-bell.module.css';

/**
 * The bell of the top bar: a link to /notifications with the unread count, asked every
 * 30 s and again at once when the event stream says the count changed (the chat's stream carries
 * a `notifications` event, lib/app-events). Signed in only; nothing at all otherwise, so the
 * server's drawing (signed out) and the hydrating render agree. Memoised: the top bar draws again
 * on every session and route change, the bell only when its own state changes. (Its module is
 * loaded on demand by the top bar and stays its own chunk, out of public pages' first load.)
 */
export const NotificationBell = memo(function NotificationBell() {
  const { t, ready } = useTexts('alerts', { useSuspense: false });
  const session = useSession();
  const signedIn = session.isAuthenticated;
  const unread = useUnreadNotifications(signedIn);
  useCountRefresh({
    event: APP_EVENTS.notificationsChanged,
    queryKey: notificationKeys.unread,
    enabled: signedIn,
    error: unread.error,
    what: 'the notifications count',
  });

  if (!signedIn) return null;
  const count = unread.data?.count ?? 0;
  const label = !ready ? undefined : count > 0 ? t('bell.labelUnread', { count }) : t('bell.label');
  return (
    <NavItemLink
      to={paths.notifications}
      className={(current) => `${styles.bell} ${current ? styles.active : ''}`}
      aria-label={label}
      data-testid="notification-bell"
    >
      <BellIcon size={22} />
      {count > 0 ? (
        <span className={styles.count} data-testid="notification-count" aria-hidden="true">
          {count > UNREAD_BADGE_MAX ? `${UNREAD_BADGE_MAX}+` : count}
        </span>
      ) : null}
    </NavItemLink>
  );
});
