import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUser } from '@betoch/contracts/auth';
import { authCalls } from '@betoch/contracts/routes/auth';
import { callApi } from '@/lib/api-client';

/** One cache entry per token: an answer for an ended session never reaches the next one. */
export const meQueryKey = (token: string | null) => ['auth', 'me', token] as const;

/** GET /auth/me: the signed-in user as the server has it now (a tenant who posts has become a landlord). */
export async function getMe(): Promise<TUser> {
  const { ok: _ok, ...user } = await callApi(authCalls.me);
  return user;
}

export function meQueryOptions(token: string | null) {
  return queryOptions({ queryKey: meQueryKey(token), queryFn: getMe, enabled: Boolean(token), staleTime: 30_000, retry: false });
}

/** The signed-in user, refreshed from the server; off without a token. */
export function useMe(token: string | null) {
  return useQuery(meQueryOptions(token));
}
