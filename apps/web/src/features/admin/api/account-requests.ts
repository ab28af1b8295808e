import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAccountRequestsAnswer, TAdminDeletionAnswer, TAdminDeletionRequest } from '@betoch/contracts/account';
import { adminRequest } from '@/lib/api-client';

export const accountRequestsKey = ['admin', 'account-requests'] as const;

/** GET /admin/account-requests: export and deletion requests with their dates, newest first. */
export function useAccountRequests() {
  return useQuery({
    queryKey: accountRequestsKey,
    queryFn: ({ signal }) => adminRequest<TAccountRequestsAnswer['data']>('/admin/account-requests', { signal }),
  });
}

/** POST /admin/account-requests/deletions {phone, reason}: a verified deletion asked for outside the app. */
export function useAdminDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAdminDeletionRequest) => adminRequest<TAdminDeletionAnswer['data']>('/admin/account-requests/deletions', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountRequestsKey }),
  });
}
