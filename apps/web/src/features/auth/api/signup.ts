import { useMutation } from '@tanstack/react-query';
import type { TSessionAnswer } from '@betoch/contracts/auth';
import type { UserType } from '@betoch/contracts/constants';
import { apiRequest } from '@/lib/api-client';

export interface SignupPayload {
  phone: string;
  code: string;
  name: string;
  email?: string;
  userType: UserType;
  agencyName?: string;
  /** The Terms and the Privacy notice accepted: the server refuses a signup without it. */
  acceptTerms: true;
}

/** POST /auth/signup: creates the account and signs it in. */
export function signup(body: SignupPayload): Promise<TSessionAnswer> {
  return apiRequest<TSessionAnswer>('/auth/signup', { method: 'POST', body });
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
