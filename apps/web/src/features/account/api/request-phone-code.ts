import { useMutation } from '@tanstack/react-query';
import type { TPhoneCodeRequest } from '@betoch/contracts/account';
import { accountCalls } from '@betoch/contracts/routes/account';
import { callApi } from '@/lib/api-client';

/** POST /account/phone/request-code: a code to the new phone (demo mode answers it). */
export function requestPhoneCode(body: TPhoneCodeRequest) {
  return callApi(accountCalls.requestPhoneCode, { body });
}

export function useRequestPhoneCode() {
  return useMutation({ mutationFn: requestPhoneCode });
}
