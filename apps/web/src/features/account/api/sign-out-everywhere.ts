import { useMutation } from '@tanstack/react-query';
import { accountCalls } from '@betoch/contracts/routes/account';
import { callApi } from '@/lib/api-client';

/** POST /account/sign-out-everywhere: every token of the account stops working, this one too. */
export function signOutEverywhere() {
  return callApi(accountCalls.signOutEverywhere);
}

export function useSignOutEverywhere() {
  return useMutation({ mutationFn: signOutEverywhere });
}
