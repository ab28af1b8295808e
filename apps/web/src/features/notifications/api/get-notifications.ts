import { useQuery } from '@tanstack/react-query';
import type { TNotificationsAnswer } from '@betoch/contracts/saved-searches';
import { apiRequest } from '@/lib/api-client';
import { notificationKeys } from './query-keys';

/** GET /notifications: the newest 50 and the unread count. */
export function getNotifications(signal?: AbortSignal): Promise<TNotificationsAnswer> {
  return apiRequest<TNotificationsAnswer>('/notifications', { signal });
}

export function useNotifications() {
  return useQuery({ queryKey: notificationKeys.list, queryFn: ({ signal }) => getNotifications(signal), staleTime: 0 });
}
