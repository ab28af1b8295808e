import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { notificationKeys } from './query-keys';

/** POST /notifications/read-all. */
export function markAllNotificationsRead(): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>('/notifications/read-all', { method: 'POST' });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
