import { useMutation } from '@tanstack/react-query';
import type { TAccountCodeAnswer } from '@betoch/contracts/account';
import { apiRequest } from '@/lib/api-client';

/** POST /account/delete/request-code: a sign-in code to the account's phone, to confirm deletion. */
export function requestDeleteCode(): Promise<TAccountCodeAnswer> {
  return apiRequest<TAccountCodeAnswer>('/account/delete/request-code', { method: 'POST' });
}

export function useRequestDeleteCode() {
  return useMutation({ mutationFn: requestDeleteCode });
}
