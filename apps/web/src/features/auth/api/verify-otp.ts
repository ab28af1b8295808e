import { useMutation } from '@tanstack/react-query';
import type { TSessionAnswer, TVerifyOtpRequest } from '@betoch/contracts/auth';
import { apiRequest } from '@/lib/api-client';

/** POST /auth/verify-otp: signs an existing account in. */
export function verifyOtp(body: TVerifyOtpRequest): Promise<TSessionAnswer> {
  return apiRequest<TSessionAnswer>('/auth/verify-otp', { method: 'POST', body });
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
