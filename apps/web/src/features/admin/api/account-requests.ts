import { useQuery } from '@tanstack/react-query';
import type { TAdminDeletionRequest } from '@betoch/contracts/account';
import { accountCalls } from '@betoch/contracts/routes/account';
import { callAdmin } from '@/lib/api-client';
import { useReloadingMutation } from '@/lib/use-reloading-mutation';

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
  return useReloadingMutation((body: TAdminDeletionRequest) => callAdmin(accountCalls.deleteAccountAsAdmin, { body }), [accountRequestsKey], { settled: true });
}
