import type { TMeAnswer, TUser } from '@betoch/contracts/auth';
import { apiRequest } from '@/lib/api-client';

/** GET /auth/me: the user after posting (a tenant who posts has become a landlord). */
export async function getMe(): Promise<TUser> {
  const { ok: _ok, ...user } = await apiRequest<TMeAnswer>('/auth/me');
  return user;
}
