import { useMutation } from '@tanstack/react-query';
import type { TAccountCodeAnswer, TPhoneCodeRequest } from '@betoch/contracts/account';
import { apiRequest } from '@/lib/api-client';

/** POST /account/phone/request-code: a code to the new phone (demo mode answers it). */
export function requestPhoneCode(body: TPhoneCodeRequest): Promise<TAccountCodeAnswer> {
  return apiRequest<TAccountCodeAnswer>('/account/phone/request-code', { method: 'POST', body });
}

export function useRequestPhoneCode() {
  return useMutation({ mutationFn: requestPhoneCode });
}
