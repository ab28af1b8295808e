import { useMutation } from '@tanstack/react-query';
import type { TVerifyOtpRequest } from '@betoch/contracts/auth';
import { authCalls } from '@betoch/contracts/routes/auth';
import { callApi } from '@/lib/api-client';

/** POST /auth/verify-otp: signs an existing account in (404 user_not_found for a new phone). */
export function verifyOtp(body: TVerifyOtpRequest) {
  return callApi(authCalls.verifyOtp, { body });
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
