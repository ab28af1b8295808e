import type { TSessionAnswer, TSignupRequest } from '@betoch/contracts/auth';
import { apiRequest } from '@/lib/api-client';

/** POST /auth/signup: creates the landlord's account with the same code and signs it in. */
export function signup(body: TSignupRequest): Promise<TSessionAnswer> {
  return apiRequest<TSessionAnswer>('/auth/signup', { method: 'POST', body });
}
