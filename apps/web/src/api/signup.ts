import { useMutation } from '@tanstack/react-query';
import type { TSignupRequest } from '@betoch/contracts/auth';
import { authCalls } from '@betoch/contracts/routes/auth';
import { callApi } from '@/lib/api-client';

/**
 * POST /auth/signup: creates the account with the sign-in code and signs it in. The Terms and
 * the Privacy notice must be accepted (acceptTerms): the server refuses a signup without it.
 */
export function signup(body: TSignupRequest) {
  return callApi(authCalls.signup, { body });
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
