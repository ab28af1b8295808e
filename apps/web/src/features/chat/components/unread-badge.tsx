import { useTexts } from '@/lib/use-texts';
import { useQueryClient } from '@tanstack/react-query';
import type { TUnreadCountAnswer } from '@betoch/contracts/conversations';
import { APP_EVENTS } from '@/lib/app-events';
import { useCountRefresh } from '@/lib/use-count-refresh';
import { useSession } from '@/lib/session';
import { chatKeys } from '../api/query-keys';
import { useUnreadCount } from '../api/unread-count';
import { useRealtime } from '../hooks/use-realtime';
import { unreadBadgeText } from '../lib/unread-badge';
import styles from './unread-badge.module.css';

/**
 * The unread count beside the Messages link: asked every 30 s, again on
 * `messageReceived`, and set at once by the event stream's `unread` events. Failures are only
 * logged. Renders nothing at 0.
 */
export function UnreadBadge() {
  // Not suspended: the bar shows the count at once; the spoken label follows when loaded.
  const { t, ready } = useTexts('chat', { useSuspense: false });
  const session = useSession();
  const token = session.isAuthenticated ? session.token : null;
  const unread = useUnreadCount(Boolean(token));
  const queryClient = useQueryClient();

  useRealtime(token, {
    onUnread: (count) => queryClient.setQueryData<TUnreadCountAnswer>(chatKeys.unread, { ok: true, count }),
  });
  useCountRefresh({
    event: APP_EVENTS.messageReceived,
    queryKey: chatKeys.unread,
    enabled: Boolean(token),
    error: unread.error,
    what: 'the unread message count',
  });

  const count = token ? unread.data?.count : undefined;
  const text = unreadBadgeText(count);
  if (!text) return null;
  return (
    <span className={styles.count} data-testid="unread-badge">
      <span aria-hidden={ready || undefined}>{text}</span>
      {ready ? <span className="visually-hidden">{` (${t('badge.unread', { count })})`}</span> : null}
    </span>
  );
}
