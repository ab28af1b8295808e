import { useMutation } from '@tanstack/react-query';
import type { TOkAnswer } from '@betoch/contracts/common';
import { apiRequest } from '@/lib/api-client';

/** POST /account/sign-out-everywhere: every token of the account stops working, this one too. */
export function signOutEverywhere(): Promise<TOkAnswer> {
  return apiRequest<TOkAnswer>('/account/sign-out-everywhere', { method: 'POST' });
}

export function useSignOutEverywhere() {
  return useMutation({ mutationFn: signOutEverywhere });
}
