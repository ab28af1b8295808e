import { useMutation } from '@tanstack/react-query';
import type { TDeleteAccountRequest } from '@betoch/contracts/account';
import { accountCalls } from '@betoch/contracts/routes/account';
import { callApi } from '@/lib/api-client';

/** POST /account/delete: the account is deleted for good. */
export function deleteAccount(body: TDeleteAccountRequest) {
  return callApi(accountCalls.deleteAccount, { body });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
