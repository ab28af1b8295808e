import { useMutation } from '@tanstack/react-query';
import type { TRequestOtpRequest } from '@betoch/contracts/auth';
import { authCalls } from '@betoch/contracts/routes/auth';
import { callApi } from '@/lib/api-client';

/** POST /auth/request-otp: sends a sign-in code; in demo mode the answer carries it. */
export function requestOtp(body: TRequestOtpRequest) {
  return callApi(authCalls.requestOtp, { body });
}

export function useRequestOtp() {
  return useMutation({ mutationFn: requestOtp });
}
