import { notificationsCalls } from '@betoch/contracts/routes/notifications';
import { callApi } from '@/lib/api-client';
import { useBadgeCount } from '@/lib/use-badge-count';
import { notificationKeys } from './query-keys';

/** GET /notifications/unread-count: the bell's number. */
export function getUnreadNotifications(signal?: AbortSignal) {
  return callApi(notificationsCalls.unreadCount, {}, { signal });
}

/** The bell's count while signed in: asked every 30 s, and again whenever the event stream says so. */
export function useUnreadNotifications(enabled: boolean) {
  return useBadgeCount(notificationKeys.unread, getUnreadNotifications, enabled);
}
