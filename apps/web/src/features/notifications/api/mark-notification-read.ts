import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TNotificationsUnreadAnswer } from '@betoch/contracts/saved-searches';
import { notificationsCalls } from '@betoch/contracts/routes/notifications';
import { callApi } from '@/lib/api-client';
import { notificationKeys } from './query-keys';

/** POST /notifications/{id}/read: answers the unread count left. */
export function markNotificationRead(id: string) {
  return callApi(notificationsCalls.markRead, { params: { id } });
}

/** Opening a notification: the bell shows the new count at once, the list is read again. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: (answer) => {
      queryClient.setQueryData<TNotificationsUnreadAnswer>(notificationKeys.unread, answer);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
    },
  });
}
