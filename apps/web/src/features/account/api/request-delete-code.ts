import { useMutation } from '@tanstack/react-query';
import { accountCalls } from '@betoch/contracts/routes/account';
import { callApi } from '@/lib/api-client';

/** POST /account/delete/request-code: a sign-in code to the account's phone, to confirm deletion. */
export function requestDeleteCode() {
  return callApi(accountCalls.requestDeleteCode);
}

export function useRequestDeleteCode() {
  return useMutation({ mutationFn: requestDeleteCode });
}
