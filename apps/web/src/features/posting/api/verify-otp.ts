import type { TSessionAnswer, TVerifyOtpRequest } from '@betoch/contracts/auth';
import { apiRequest } from '@/lib/api-client';

/** POST /auth/verify-otp: signs an existing account in (404 user_not_found for a new phone). */
export function verifyOtp(body: TVerifyOtpRequest): Promise<TSessionAnswer> {
  return apiRequest<TSessionAnswer>('/auth/verify-otp', { method: 'POST', body });
}
