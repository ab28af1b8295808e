import { useMutation } from '@tanstack/react-query';
import type { TDeleteAccountRequest } from '@betoch/contracts/account';
import type { TOkAnswer } from '@betoch/contracts/common';
import { apiRequest } from '@/lib/api-client';

/** POST /account/delete: the account is deleted for good. */
export function deleteAccount(body: TDeleteAccountRequest): Promise<TOkAnswer> {
  return apiRequest<TOkAnswer>('/account/delete', { method: 'POST', body });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
