import { notificationsCalls } from '@betoch/contracts/routes/notifications';
import { callApi } from '@/lib/api-client';
import { notificationKeys } from './query-keys';
import { useReloadingMutation } from '@/lib/use-reloading-mutation';

/** POST /notifications/read-all. */
export function markAllNotificationsRead() {
  return callApi(notificationsCalls.markAllRead);
}

export function useMarkAllNotificationsRead() {
  return useReloadingMutation(markAllNotificationsRead, [notificationKeys.all], { background: true });
}
