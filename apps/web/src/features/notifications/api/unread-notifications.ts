import { useQuery } from '@tanstack/react-query';
import { UNREAD_REFRESH_MS } from '@betoch/contracts/constants';
import { notificationsCalls } from '@betoch/contracts/routes/notifications';
import { callApi } from '@/lib/api-client';
import { notificationKeys } from './query-keys';

/** GET /notifications/unread-count: the bell's number. */
export function getUnreadNotifications(signal?: AbortSignal) {
  return callApi(notificationsCalls.unreadCount, {}, { signal });
}

/** The bell's count while signed in: asked every 30 s, and again whenever the event stream says so. */
export function useUnreadNotifications(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) => getUnreadNotifications(signal),
    enabled,
    staleTime: 0,
    refetchInterval: UNREAD_REFRESH_MS,
    // Signed out and in as someone else: never the last account's count.
    gcTime: 0,
  });
}
