import { useMutation } from '@tanstack/react-query';
import type { TRequestOtpAnswer, TRequestOtpRequest } from '@betoch/contracts/auth';
import { apiRequest } from '@/lib/api-client';

/** POST /auth/request-otp: sends the landlord a code; in demo mode the answer carries it. */
export function requestOtp(body: TRequestOtpRequest): Promise<TRequestOtpAnswer> {
  return apiRequest<TRequestOtpAnswer>('/auth/request-otp', { method: 'POST', body });
}

export function useRequestOtp() {
  return useMutation({ mutationFn: requestOtp });
}
