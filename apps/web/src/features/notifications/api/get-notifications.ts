import { useQuery } from '@tanstack/react-query';
import { notificationsCalls } from '@betoch/contracts/routes/notifications';
import { callApi } from '@/lib/api-client';
import { notificationKeys } from './query-keys';

/** GET /notifications: the newest 50 and the unread count. */
export function getNotifications(signal?: AbortSignal) {
  return callApi(notificationsCalls.listNotifications, {}, { signal });
}

export function useNotifications() {
  return useQuery({ queryKey: notificationKeys.list, queryFn: ({ signal }) => getNotifications(signal), staleTime: 0 });
}
