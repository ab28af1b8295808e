import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationsCalls } from '@betoch/contracts/routes/notifications';
import { callApi } from '@/lib/api-client';
import { notificationKeys } from './query-keys';

/** POST /notifications/read-all. */
export function markAllNotificationsRead() {
  return callApi(notificationsCalls.markAllRead);
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
