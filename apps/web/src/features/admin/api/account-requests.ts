import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAdminDeletionRequest } from '@betoch/contracts/account';
import { accountCalls } from '@betoch/contracts/routes/account';
import { callAdmin } from '@/lib/api-client';

export const accountRequestsKey = ['admin', 'account-requests'] as const;

/** GET /admin/account-requests: export and deletion requests with their dates, newest first. */
export function useAccountRequests() {
  return useQuery({
    queryKey: accountRequestsKey,
    queryFn: ({ signal }) => callAdmin(accountCalls.listAccountRequests, {}, { signal }),
  });
}

/** POST /admin/account-requests/deletions {phone, reason}: a verified deletion asked for outside the app. */
export function useAdminDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAdminDeletionRequest) => callAdmin(accountCalls.deleteAccountAsAdmin, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountRequestsKey }),
  });
}
